import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { event } from '@/test/content-fixtures';
import { renderApp } from '@/test/render';
import { fakeContentApi } from './admin-content-test-support';
import { supportDialogs } from '@/test/dialog-test-support';
import { unsavedTexts } from '@/components/admin/unsaved-changes-guard';

supportDialogs();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const summit = event({
  title: 'Nairobi Cloud Summit',
  category: 'Summit',
  date: '2027-05-20',
  highlights: ['Keynote', 'GPU lab'],
  registerLink: 'https://tickets.example.org/summit',
});
const workshop = event({ title: 'Storage workshop', category: 'Workshop', date: '2027-02-01', status: 'upcoming' });
const past = event({ title: 'Mombasa meetup', category: 'Meetup', date: '2025-09-01', status: 'completed' });

async function openTable(path: string) {
  const user = userEvent.setup();
  renderApp(path);
  const table = await screen.findByRole('table', { name: 'Events' }, { timeout: 5_000 });
  return { user, table };
}

const titles = (table: HTMLElement) => within(table).getAllByRole('rowheader').map((cell) => cell.textContent);

describe('/admin/events', () => {
  it('lists events latest date first with their status, and deletes after confirmation', async () => {
    const api = fakeContentApi({ events: [workshop, past, summit] });
    const { user, table } = await openTable('/admin/events');
    expect(titles(table)).toEqual(['Nairobi Cloud Summit', 'Storage workshop', 'Mombasa meetup']);
    expect(within(table).getAllByRole('row')[3]).toHaveTextContent('COMPLETED');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('May 20, 2027');
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Delete Mombasa meetup' }));
    await user.click(screen.getByRole('button', { name: 'Delete event' }));
    await waitFor(() => expect(titles(screen.getByRole('table', { name: 'Events' }))).toHaveLength(2));
    expect(api.writes).toEqual([{ method: 'DELETE', path: `/api/admin/events/${past.id}`, body: undefined }]);
  });

  it('edits an event: its highlights reordered as a list, sent in their new order', async () => {
    const api = fakeContentApi({ events: [summit] });
    const { user, table } = await openTable('/admin/events');
    await user.click(within(table).getByRole('button', { name: 'Edit Nairobi Cloud Summit' }));
    expect(screen.getByRole('checkbox', { name: 'Completed' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Move highlight 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Add highlight' }));
    await user.keyboard('Networking');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Event saved')).toBeInTheDocument();
    expect(api.writes).toEqual([
      {
        method: 'PUT',
        path: `/api/admin/events/${summit.id}`,
        body: {
          title: 'Nairobi Cloud Summit',
          description: summit.description,
          category: 'Summit',
          date: '2027-05-20',
          time: summit.time,
          location: summit.location,
          highlights: ['GPU lab', 'Keynote', 'Networking'],
          registerLink: 'https://tickets.example.org/summit',
          completed: false,
          language: 'en',
        },
      },
    ]);
  });

  it('checks the form in the server words before sending', async () => {
    const api = fakeContentApi({ events: [summit] });
    const { user } = await openTable('/admin/events');
    await user.click(screen.getByRole('button', { name: 'New event' }));
    await user.type(screen.getByRole('textbox', { name: 'Registration link' }), 'tickets.example.org');
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Title is required');
    expect(screen.getByRole('textbox', { name: 'Time' })).toHaveAccessibleDescription('Time is required');
    expect(screen.getByRole('textbox', { name: 'Location' })).toHaveAccessibleDescription('Location is required');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription('Description is required');
    expect(screen.getByLabelText('Date')).toHaveAccessibleDescription('Date is required');
    expect(screen.getByRole('textbox', { name: 'Registration link' })).toHaveAccessibleDescription(
      expect.stringContaining('Registration link must be a web address (http:// or https://) or a site path starting with /'),
    );
    expect(api.writes).toEqual([]);
  });
});

describe('/admin/events/enhanced', () => {
  it('marks the selected events completed, and says so when the server keeps one upcoming', async () => {
    const api = fakeContentApi({ events: [workshop, past, summit] });
    const { user, table } = await openTable('/admin/events/enhanced');
    const bulk = screen.getByRole('toolbar', { name: 'Bulk actions' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select Nairobi Cloud Summit' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Mombasa meetup' }));
    await user.click(within(bulk).getByRole('button', { name: 'Mark completed' }));
    expect(await screen.findByText('1 event marked completed')).toBeInTheDocument();
    // The past event is completed already: only the other one is written, with its fields and completed.
    expect(api.writes).toEqual([
      {
        method: 'PUT',
        path: `/api/admin/events/${summit.id}`,
        body: expect.objectContaining({ title: summit.title, highlights: ['Keynote', 'GPU lab'], completed: true }),
      },
    ]);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Events' })).getAllByRole('row')[1]).toHaveTextContent('COMPLETED'));

    // A server that ignores `completed` answers the event still upcoming: that is a failure, not a success.
    api.refuse('PUT', new RegExp(`/api/admin/events/${workshop.id}$`), () =>
      new Response(JSON.stringify(workshop), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    await user.click(within(screen.getByRole('table', { name: 'Events' })).getByRole('checkbox', { name: 'Select Storage workshop' }));
    await user.click(within(bulk).getByRole('button', { name: 'Mark completed' }));
    expect(await screen.findByText('1 of 1 event not marked completed')).toBeInTheDocument();
    expect(screen.getByText('Storage workshop: The server kept it upcoming')).toBeInTheDocument();
  });

  it('duplicates an event into the editor, unsaved until Create event, with a live preview', async () => {
    const api = fakeContentApi({ events: [summit] });
    const { user, table } = await openTable('/admin/events/enhanced');
    await user.click(within(table).getByRole('button', { name: 'Duplicate Nairobi Cloud Summit' }));
    expect(screen.getByRole('heading', { name: 'Copy of: Nairobi Cloud Summit' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Nairobi Cloud Summit (copy)');
    const preview = screen.getByRole('region', { name: 'Live preview' });
    expect(within(preview).getByRole('heading', { level: 2, name: 'Nairobi Cloud Summit (copy)' })).toBeInTheDocument();
    expect(within(preview).getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      expect.arrayContaining(['Keynote', 'GPU lab']),
    );
    expect(within(preview).getByRole('link', { name: /Register Now/ })).toHaveAttribute('href', 'https://tickets.example.org/summit');

    // Unsaved from the start: leaving asks.
    await user.click(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Overview' }));
    await user.click(await screen.findByRole('button', { name: unsavedTexts.stay }));

    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), '2020-01-01');
    await waitFor(() => expect(preview).toHaveTextContent('COMPLETED'));
    expect(preview).toHaveTextContent('January 1, 2020');

    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('Event created')).toBeInTheDocument();
    expect(api.writes).toEqual([
      {
        method: 'POST',
        path: '/api/admin/events',
        body: expect.objectContaining({ title: 'Nairobi Cloud Summit (copy)', date: '2020-01-01', highlights: ['Keynote', 'GPU lab'] }),
      },
    ]);
  });
});
