import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderApp, sampleUser } from '@/test/render';
import { quietSocketsInEachTest } from '@/test/quiet-sockets';
import { adminTitle } from './admin-shell';

quietSocketsInEachTest();

const admin = { ...sampleUser, isAdmin: true, role: 'admin' as const };

describe('admin shell', () => {
  it('frames the console with a compact top bar instead of the marketing header and footer', async () => {
    mockFetch((url) => {
      if (url === '/api/user') return json(200, admin);
      if (url === '/api/agent/status') return json(200, { status: 'online' });
      return json(200, []);
    });
    renderApp('/admin/chat');
    const bar = await screen.findByRole('banner');
    expect(await within(bar).findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(within(bar).getByText('Live chat console')).toBeInTheDocument();
    // The console's own controls sit in the bar.
    expect(await within(bar).findByRole('combobox', { name: 'Your status' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(bar).getByRole('searchbox', { name: 'Search conversations' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    expect(within(bar).getByRole('group', { name: 'Theme' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.queryByRole('button', { name: 'Products' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open chat' })).toBeNull();
  });

  it("has the agent's menu with their name, the public site and Sign out", async () => {
    const calls: string[] = [];
    let signedIn = true;
    mockFetch((url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (url === '/api/logout') {
        signedIn = false;
        return json(200, { message: 'Logged out' });
      }
      if (url === '/api/user') return signedIn ? json(200, admin) : json(401, {});
      return json(200, []);
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/settings');
    const bar = await screen.findByRole('banner');
    expect(await within(bar).findByText('Site settings')).toBeInTheDocument();
    const menuButton = await within(bar).findByRole('button', { name: 'Your account: Amina Otieno' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(menuButton.getAttribute('aria-controls')!)!;
    expect(menu).toHaveTextContent('amina@example.com');
    expect(within(menu).getByRole('link', { name: 'Public site' })).toHaveAttribute('href', '/');
    expect(within(menu).getByRole('link', { name: 'Account security' })).toHaveAttribute('href', '/account/security');
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();

    await user.click(menuButton);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toContain('POST /api/logout');
  });

  it('tells a customer who opens an admin page only that access is denied', async () => {
    mockFetch(() => json(200, sampleUser));
    renderApp('/admin/settings');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('link', { name: 'Nyota Cloud' })).toHaveAttribute('href', '/');
    expect(within(bar).queryByText('Site settings')).toBeNull();
  });

  it('names each admin page in the bar', () => {
    expect(adminTitle('/admin')).toBe('Overview');
    expect(adminTitle('/admin/chat/')).toBe('Live chat console');
    expect(adminTitle('/admin/nope')).toBe('');
  });
});
