/// <reference types="node" />
// The catalogues against each other and against the code: no key missing in
// a language or unused, every placeholder and plural the same as English's,
// every message valid ICU, and no English left in French or Kiswahili.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import pageMeta from '../app/page-meta.json';
import { locales } from './locales';

// Vitest runs in web/.
const src = join(process.cwd(), 'src');
const here = join(src, 'i18n');
const catalogue = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(here, 'catalogs', `${locale}.json`), 'utf8')) as Record<string, string>;
const english = catalogue('en');

/**
 * Messages that are rightly the same as English in a language: words the
 * language shares. Product names are never in a catalogue at all.
 */
const sameAsEnglish: Record<string, string[]> = {
  fr: [
    'header.solutions',
    'nav.blog',
    'nav.contact',
    'widget.rating.excellent',
    'hostedEmail.stats.clients',
    'about.mission.infrastructure.title',
    'about.mission.performance.title',
    'about.values.innovation.title',
    'blog.pagination.page',
    'blog.sidebar.countOne',
    'blog.sidebar.countOther',
    'events.detail.dates',
    'events.detail.description',
    'events.pagination.page',
    'messageForm.message',
    // The product's name is the page's title.
    'dataForge.meta.title',
    // The same words in French.
    'legal.version',
    'legal.minutes',
    'sla.uptime.service',
    'sla.maintenance.maintenance',
    'sla.exclusions.title',
    // An abbreviation the languages share.
    'sla.service.iaas',
    // The language's own name, in every language.
    'blog.language.sw',
    'events.language.sw',
  ],
  // Kiswahili writes file sizes in KB and MB, and "data" as English does.
  sw: [
    'widget.size.kb',
    'widget.size.mb',
    'dataForge.meta.title',
    'sla.service.iaas',
    'compliance.shared.data',
    // The language's own name, in every language.
    'blog.language.sw',
    'events.language.sw',
  ],
};

/** A message's arguments: name and kind ("argument", "number", "plural"…), sorted. */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') found.add(`${token.arg}:argument`);
      else if (token.type === 'function') found.add(`${token.arg}:${token.key}`);
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        found.add(`${token.arg}:${token.type}`);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  // The element tags of a rich message (`<0>…</0>`, see rich.tsx).
  for (const [, n] of message.matchAll(/<(\d+)>/g)) found.add(`<${n}>:element`);
  return [...found].sort();
}

/** Every plural and select in `message` has its `other` case. */
function everyChoiceHasOther(message: string): boolean {
  const walk = (tokens: Token[]): boolean =>
    tokens.every((token) =>
      token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal'
        ? token.cases.some((c) => c.key === 'other') && token.cases.every((c) => walk(c.tokens))
        : true,
    );
  return walk(parse(message));
}

/** The app's source files, tests and catalogues aside. */
function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return name === 'catalogs' || name === 'api-types' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('message catalogues', () => {
  it.each(locales)('%s has exactly the English keys', (locale) => {
    expect(Object.keys(catalogue(locale)).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(locales)('every %s message is valid ICU with the same placeholders and plurals as English', (locale) => {
    for (const [key, message] of Object.entries(catalogue(locale))) {
      expect(argumentsOf(message), `${locale} ${key}`).toEqual(argumentsOf(english[key]!));
      expect(everyChoiceHasOther(message), `${locale} ${key} lacks an "other" case`).toBe(true);
      expect(message.trim(), `${locale} ${key} is empty`).not.toBe('');
    }
  });

  it.each(locales.filter((locale) => locale !== 'en'))('%s leaves no English untranslated', (locale) => {
    const untranslated = Object.entries(catalogue(locale))
      .filter(([key, message]) => message === english[key] && /\p{L}/u.test(message))
      .map(([key]) => key);
    expect(untranslated.sort()).toEqual([...sameAsEnglish[locale]!].sort());
  });

  it('has the title, description and keywords of every translated page', () => {
    for (const entry of Object.values(pageMeta.pages)) {
      if (!('area' in entry)) continue;
      for (const field of ['title', 'description', 'keywords']) {
        expect(english[`${entry.area}.meta.${field}`], `${entry.area}.meta.${field}`).toBeTruthy();
      }
    }
  });

  it('uses every key in the code, by its id', () => {
    const code = sourceFiles(src)
      .filter((path) => !path.startsWith(join(src, 'i18n')))
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    // A translated page's title, description and keywords are used through
    // its area in page-meta.json (src/lib/route-meta.ts, and the gateway).
    const metaAreas = new Set(
      Object.values(pageMeta.pages).flatMap((entry) => ('area' in entry ? [entry.area] : [])),
    );
    const viaPageMeta = (key: string) => {
      const [area, meta, field] = key.split('.');
      return meta === 'meta' && ['title', 'description', 'keywords'].includes(field!) && metaAreas.has(area!);
    };
    const unused = Object.keys(english).filter(
      (key) => !code.includes(`'${key}'`) && !code.includes(`"${key}"`) && !viaPageMeta(key),
    );
    expect(unused).toEqual([]);
  });
});
