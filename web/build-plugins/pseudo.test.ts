import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import MessageFormat from '@messageformat/core';
import { describe, expect, it } from 'vitest';
import { pseudoCatalogue, pseudoMessage } from './pseudo';

const english = JSON.parse(
  // Vitest runs in web/.
  readFileSync(join(process.cwd(), 'src/i18n/catalogs/en.json'), 'utf8'),
) as Record<string, string>;

describe('the pseudo-locale', () => {
  it('accents and lengthens every word, brackets the message, and keeps placeholders, plurals and tags', () => {
    expect(pseudoMessage('Home')).toBe('[Ĥöɱéĥö]');
    expect(pseudoMessage('Welcome, {name}!')).toBe('[Ŵéļçöɱéŵéļ, {name}!]');
    expect(pseudoMessage('{left, plural, one {# code} other {# codes}}')).toBe(
      '[{left, plural, one {# çöðéçö} other {# çöðéšçö}}]',
    );
    expect(pseudoMessage("Don't have an account? <0>Create Account</0>")).toContain('<0>');
    expect(pseudoMessage('At most {max, number} characters')).toContain('{max, number}');
  });

  it('makes every English message about 40 % longer, and each still compiles with the same values', () => {
    const pseudo = pseudoCatalogue(english);
    const format = new MessageFormat('en', { strict: true });
    const named: Record<string, string | number> = { name: 'Amina', count: 2, left: 3, max: 60, minutes: 5, phone: '+254', company: 'Nyota' };
    // Any other placeholder (hours, days, percent...) a number: every plural and number format has one.
    const values = new Proxy(named, { get: (known, key: string) => known[key] ?? 2 });
    let before = 0;
    let after = 0;
    for (const [key, message] of Object.entries(english)) {
      const shown = (text: string) => format.compile(text)(values) as string;
      before += shown(message).length;
      after += shown(pseudo[key]!).length;
    }
    expect(after / before).toBeGreaterThan(1.35);
    expect(after / before).toBeLessThan(1.6);
  });
});
