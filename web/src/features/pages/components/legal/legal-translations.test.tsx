// The legal pages in French and Kiswahili: the same document, its figures in
// the page's language, and a notice that the English version prevails.

import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, loadArea } from '@/i18n/i18n';
import { renderApp } from '@/test/render';
import { dpaContent } from './dpa-content';
import type { LegalContent } from './legal-types';
import { privacyContent } from './privacy-content';
import { securityContent } from './security-content';
import { slaContent } from './sla-content';
import { termsContent } from './terms-content';

afterEach(async () => {
  await activateLocale('en');
});

const documents: [string, () => LegalContent][] = [
  ['privacy', () => privacyContent],
  ['terms', () => termsContent()],
  ['compliance', () => securityContent],
  ['sla', () => slaContent],
  ['dpa', () => dpaContent],
];

/** A document's shape: its sections' block kinds and links, without the words. */
function shape(doc: LegalContent) {
  return doc.sections.map((section) =>
    section.blocks.map((block) =>
      block.kind === 'paragraph'
        ? block.content.map((part) => (typeof part === 'string' ? 'text' : part.to))
        : block.kind === 'table'
          ? [block.columns.length, block.rows.length]
          : block.kind,
    ),
  );
}

describe.each(['fr', 'sw'] as const)('in %s', (locale) => {
  it.each(documents)('%s has the English document’s sections, tables and links, in other words', async (area, content) => {
    const english = { ...content() };
    await activateLocale(locale);
    await Promise.all([loadArea(area), loadArea('legal')]);
    const translated = { ...content() };
    expect(shape(translated)).toEqual(shape(english));
    expect(translated.title).not.toBe(english.title);
    expect(new Set(translated.sections.map((s) => s.title)).size).toBe(english.sections.length);
  });
});

describe('a translated legal page', () => {
  it('says in French that the English version prevails, links to it, and shows the figures in French', async () => {
    await activateLocale('fr');
    renderApp('/service-level-agreement');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accord de niveau de service' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(/la version anglaise fait foi/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Consulter la version anglaise' })).toHaveAttribute('href', '/service-level-agreement');
    expect(screen.getByText('23 avril 2025')).toHaveAttribute('datetime', '2025-04-23');
    const table = screen.getByRole('table', { name: 'Disponibilité et crédit de service par service' });
    const storage = within(table).getByRole('rowheader', { name: 'Stockage' }).closest('tr')!;
    // French puts a (narrow) no-break space before the percent sign.
    const cells = [...storage.querySelectorAll('td')].map((cell) => cell.textContent!.replace(/\s/g, ' '));
    expect(cells).toEqual(['99,99 %', '4,32 minutes', '20 %']);
  });

  it('says it in Kiswahili too, with the date in Kiswahili', async () => {
    await activateLocale('sw');
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sera ya Faragha' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(/toleo la Kiingereza ndilo litakalotumika/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Soma toleo la Kiingereza' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByText('23 Aprili 2025')).toBeInTheDocument();
  });

  it('is not announced on the English page', async () => {
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText(/English version prevails/)).not.toBeInTheDocument();
  });
});
