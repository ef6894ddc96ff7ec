import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, loadArea } from '@/i18n/i18n';
import { json, mockFetch, renderApp } from '@/test/render';

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

const token = 'gaytemzugu3doobzgaytemzugu3d.abc';

/** The POSTs the page made to the chat email routes. */
function changes(fetch: ReturnType<typeof mockFetch>) {
  return fetch.mock.calls
    .filter(([url, init]) => String(url).startsWith('/api/chat/emails/') && init?.method === 'POST')
    .map(([url]) => String(url));
}

describe('the page a reply email\'s "stop" link leads to', () => {
  it('asks first, stops only when the button is pressed, and can start the emails again', async () => {
    const fetch = mockFetch((url, init) => {
      if (url.startsWith('/api/chat/emails/unsubscribe?') && init.method === 'POST') {
        return json(200, {
          email: 'wanjiru@example.com',
          sending: false,
          message: 'We will not email wanjiru@example.com about chats any more. Replies stay in the chat on our site.',
        });
      }
      if (url.startsWith('/api/chat/emails/resubscribe?') && init.method === 'POST') {
        return json(200, {
          email: 'wanjiru@example.com',
          sending: true,
          message: 'Replies you miss in a chat will be emailed to wanjiru@example.com again.',
        });
      }
      return json(401, { error: 'Unauthorized', message: 'Not signed in' });
    });
    renderApp(`/chat-emails?action=stop&token=${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Stop emails about your chats?' })).toBeInTheDocument();
    expect(changes(fetch)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Stop chat emails' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat emails stopped' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'We will not email wanjiru@example.com about chats any more. Replies stay in the chat on our site.',
    );
    expect(changes(fetch)).toEqual([`/api/chat/emails/unsubscribe?token=${encodeURIComponent(token)}`]);

    await userEvent.click(screen.getByRole('button', { name: 'Email me again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat emails are on' })).toBeInTheDocument();
    expect(changes(fetch)).toHaveLength(2);
    expect(changes(fetch)[1]).toMatch(/^\/api\/chat\/emails\/resubscribe\?token=/);
  });

  it('says a refused link is not valid, and keeps the button when the server cannot be reached', async () => {
    let answer = json(503, { error: 'Service Unavailable', message: 'Please try again.' });
    mockFetch((url, init) => {
      if (url.startsWith('/api/chat/emails/unsubscribe?') && init.method === 'POST') return answer;
      return json(401, { error: 'Unauthorized', message: 'Not signed in' });
    });
    renderApp(`/chat-emails?action=stop&token=${token}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Stop chat emails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again.');
    expect(screen.getByRole('button', { name: 'Stop chat emails' })).toBeEnabled();

    answer = json(400, { error: 'Bad Request', message: 'This link is not valid. Please copy the whole link from the email.' });
    await userEvent.click(screen.getByRole('button', { name: 'Stop chat emails' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeInTheDocument();
  });

  it('says a link without its token is not valid', async () => {
    mockFetch(() => json(401, { error: 'Unauthorized', message: 'Not signed in' }));
    renderApp('/chat-emails?action=stop');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeInTheDocument();
  });

  it('speaks French at /fr/chat-emails and asks the server in French', async () => {
    // The router loads the area with the page's module, which this file's
    // earlier tests loaded in English already.
    await activateLocale('fr');
    await loadArea('chatEmails');
    const languages: (string | null)[] = [];
    mockFetch((url, init) => {
      if (url.startsWith('/api/chat/emails/unsubscribe?') && init.method === 'POST') {
        languages.push(new Headers(init.headers).get('Accept-Language'));
        return json(200, {
          email: 'wanjiru@example.com',
          sending: false,
          message: 'Nous n’enverrons plus d’e-mails à wanjiru@example.com au sujet de vos conversations.',
        });
      }
      return json(401, { error: 'Unauthorized', message: 'Non connecté' });
    });
    renderApp(`/chat-emails?action=stop&token=${token}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ne plus recevoir d’e-mails sur vos conversations ?' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Arrêter les e-mails de conversation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mails de conversation arrêtés' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Nous n’enverrons plus d’e-mails à wanjiru@example.com');
    expect(languages).toEqual(['fr']);
    expect(screen.getByRole('button', { name: 'Recevoir à nouveau les e-mails' })).toBeEnabled();
  });

  it('says a link without its token is not valid, in Kiswahili too', async () => {
    await activateLocale('sw');
    await loadArea('chatEmails');
    mockFetch(() => json(401, { error: 'Unauthorized', message: 'Hujaingia' }));
    renderApp('/chat-emails?action=stop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kiungo hiki si sahihi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nenda kwenye tovuti' })).toBeInTheDocument();
  });
});
