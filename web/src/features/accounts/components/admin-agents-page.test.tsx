import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CannedResponse } from '@/api-types/CannedResponse';
import type { TeamMember } from '@/api-types/TeamMember';
import { json, mockFetch, renderApp, sampleUser } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = { ...sampleUser, isAdmin: true, role: 'admin' as const };

const member = (over: Partial<TeamMember>): TeamMember => ({
  id: '0190f0a0-0000-7000-8000-0000000000b1',
  name: 'Zawadi Njeri',
  email: 'zawadi@example.com',
  role: 'support',
  active: true,
  pending: false,
  invitedAt: null,
  capacity: 8,
  ...over,
});

const me = member({ id: admin.id, name: admin.name, email: admin.email, role: 'admin' });

function body(init: RequestInit): unknown {
  return JSON.parse(String(init.body));
}

describe('/admin/agents', () => {
  it('lists the team, invites by email and deactivates a member, never oneself', async () => {
    const zawadi = member({});
    const fetch = mockFetch((url, init) => {
      if (url === '/api/user') return json(200, admin);
      if (url === '/api/admin/agents' && init.method === 'POST') return json(201, member({ id: 'new', email: 'baraka@example.com', pending: true }));
      if (url === '/api/admin/agents') return json(200, [me, zawadi]);
      if (url.startsWith('/api/admin/agents/') && init.method === 'PATCH') return json(200, { ...zawadi, active: false });
      return json(404, {});
    });
    const user = userEvent.setup();
    renderApp('/admin/agents');
    const table = await screen.findByRole('table', {}, { timeout: 5_000 });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(`${admin.name} (you)`);
    expect(within(rows[1]!).getByRole('combobox', { name: `Role of ${admin.name}` })).toBeDisabled();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'baraka@example.com');
    await user.type(screen.getByLabelText('Name'), 'Baraka');
    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Invitation sent to baraka@example.com.');
    const invite = fetch.mock.calls.find(([url, init]) => url === '/api/admin/agents' && init?.method === 'POST');
    expect(body(invite![1]!)).toEqual({ email: 'baraka@example.com', name: 'Baraka', role: 'admin' });

    await user.click(screen.getByRole('button', { name: 'Deactivate Zawadi Njeri' }));
    await waitFor(() => {
      const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
      expect(patch?.[0]).toBe(`/api/admin/agents/${zawadi.id}`);
      expect(body(patch![1]!)).toEqual({ active: false });
    });
  });

  it('shows the server refusal of an invitation', async () => {
    mockFetch((url, init) => {
      if (url === '/api/user') return json(200, admin);
      if (url === '/api/admin/agents' && init.method === 'POST') {
        return json(409, { message: 'An account already uses this email address' }, 'Conflict');
      }
      if (url === '/api/admin/agents') return json(200, [me]);
      return json(404, {});
    });
    const user = userEvent.setup();
    renderApp('/admin/agents');
    await user.type(await screen.findByLabelText('Email', {}, { timeout: 5_000 }), 'taken@example.com');
    await user.type(screen.getByLabelText('Name'), 'Taken');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('An account already uses this email address')).toBeInTheDocument();
  });

  it('adds a canned reply on the second tab', async () => {
    const saved: CannedResponse = { id: 'c1', shortcut: 'hello', title: 'Greeting', body: 'Hi {{visitor.name}}', language: 'en', createdAt: '', updatedAt: '' };
    let library: CannedResponse[] = [];
    const fetch = mockFetch((url, init) => {
      if (url === '/api/user') return json(200, admin);
      if (url === '/api/admin/agents') return json(200, [me]);
      if (url === '/api/agent/canned-responses' && init.method === 'POST') {
        library = [saved];
        return json(201, saved);
      }
      if (url === '/api/agent/canned-responses') return json(200, library);
      return json(404, {});
    });
    const user = userEvent.setup();
    renderApp('/admin/agents');
    await user.click(await screen.findByRole('tab', { name: 'Canned replies' }, { timeout: 5_000 }));
    expect(screen.getByRole('tab', { name: 'Canned replies' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No canned replies yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Shortcut'), 'hello');
    await user.type(screen.getByLabelText('Title'), 'Greeting');
    await user.type(screen.getByLabelText('Reply text'), 'Hi {{{{visitor.name}}');
    await user.click(screen.getByRole('button', { name: 'Add canned reply' }));
    expect(await screen.findByRole('button', { name: 'Edit /hello' })).toBeInTheDocument();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(body(post![1]!)).toEqual({ shortcut: 'hello', title: 'Greeting', body: 'Hi {{visitor.name}}', language: 'en' });
  });
});
