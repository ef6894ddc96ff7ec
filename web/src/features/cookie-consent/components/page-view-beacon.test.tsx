import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderApp, sampleUser } from '@/test/render';
import { quietSocketsInEachTest } from '@/test/quiet-sockets';

quietSocketsInEachTest();

function beacons(fetch: ReturnType<typeof mockFetch>) {
  return fetch.mock.calls
    .filter(([url]) => String(url) === '/api/analytics/pageview')
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)) as { path: string; referrer?: string },
      keepalive: init?.keepalive,
      headers: init?.headers as Record<string, string>,
    }));
}

const answer = () =>
  mockFetch((url) => (url === '/api/user' ? json(401, { message: 'Not signed in' }) : json(204, {})));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('page-view beacon', () => {
  it('sends nothing until the visitor accepts cookies, then counts each page once', async () => {
    const fetch = answer();
    const { router } = renderApp('/about');
    await screen.findByRole('button', { name: 'Accept All' }, { timeout: 4000 });
    expect(beacons(fetch)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(beacons(fetch).map((b) => b.body.path)).toEqual(['/about']);
    const [first] = beacons(fetch);
    expect(first?.keepalive).toBe(true);
    expect(first?.headers['X-Requested-With']).toBe('XMLHttpRequest');

    const paths = () => beacons(fetch).map((b) => b.body.path);
    await act(() => router.navigate('/contact?subject=Hello'));
    await waitFor(() => expect(paths()).toEqual(['/about', '/contact']));
    await act(() => router.navigate('/contact?subject=Again'));
    await act(() => router.navigate('/about'));
    await waitFor(() => expect(paths()).toEqual(['/about', '/contact', '/about']));
    // The first view names where the visitor came from; the others do not.
    expect(beacons(fetch).every((b) => b.body.referrer === undefined)).toBe(true);
  });

  it('sends nothing when the visitor declined', async () => {
    localStorage.setItem('cookie-consent', 'false');
    const fetch = answer();
    const { router } = renderApp('/about');
    await act(() => router.navigate('/contact'));
    expect(beacons(fetch)).toEqual([]);
  });

  it('does not count admin pages', async () => {
    localStorage.setItem('cookie-consent', 'true');
    const fetch = mockFetch((url) => (url === '/api/user' ? json(200, { ...sampleUser, isAdmin: true }) : json(204, {})));
    const { router } = renderApp('/admin');
    // Past the session check: the admin page itself is on screen.
    await waitFor(() => expect(screen.queryByText('Checking your session...')).toBeNull());
    await waitFor(() => expect(document.title).toContain('Admin'));
    expect(beacons(fetch)).toEqual([]);
    await act(() => router.navigate('/about'));
    await waitFor(() => expect(beacons(fetch).map((b) => b.body.path)).toEqual(['/about']));
  });
});
