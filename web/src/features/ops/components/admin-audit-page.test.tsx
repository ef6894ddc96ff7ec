import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@/api-types/AuditEntry';
import { quietSocketsInEachTest } from '@/test/quiet-sockets';
import { json, mockFetch, renderApp, sampleUser } from '@/test/render';

quietSocketsInEachTest();

function entry(n: number, extra: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: `0193a000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    at: '2027-01-20T06:30:00Z',
    actor: { kind: 'user', id: '0193a000-0000-7000-8000-0000000000aa', name: 'Amina Otieno', email: 'amina@nyota.example' },
    action: 'update',
    entity: 'site_settings',
    entityId: '00000000-0000-0000-0000-000000000000',
    summary: `Changed site settings: salesEmail ${n}`,
    details: { changed: ['salesEmail'] },
    ...extra,
  };
}

const filters = {
  actors: [{ id: '0193a000-0000-7000-8000-0000000000aa', name: 'Amina Otieno', email: 'amina@nyota.example' }],
  entities: ['sla_policy', 'site_settings'],
  actions: ['sign_in', 'update'],
};

function serve(answer: (url: URL) => Response) {
  return mockFetch((url) => {
    if (url === '/api/user') return json(200, { ...sampleUser, isAdmin: true, role: 'admin' });
    if (url === '/api/admin/audit/filters') return json(200, filters);
    if (url.startsWith('/api/admin/audit?')) return answer(new URL(url, 'http://localhost'));
    return json(404, { message: 'Not found' });
  });
}

describe('/admin/audit', () => {
  it('shows entries in EAT with their actor, loads more by cursor, and expands details', async () => {
    const fetch = serve((url) =>
      url.searchParams.get('cursor') === 'next-1'
        ? json(200, {
            items: [entry(2, { actor: { kind: 'deletedUser' }, entity: 'sla_policy', action: 'add_member', summary: 'Add member sla policy' })],
            nextCursor: null,
          })
        : json(200, { items: [entry(1)], nextCursor: 'next-1' }),
    );
    renderApp('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    expect(within(table).getByText('Jan 20, 09:30 EAT')).toBeInTheDocument();
    expect(within(table).getByText('amina@nyota.example')).toBeInTheDocument();
    expect(within(table).getByText('Changed site settings: salesEmail 1')).toBeInTheDocument();
    await userEvent.click(within(table).getByText('Details'));
    expect(within(table).getByText(/"salesEmail"/)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    // An entity the screen has no label for is shown by its name.
    expect(await within(table).findByText('sla_policy')).toBeInTheDocument();
    expect(within(table).getByText('Deleted user')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const urls = fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/admin/audit?'));
    expect(urls).toEqual(['/api/admin/audit?limit=50', '/api/admin/audit?limit=50&cursor=next-1']);
  });

  it('sends the filters, and shows a refusal and an empty result in words', async () => {
    const fetch = serve((url) =>
      url.searchParams.get('from') === '2027-01-21'
        ? json(400, { message: 'from must be before to' })
        : json(200, { items: [], nextCursor: null }),
    );
    renderApp('/admin/audit');
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Filter the audit log' });
    await waitFor(() => expect(within(form).getByRole('option', { name: /Amina Otieno/ })).toBeInTheDocument());
    await userEvent.selectOptions(within(form).getByLabelText('Who'), 'Amina Otieno (amina@nyota.example)');
    await userEvent.type(within(form).getByLabelText('What (entity)'), 'site_settings');
    await userEvent.type(within(form).getByLabelText('From (EAT)'), '2027-01-21');
    await userEvent.type(within(form).getByLabelText('To (EAT, included)'), '2027-01-20');
    await userEvent.click(within(form).getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('from must be before to')).toBeInTheDocument();
    const last = String(fetch.mock.calls.at(-1)?.[0]);
    expect(last).toBe(
      '/api/admin/audit?actor=0193a000-0000-7000-8000-0000000000aa&entity=site_settings&from=2027-01-21&to=2027-01-20&limit=50',
    );
  });

  it('is not in the sidebar of a support agent, who is refused the page', async () => {
    mockFetch((url) => {
      if (url === '/api/user') return json(200, { ...sampleUser, isAdmin: false, role: 'support' });
      return json(403, { message: 'Only admins can do this' });
    });
    renderApp('/admin/audit');
    expect(await screen.findByText(/Access denied/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
  });
});
