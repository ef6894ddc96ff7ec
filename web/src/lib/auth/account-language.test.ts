import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/i18n/i18n';
import { chooseLocale, saveLanguageChoice, signInLanguage } from './account-language';

function saves(fetch: ReturnType<typeof vi.fn>) {
  return fetch.mock.calls
    .filter(([url]) => url === '/api/user/language')
    .map(([, init]) => ({ method: (init as RequestInit).method, body: JSON.parse((init as RequestInit).body as string) }));
}

function stubFetch(status = 204) {
  const fetch = vi.fn(async () => new Response(null, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.cookie = 'nyota_lang=; Max-Age=0; Path=/';
  await activateLocale('en');
});

describe('a choice of language', () => {
  it('is remembered on the device at once, and saved on the account by the next page of a signed-in user', async () => {
    const fetch = stubFetch();
    chooseLocale('fr');
    expect(document.cookie).toContain('nyota_lang=fr');
    expect(saves(fetch)).toEqual([]);
    await saveLanguageChoice({ language: 'en' });
    expect(saves(fetch)).toEqual([{ method: 'PUT', body: { language: 'fr' } }]);
    // Saved once: the pages after send nothing.
    await saveLanguageChoice({ language: 'en' });
    expect(saves(fetch)).toHaveLength(1);
  });

  it('is not sent for a visitor who is not signed in, nor for the language the account has', async () => {
    const fetch = stubFetch();
    chooseLocale('sw');
    await saveLanguageChoice(null);
    chooseLocale('sw');
    await saveLanguageChoice({ language: 'sw' });
    expect(saves(fetch)).toEqual([]);
  });

  it('is tried again on the next page when the save fails', async () => {
    let fetch = stubFetch(503);
    chooseLocale('sw');
    await expect(saveLanguageChoice({ language: 'en' })).rejects.toThrow();
    fetch = stubFetch();
    await saveLanguageChoice({ language: 'en' });
    expect(saves(fetch)).toEqual([{ method: 'PUT', body: { language: 'sw' } }]);
  });
});

describe('signInLanguage', () => {
  it('opens the destination in the account language when the page is in another, and remembers it', () => {
    expect(signInLanguage({ language: 'fr' }, '/dashboard')).toBe('/fr/dashboard');
    expect(document.cookie).toContain('nyota_lang=fr');
    expect(signInLanguage({ language: 'sw' }, '/pricing?plan=pro')).toBe('/sw/pricing?plan=pro');
  });

  it('goes on in this page when it is in the account language, and leaves the English admin where it is', async () => {
    await activateLocale('fr');
    expect(signInLanguage({ language: 'fr' }, '/dashboard')).toBeNull();
    await activateLocale('en');
    expect(signInLanguage({ language: 'fr' }, '/admin/chat')).toBeNull();
    expect(document.cookie).toContain('nyota_lang=fr');
  });

  it('gives an account without a language this device\'s choice, saved by the next page', async () => {
    const fetch = stubFetch();
    expect(signInLanguage({}, '/dashboard')).toBeNull();
    await saveLanguageChoice({});
    expect(saves(fetch)).toEqual([]);
    document.cookie = 'nyota_lang=sw; Path=/';
    expect(signInLanguage({}, '/dashboard')).toBeNull();
    await saveLanguageChoice({});
    expect(saves(fetch)).toEqual([{ method: 'PUT', body: { language: 'sw' } }]);
  });
});
