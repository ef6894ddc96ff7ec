import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { json, mockFetch } from '@/test/render';
import { ChatTransferForm } from './chat-transfer-form';
import { VisitorHistory } from './visitor-history';
import { ChatLabelsEditor } from './chat-labels-editor';
import { ChatSearch } from './chat-search';
import { vi } from 'vitest';

const sessionId = '0190f0a0-0000-7000-8000-0000000000aa';
function renderWithQueries(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('transfer', () => {
  const chat = { sessionId, assignedAgentId: 'me', queuePosition: null } as ChatSummary;

  it('offers only who can take chats and the teams, asks for a choice, then transfers with the note and shows refusals in words', async () => {
    const posted: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/agent/team') {
        return json(200, [
          { id: 'me', name: 'Me', status: 'online', available: true, acceptsTransfers: true, openChats: 3, capacity: 8 },
          { id: 'amina', name: 'Amina', status: 'busy', available: false, acceptsTransfers: true, openChats: 2, capacity: 8 },
          { id: 'baraka', name: 'Baraka', status: 'away', available: false, acceptsTransfers: false, openChats: 0, capacity: 8 },
          { id: 'sup', name: 'Sup Port', status: 'online', available: false, acceptsTransfers: false, openChats: 0, capacity: 8 },
        ]);
      }
      if (url === '/api/agent/teams') {
        return json(200, [
          {
            id: 'sales',
            name: 'Sales',
            description: null,
            fallbackToEveryone: true,
            members: [{ id: 'amina', name: 'Amina', available: true }],
            queued: 2,
          },
        ]);
      }
      if (url === `/api/agent/chats/${sessionId}/transfer`) {
        posted.push(JSON.parse(String(init.body)));
        return json(404, { message: 'No active agent with that id' }, 'Not Found');
      }
      return json(404, { message: 'Not found' });
    });
    const user = userEvent.setup();
    renderWithQueries(<ChatTransferForm chat={chat} />);
    const select = screen.getByRole('combobox', { name: 'Transfer to' });
    await screen.findByRole('option', { name: /Amina/ });
    expect(within(select).queryByRole('option', { name: /^Me/ })).toBeNull();
    expect(within(select).getByRole('option', { name: 'Amina (Busy, 2/8)' })).toBeInTheDocument();
    expect(within(select).queryByRole('option', { name: /Baraka|Sup Port/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose an agent or a team to transfer the chat to.');

    await user.selectOptions(select, 'agent:amina');
    await user.type(screen.getByRole('textbox', { name: /Note for them/ }), 'Billing question');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('No active agent with that id')).toBeInTheDocument();
    expect(posted).toEqual([{ agentId: 'amina', note: 'Billing question' }]);

    // A team: the chat goes to one of its members, or waits in its queue.
    const sales = await within(select).findByRole('option', { name: 'Sales (1 available, 2 waiting)' });
    await user.selectOptions(select, sales);
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({ teamId: 'sales', note: 'Billing question' });
  });
});

describe('visitor history', () => {
  it('lists earlier chats and opens one read-only', async () => {
    const earlier = '0190f0a0-0000-7000-8000-0000000000e1';
    mockFetch((url) => {
      if (url === `/api/agent/chats/${sessionId}/history`) {
        return json(200, [{ sessionId: earlier, status: 'resolved', createdAt: '2026-02-01T09:00:00Z', firstLine: 'Colocation in Mombasa?' }]);
      }
      if (url === `/api/chat/sessions/${earlier}/messages`) {
        return json(200, [
          { id: '0190f0a0-0000-7000-8000-0000000000f1', sessionId: earlier, senderType: 'agent', message: 'Yes, from March.', createdAt: '2026-02-01T09:01:00Z' },
        ]);
      }
      return json(404, { message: 'Not found' });
    });
    const user = userEvent.setup();
    renderWithQueries(<VisitorHistory sessionId={sessionId} visitorName="Amina" />);
    const section = await screen.findByRole('region', { name: 'Earlier chats' });
    const summary = await within(section).findByText(/Colocation in Mombasa\?/);
    expect(within(section).getByText(/Resolved/)).toBeInTheDocument();
    await user.click(summary);
    expect(await within(section).findByText('Yes, from March.')).toBeInTheDocument();
    expect(within(section).queryByRole('textbox')).toBeNull();
  });
});

describe('labels and search', () => {
  it('adds and removes labels and shows a refusal in words', async () => {
    const sent: unknown[] = [];
    let labels: string[] = ['billing'];
    mockFetch((url, init) => {
      if (url === '/api/agent/labels') return json(200, ['billing', 'outage']);
      if (url === `/api/agent/chats/${sessionId}/labels`) {
        const body = JSON.parse(String(init.body)) as { labels: string[] };
        sent.push(body.labels);
        if (body.labels.some((l) => l.includes(' '))) {
          return json(400, { message: '"two words" is not a label: use 1 to 24 lowercase letters, digits or dashes' }, 'Bad Request');
        }
        labels = body.labels;
        return json(200, { sessionId, labels });
      }
      return json(404, { message: 'Not found' });
    });
    const user = userEvent.setup();
    const chat = { sessionId, labels, queuePosition: null } as unknown as ChatSummary;
    renderWithQueries(<ChatLabelsEditor chat={chat} />);
    await user.type(screen.getByRole('combobox', { name: 'New label' }), 'two words');
    await user.click(screen.getByRole('button', { name: 'Add label' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('"two words" is not a label');
    await user.click(screen.getByRole('button', { name: 'Remove the label billing' }));
    await vi.waitFor(() => expect(sent).toEqual([['billing', 'two words'], []]));
  });

  it('searches after two characters and opens a result', async () => {
    const calls: string[] = [];
    mockFetch((url) => {
      calls.push(url);
      if (url.startsWith('/api/agent/search?')) {
        return json(200, [
          { sessionId, visitorName: 'Amina', visitorEmail: 'amina@example.com', messageId: 'm1', excerpt: 'VPS unreachable', createdAt: '2026-03-03T10:00:00Z' },
        ]);
      }
      return json(404, { message: 'Not found' });
    });
    const onSelect = vi.fn();
    const user = userEvent.setup();
    renderWithQueries(<ChatSearch onSelect={onSelect} />);
    const box = screen.getByRole('searchbox', { name: 'Search conversations' });
    await user.type(box, 'v');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls).toEqual([]);
    await user.type(box, 'ps');
    const result = await screen.findByRole('button', { name: /Amina/ });
    expect(calls).toEqual(['/api/agent/search?q=vps']);
    expect(result).toHaveTextContent('VPS unreachable');
    await user.click(result);
    expect(onSelect).toHaveBeenCalledWith(sessionId, 'm1');
    expect(box).toHaveValue('');
  });
});
