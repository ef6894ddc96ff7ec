import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, activeLocale, formatPercent, t } from './i18n';
import { localeBase, localizedPath, rememberedLocale, rememberLocale, splitLocale } from './locales';

afterEach(async () => {
  await activateLocale('en');
});

describe('locales', () => {
  it('reads the language off the address, English at today\'s paths', () => {
    expect(splitLocale('/')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocale('/blog/42')).toEqual({ locale: 'en', path: '/blog/42' });
    expect(splitLocale('/fr')).toEqual({ locale: 'fr', path: '/' });
    expect(splitLocale('/fr/')).toEqual({ locale: 'fr', path: '/' });
    expect(splitLocale('/sw/pricing')).toEqual({ locale: 'sw', path: '/pricing' });
    // Not a language prefix: a path that merely starts with the letters.
    expect(splitLocale('/frontier')).toEqual({ locale: 'en', path: '/frontier' });
    expect(splitLocale('/de/blog')).toEqual({ locale: 'en', path: '/de/blog' });
  });

  it('puts a path in a language', () => {
    expect(localizedPath('/blog', 'fr')).toBe('/fr/blog');
    expect(localizedPath('/', 'sw')).toBe('/sw');
    expect(localizedPath('/blog', 'en')).toBe('/blog');
    expect(localeBase('en')).toBe('');
    expect(localeBase('fr')).toBe('/fr');
  });

  it('remembers the choice in a cookie for a year', () => {
    const doc = { cookie: '' };
    expect(rememberedLocale(doc)).toBeNull();
    rememberLocale('sw', doc);
    expect(doc.cookie).toBe('nyota_lang=sw; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(rememberedLocale({ cookie: 'theme=dark; nyota_lang=fr' })).toBe('fr');
    expect(rememberedLocale({ cookie: 'nyota_lang=de' })).toBeNull();
  });

  it('loads a language with its catalogue and sets the page language', async () => {
    const root = document.createElement('html');
    await activateLocale('fr', root);
    expect(activeLocale()).toBe('fr');
    expect(root.lang).toBe('fr');
    expect(t('footer.rights', { year: '2026', company: 'Nyota Cloud' })).toBe('© 2026 Nyota Cloud. Tous droits réservés.');
    await activateLocale('sw', root);
    expect(t('header.logIn')).toBe('Ingia');
    expect(formatPercent(0.999)).toBe('99.9%');
    await activateLocale('fr', root);
    // Intl's French: a decimal comma and a no-break space before the sign.
    expect(formatPercent(0.999)).toMatch(/^99,9[\u00a0\u202f]%$/);
    await activateLocale('en', root);
    expect(t('header.logIn')).toBe('Log In');
    expect(formatPercent(0.999)).toBe('99.9%');
    expect(root.lang).toBe('en');
  });
});
