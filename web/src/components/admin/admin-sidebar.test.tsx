import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderApp, sampleUser } from '@/test/render';
import { quietSocketsInEachTest } from '@/test/quiet-sockets';
import { currentNavPath } from './admin-sidebar';

quietSocketsInEachTest();

const admin = { ...sampleUser, isAdmin: true, role: 'admin' as const };
const support = { ...sampleUser, isAdmin: false, role: 'support' as const };

function signedInAs(user: typeof admin | typeof support) {
  mockFetch((url) => {
    if (url === '/api/user') return json(200, user);
    if (url === '/api/agent/status') return json(200, { status: 'online' });
    return json(200, []);
  });
}

/** The sidebar beside the page (the drawer, when open, is a second navigation). */
const sidebar = async () => (await screen.findAllByRole('navigation', { name: 'Admin' }))[0]!;

describe('admin sidebar', () => {
  it("lists an admin's sections in groups and marks the current one", async () => {
    signedInAs(admin);
    renderApp('/admin/settings');
    const nav = await sidebar();
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Overview', 'Chat', 'Requests', 'Privacy requests', 'Blog', 'Events', 'Uploads', 'Analytics', 'Agents', 'Teams', 'Settings', 'Database', 'Audit log']);
    expect(within(nav).getByText('Work')).toBeInTheDocument();
    expect(within(nav).getByText('Content')).toBeInTheDocument();
    expect(within(nav).getByText('Platform')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Blog' })).not.toHaveAttribute('aria-current');
  });

  it('shows a support agent only the chat console', async () => {
    signedInAs(support);
    renderApp('/admin/chat');
    const nav = await sidebar();
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Chat']);
    expect(links[0]).toHaveAttribute('href', '/admin/chat');
    expect(links[0]).toHaveAttribute('aria-current', 'page');
  });

  it('counts the enhanced editors as their section', () => {
    expect(currentNavPath('/admin/blogs/enhanced')).toBe('/admin/blogs');
    expect(currentNavPath('/admin/blogs/new')).toBe('/admin/blogs');
    expect(currentNavPath('/admin/blogs/0190c3a4-0000-7000-8000-000000000001')).toBe('/admin/blogs');
    expect(currentNavPath('/admin/blogsx')).toBeUndefined();
    expect(currentNavPath('/admin/events/enhanced/')).toBe('/admin/events');
    expect(currentNavPath('/admin')).toBe('/admin');
    expect(currentNavPath('/admin/unknown')).toBeUndefined();
  });

  it('opens as a drawer from the menu button, closes with Escape and returns focus', async () => {
    signedInAs(admin);
    const user = userEvent.setup();
    renderApp('/admin/settings');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    menu.focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Admin sections' });
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    // Focus moves into the drawer, onto the current section.
    expect(within(drawer).getByRole('link', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Admin sections' })).toBeNull();
    expect(menu).toHaveFocus();
  });

  it('closes the drawer when a link in it navigates', async () => {
    signedInAs(admin);
    const user = userEvent.setup();
    const { router } = renderApp('/admin/settings');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Admin sections' });
    await user.click(within(drawer).getByRole('link', { name: 'Uploads' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/uploads'));
    // The router's state changes before React draws the new page: wait for the drawer to go.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Admin sections' })).toBeNull());
  });
});
