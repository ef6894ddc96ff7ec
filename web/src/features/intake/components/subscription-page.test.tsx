import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderApp } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The POSTs the page made to the subscription link routes. */
function linkPosts(fetch: ReturnType<typeof mockFetch>) {
  return fetch.mock.calls.filter(([url, init]) => String(url).startsWith('/api/subscriptions/') && init?.method === 'POST');
}

describe('the page an emailed subscription link leads to', () => {
  it('asks first, and confirms only when the button is pressed', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/api/subscriptions/confirm' && init.method === 'POST') {
        return json(200, { status: 'confirmed', message: 'Your subscription is confirmed. Thank you!' });
      }
      return json(401, { error: 'Unauthorized', message: 'Not signed in' });
    });
    renderApp('/subscription?action=confirm&token=abc.DEF_-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeInTheDocument();
    expect(linkPosts(fetch)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Confirm subscription' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription confirmed' })).toBeInTheDocument();
    const posts = linkPosts(fetch);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ token: 'abc.DEF_-1' });
  });

  it('says a refused link is not valid, and keeps the button when the server cannot be reached', async () => {
    let answer = json(503, { error: 'Service Unavailable', message: 'Please try again.' });
    mockFetch((url, init) => {
      if (url === '/api/subscriptions/unsubscribe' && init.method === 'POST') return answer;
      return json(401, { error: 'Unauthorized', message: 'Not signed in' });
    });
    renderApp('/subscription?action=unsubscribe&token=abc.DEF');
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again.');
    expect(screen.getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();

    answer = json(400, { error: 'Bad Request', message: 'This subscription link is not valid.' });
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeInTheDocument();
  });

  it('says a link without its token is not valid', async () => {
    mockFetch(() => json(401, { error: 'Unauthorized', message: 'Not signed in' }));
    renderApp('/subscription?action=confirm');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeInTheDocument();
  });
});
