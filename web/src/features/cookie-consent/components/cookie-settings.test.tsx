import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentPolicyVersion } from '@/api-types/consent-policy';
import { json, mockFetch, renderApp } from '@/test/render';
import { quietSocketsInEachTest } from '@/test/quiet-sockets';

quietSocketsInEachTest();

const answer = () =>
  mockFetch((url) => (url === '/api/user' ? json(401, { message: 'Not signed in' }) : json(200, {})));

function posted(fetch: ReturnType<typeof mockFetch>, path: string) {
  return fetch.mock.calls
    .filter(([url]) => String(url) === path)
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      headers: init?.headers as Record<string, string>,
      credentials: init?.credentials,
    }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('consent on record', () => {
  it('posts each choice with the policy version, and the footer’s Cookie settings reopen the banner', async () => {
    const fetch = answer();
    const { router } = renderApp('/about');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept All' }, { timeout: 4000 }));
    expect(posted(fetch, '/api/consent')).toEqual([
      {
        body: { accepted: true, policyVersion: consentPolicyVersion },
        headers: expect.objectContaining({ 'X-Requested-With': 'XMLHttpRequest' }) as unknown,
        credentials: 'include',
      },
    ]);
    expect(localStorage.getItem('cookie-consent-policy')).toBe(consentPolicyVersion);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    await waitFor(() => expect(posted(fetch, '/api/analytics/pageview').map((v) => v.body.path)).toEqual(['/about']));

    // Reopened from the footer, at once, showing the current choice.
    await user.click(within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Cookie settings' }));
    const banner = screen.getByRole('region', { name: 'Cookie consent' });
    expect(banner).toHaveTextContent('You currently accept analytics cookies.');
    await user.click(within(banner).getByRole('button', { name: 'Decline' }));
    expect(posted(fetch, '/api/consent').map((c) => c.body.accepted)).toEqual([true, false]);
    expect(localStorage.getItem('cookie-consent')).toBe('false');

    // Analytics follows the new choice at once.
    await act(() => router.navigate('/contact'));
    expect(posted(fetch, '/api/analytics/pageview').map((v) => v.body.path)).toEqual(['/about']);
  });

  it('asks again when the choice was made under another policy version', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('cookie-consent', 'true');
    localStorage.setItem('cookie-consent-policy', '2020-01-01');
    const fetch = answer();
    renderApp('/');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1600);
    });
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
    // Not accepted under the current policy: nothing is counted meanwhile.
    expect(posted(fetch, '/api/analytics/pageview')).toEqual([]);
    vi.useRealTimers();
  });
});
