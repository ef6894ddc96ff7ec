import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DatabaseOverview } from '@/api-types/DatabaseOverview';
import { quietSocketsInEachTest } from '@/test/quiet-sockets';
import { json, mockFetch, renderApp, sampleUser } from '@/test/render';
import { supportDialogs } from '@/test/dialog-test-support';

quietSocketsInEachTest();
supportDialogs();

const letter = {
  id: '0193a000-0000-7000-8000-000000000001',
  role: 'chat',
  subject: 'chat.send.0193a000-0000-7000-8000-0000000000aa',
  reason: 'data',
  error: 'invalid byte sequence for encoding "UTF8": 0x00',
  deliveries: 1,
  createdAt: '2026-11-25T06:14:00Z',
};

function overview(letters = [letter]): DatabaseOverview {
  return {
    migrations: [
      { version: 20261122130000, description: 'create users', installedOn: '2026-11-22T13:00:00Z', success: true },
    ],
    tables: [
      { name: 'users', rows: 12, rowsEstimated: false, totalBytes: 65_536 },
      { name: 'chat_messages', rows: 1_234_567, rowsEstimated: true, totalBytes: 412_000_000 },
    ],
    streams: [
      {
        name: 'CHAT',
        messages: 40,
        bytes: 20_000,
        lastSeq: 40,
        consumers: [
          {
            name: 'chat',
            filterSubjects: ['nyota.chat.send.*'],
            pending: 2,
            ackPending: 1,
            redelivered: 0,
            ackFloor: 37,
            oldestUnackedSeconds: 125,
          },
          {
            name: 'idle',
            filterSubjects: [],
            pending: 0,
            ackPending: 0,
            redelivered: 0,
            ackFloor: 40,
            oldestUnackedSeconds: null,
          },
        ],
      },
    ],
    streamsError: null,
    deadLetters: letters,
    deadLettersPending: letters.length,
    chatAttachments: { count: 3, bytes: 5_452_595, thumbnailBytes: 40_960 },
    retention: {
      nextRun: [
        { kind: 'resolved_chats', label: 'Resolved chats (with messages and attachments)', period: '24 months', rows: 12 },
        { kind: 'expired_sessions', label: 'Expired sign-in sessions', period: 'at once', rows: 3 },
      ],
      nextRunAt: '2026-11-25T07:14:00Z',
      runs: [
        {
          id: '0193a000-0000-7000-8000-0000000000bb',
          startedAt: '2026-11-25T06:14:00Z',
          finishedAt: '2026-11-25T06:14:02Z',
          removed: { resolved_chats: 2, expired_sessions: 40 },
        },
      ],
    },
  };
}

function serve() {
  let letters = [letter];
  const fetch = mockFetch((url, init) => {
    if (url === '/api/user') return json(200, { ...sampleUser, isAdmin: true });
    if (url === '/api/admin/database') return json(200, overview(letters));
    if (url === `/api/admin/dead-letters/${letter.id}/replay` && init.method === 'POST') {
      letters = [];
      return new Response(null, { status: 204 });
    }
    return json(404, { message: 'No such dead letter is waiting: it may have been replayed or discarded' });
  });
  return fetch;
}

const posts = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url));

describe('/admin/database', () => {
  it('lists dead letters, streams, tables and migrations', async () => {
    serve();
    renderApp('/admin/database');
    const letters = await screen.findByRole('table', { name: 'Waiting dead letters, newest first' });
    expect(within(letters).getByText(letter.error)).toBeInTheDocument();
    expect(within(letters).getByText('Bad data')).toBeInTheDocument();
    const chat = screen.getByRole('table', {
      name: 'CHAT: 40 messages stored (all subjects), 20.0 kB, last sequence 40',
    });
    expect(within(chat).getByRole('row', { name: 'chat nyota.chat.send.* 2 1 0 2 min 37' })).toBeInTheDocument();
    expect(within(chat).getByRole('row', { name: 'idle every subject 0 0 0 — 40' })).toBeInTheDocument();
    // Each figure says what it means, on the column and in words beside it.
    expect(within(chat).getByRole('columnheader', { name: 'Not delivered' })).toHaveAttribute(
      'title',
      'Messages on the subjects it receives that it has not been given yet.',
    );
    const legend = screen.getByLabelText('What the consumer figures mean');
    for (const figure of ['Not delivered', 'Unacknowledged', 'Redelivered', 'Oldest waiting', 'Ack floor']) {
      expect(within(legend).getByText(figure, { selector: 'dt' }).nextElementSibling?.textContent).toMatch(/\w+/);
    }
    expect(screen.getByTestId('attachment-totals')).toHaveTextContent(
      "Chat attachments: 3 files, 5.5 MB as uploaded (thumbnails 41.0 kB), stored in the chat_attachments table. Postgres compresses them, so that table's stored size (compressed) below can be much smaller.",
    );
    const tables = screen.getByRole('table', { name: /Tables of the public schema/ });
    expect(within(tables).getByRole('row', { name: 'users 12 65.5 kB' })).toBeInTheDocument();
    expect(within(tables).getByRole('row', { name: 'chat_messages ≈ 1.2 M, estimated 412.0 MB' })).toBeInTheDocument();
    expect(within(tables).queryByText(/Not analysed/)).toBeNull();
    const migrations = screen.getByRole('table', { name: '1 applied migrations, oldest first' });
    expect(within(migrations).getByText('create users')).toBeInTheDocument();
    // Retention: what the next run would remove, and what the last one did.
    const next = screen.getByRole('table', { name: 'Next run: 15 rows past their period now' });
    expect(
      within(next).getByRole('row', { name: 'Resolved chats (with messages and attachments) 24 months 12' }),
    ).toBeInTheDocument();
    expect(within(next).getByRole('row', { name: 'Expired sign-in sessions at once 3' })).toBeInTheDocument();
    const runs = screen.getByRole('table', { name: 'Latest runs, newest first' });
    expect(
      within(runs).getByText('2 resolved chats (with messages and attachments); 40 expired sign-in sessions'),
    ).toBeInTheDocument();
  });

  it('replays only once confirmed in a dialog, then shows the toast and the fresh list', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderApp('/admin/database');
    await user.click(await screen.findByRole('button', { name: `Replay the dead letter of ${letter.subject}` }));
    expect(posts(fetch)).toEqual([]);
    const dialog = await screen.findByRole('dialog', { name: 'Replay this dead letter?' });
    expect(within(dialog).getByText(`chat: ${letter.subject}`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('Dead letter replayed')).toBeInTheDocument();
    expect(posts(fetch)).toEqual([`/api/admin/dead-letters/${letter.id}/replay`]);
    expect(await screen.findByText('No dead letters.')).toBeInTheDocument();
  });

  it('cancels a discard, and says so when a discard fails', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderApp('/admin/database');
    await user.click(await screen.findByRole('button', { name: `Discard the dead letter of ${letter.subject}` }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard this dead letter?' })).getByRole('button', { name: 'Cancel' }));
    expect(posts(fetch)).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: `Discard the dead letter of ${letter.subject}` }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard this dead letter?' })).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('The dead letter was not discarded')).toBeInTheDocument();
    expect(screen.getByText('No such dead letter is waiting: it may have been replayed or discarded')).toBeInTheDocument();
  });

  it('offers to try again when the overview fails', async () => {
    let fail = true;
    mockFetch((url) => {
      if (url === '/api/user') return json(200, { ...sampleUser, isAdmin: true });
      return fail ? json(500, { message: 'Something went wrong on our side. Please try again.' }) : json(200, overview([]));
    });
    const user = userEvent.setup();
    renderApp('/admin/database');
    expect(await screen.findByText('The database overview could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText(/No message is waiting/)).toBeInTheDocument());
  });
});
