import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, loadArea } from '@/i18n/i18n';
import { json, mockFetch, renderApp } from '@/test/render';

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

/** French, with the page's messages (its module may be loaded already, in English). */
async function inFrench() {
  await activateLocale('fr');
  await loadArea('subscription');
}

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

  it('speaks French on the French page, the server’s words and the outcome included', async () => {
    await inFrench();
    let answer = json(503, { message: 'Le service est momentanément indisponible. Veuillez réessayer.' });
    const fetch = mockFetch((url, init) => {
      if (url === '/api/subscriptions/confirm' && init.method === 'POST') return answer;
      return json(401, { message: 'Non connecté' });
    });
    renderApp('/subscription?action=confirm&token=abc.DEF');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirmez votre abonnement' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Rien ne vous est envoyé/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer l’abonnement' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Le service est momentanément indisponible. Veuillez réessayer.');
    expect(alert).toHaveTextContent('Votre lien reste valable.');
    const [, init] = linkPosts(fetch)[0]!;
    expect(new Headers(init?.headers).get('Accept-Language')).toBe('fr');

    answer = json(200, { status: 'confirmed', message: 'Votre abonnement est confirmé. Merci !' });
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer l’abonnement' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Abonnement confirmé' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lire le blog' })).toHaveAttribute('href', '/blog');
    expect(screen.getByRole('link', { name: 'Voir les prochains événements' })).toHaveAttribute('href', '/events');
  });

  it('says in French, without a connection, that the link still works', async () => {
    await inFrench();
    mockFetch((url, init) => {
      if (url === '/api/subscriptions/unsubscribe' && init.method === 'POST') throw new TypeError('Failed to fetch');
      return json(401, { message: 'Non connecté' });
    });
    renderApp('/subscription?action=unsubscribe&token=abc.DEF');
    await userEvent.click(await screen.findByRole('button', { name: 'Se désabonner' }, { timeout: 10_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur réseau');
  });
});
