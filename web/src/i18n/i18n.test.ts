import { afterEach, describe, expect, it } from 'vitest';
import fr from './catalogs/fr.json';
import sw from './catalogs/sw.json';
import { activateLocale, activeLocale, formatPercent, loadArea, t, textsIn } from './i18n';

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

  it("speaks another language's frame for the one place that offers it, leaving the page's alone", async () => {
    const say = await textsIn('sw');
    expect(say('language.label')).toBe(sw['language.label']);
    expect(t('language.label')).not.toBe(sw['language.label']);
  });
});
