import { afterEach, describe, expect, it } from 'vitest';
import fr from './catalogs/fr.json';
import sw from './catalogs/sw.json';
import {
  activateLocale,
  activeLocale,
  formatDate,
  formatMoney,
  formatNumber,
  formatPercent,
  formatShillings,
  loadArea,
  t,
  textsIn,
} from './i18n';

afterEach(async () => {
  await activateLocale('en');
});

describe('the message runtime', () => {
  it("speaks the page's language once its frame is loaded, with placeholders put in", async () => {
    const root = document.createElement('html');
    await activateLocale('fr', root);
    expect(activeLocale()).toBe('fr');
    expect(root.lang).toBe('fr');
    expect(t('footer.rights', { year: 2026, company: 'Nyota Cloud' })).toBe(
      fr['footer.rights'].replace('{year}', '2026').replace('{company}', 'Nyota Cloud'),
    );
  });

  it("loads a page's own messages in the page's language with the page", async () => {
    await import('virtual:catalog/en/home');
    await activateLocale('sw');
    await loadArea('home');
    expect(t('home.hero.title')).toBe(sw['home.hero.title']);
    await expect(loadArea('no-such-area')).rejects.toThrow('no message area "no-such-area"');
  });

  it('formats figures in the language: a comma and a space before % in French', async () => {
    await activateLocale('fr');
    expect(formatPercent(0.999)).toBe('99,9\u00a0%');
    await activateLocale('en');
    expect(formatPercent(0.999)).toBe('99.9%');
  });

  it('formats money, numbers and dates per language, the figures unchanged', async () => {
    expect([formatMoney(8.4), formatMoney(7), formatNumber(1234.5), formatDate('2025-04-23T12:00:00Z')]).toEqual([
      '$8.40',
      '$7',
      '1,234.5',
      'April 23, 2025',
    ]);
    await activateLocale('fr');
    expect([formatMoney(8.4), formatMoney(7), formatDate('2025-04-23T12:00:00Z')]).toEqual([
      '8,40\u00a0$US',
      '7\u00a0$US',
      '23 avril 2025',
    ]);
    expect(formatNumber(1234.5).replace(/\s/u, ' ')).toBe('1 234,5');
    expect(formatShillings(1800).replace(/\s/gu, ' ')).toBe('1 800 KES');
    await activateLocale('sw');
    expect([formatMoney(8.4), formatDate('2025-04-23T12:00:00Z')]).toEqual(['US$\u00a08.40', '23 Aprili 2025']);
    expect(formatShillings(1800).replace(/\s/gu, ' ')).toBe('Ksh 1,800');
    await activateLocale('en');
    // English keeps the spec's spelling.
    expect([formatShillings(500), formatShillings(1800)]).toEqual(['KSh. 500', 'KSh. 1,800']);
  });

  it("speaks another language's frame for the one place that offers it, leaving the page's alone", async () => {
    const say = await textsIn('sw');
    expect(say('language.label')).toBe(sw['language.label']);
    expect(t('language.label')).not.toBe(sw['language.label']);
  });
});
