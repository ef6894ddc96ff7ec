import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChatEmailState } from '@/api-types/ChatEmailState';
import { json, mockFetch } from '@/test/render';
import { ChatEmailReach, HeldReplies, reachText } from './chat-email-reach';

const sessionId = '0190f0a0-0000-7000-8000-0000000000aa';
const away: ChatEmailState = {
  address: 'amina@example.com',
  onPage: false,
  emailsOn: true,
  stopped: false,
  bouncedAt: null,
  bounce: null,
  unseenReplies: 0,
  nextEmailAt: null,
  held: [],
};

function renderWithQueries(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('how the visitor is reached', () => {
  const now = Date.parse('2026-11-30T10:00:00Z');

  it('says on the page, or when and where the next reply is emailed, or what stops it', () => {
    expect(reachText({ ...away, onPage: true }, now)).toBe('On the page now: they see replies as you send them.');
    expect(reachText(away, now)).toBe('Not on the page. A reply they do not see is emailed to amina@example.com.');
    const later = reachText({ ...away, unseenReplies: 2, nextEmailAt: '2026-11-30T10:02:00Z' }, now);
    expect(later).toMatch(/^Not on the page\. Your 2 unseen replies go to amina@example\.com by email at .+ unless they come back first\.$/);
    expect(reachText({ ...away, unseenReplies: 1, nextEmailAt: '2026-11-30T09:59:00Z' }, now)).toBe(
      'Not on the page. Your unseen reply goes to amina@example.com by email now.',
    );
    expect(reachText({ ...away, emailsOn: false, stopped: true }, now)).toBe(
      'Not on the page. amina@example.com stopped emails about their chats, so replies are not emailed.',
    );
    expect(reachText({ ...away, emailsOn: false, bouncedAt: '2026-11-30T09:00:00Z' }, now)).toBe(
      'Not on the page. Emails to amina@example.com bounce, so replies are not emailed.',
    );
    expect(reachText({ ...away, emailsOn: false }, now)).toBe(
      'Not on the page. The site sends no email, so they see replies when they come back.',
    );
  });

  it('shows a bounce with the server words, and a failure with a retry', async () => {
    let fail = true;
    mockFetch((url) => {
      if (url !== `/api/agent/chats/${sessionId}/email`) return json(404, { message: 'Not found' });
      if (fail) return json(500, { message: 'down' });
      return json(200, { ...away, emailsOn: false, bouncedAt: '2026-11-30T09:00:00Z', bounce: '550 5.1.1 User unknown' });
    });
    const user = userEvent.setup();
    renderWithQueries(<ChatEmailReach sessionId={sessionId} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load how the visitor is reached.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Emails to amina@example.com bounce/)).toBeInTheDocument();
    expect(screen.getByText('550 5.1.1 User unknown')).toBeInTheDocument();
  });
});

describe('held email replies', () => {
  it('shows each with its sender and text, and posts or discards it', async () => {
    const decided: string[] = [];
    let held = [
      { id: 'h1', senderEmail: 'someone.else@example.com', body: 'Forwarded: please add me', files: ['quote.pdf'], receivedAt: '2026-11-30T09:00:00Z' },
    ];
    mockFetch((url, init) => {
      if (url === `/api/agent/chats/${sessionId}/email`) return json(200, { ...away, held });
      if (url.startsWith('/api/agent/held-replies/') && init.method === 'POST') {
        decided.push(url);
        held = [];
        return new Response(null, { status: 204 });
      }
      return json(404, { message: 'Not found' });
    });
    const user = userEvent.setup();
    renderWithQueries(<HeldReplies sessionId={sessionId} />);
    expect(await screen.findByText('Forwarded: please add me')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Held email reply from someone\.else@example\.com/ })).toBeInTheDocument();
    expect(screen.getByText('quote.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post to the chat' }));
    expect(decided).toEqual(['/api/agent/held-replies/h1/post']);
    // Decided: read again, it waits no more.
    await waitFor(() => expect(screen.queryByText('Forwarded: please add me')).toBeNull());
  });
});
