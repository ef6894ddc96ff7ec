import { describe, expect, it } from 'vitest';
import type { CannedResponse } from '@/api-types/CannedResponse';
import { fillTemplate, fuzzyScore, insertReply, matchCannedResponses, repliesInLanguage, slashQuery } from './canned-reply-match';

function reply(shortcut: string, title: string): CannedResponse {
  return { id: shortcut, shortcut, title, body: `${title} body`, language: 'en', createdAt: '', updatedAt: '' };
}

const library = [reply('hello', 'Greeting'), reply('refund-policy', 'Refunds and returns'), reply('sla', 'Service level agreement'), reply('bye', 'Goodbye')];

describe('slashQuery', () => {
  it('opens on a slash word at the caret', () => {
    expect(slashQuery('/', 1)).toEqual({ start: 0, query: '' });
    expect(slashQuery('/ref', 4)).toEqual({ start: 0, query: 'ref' });
    expect(slashQuery('Thanks! /re', 11)).toEqual({ start: 8, query: 're' });
  });

  it('stays closed inside words, urls and after a space', () => {
    expect(slashQuery('and/or', 6)).toBeNull();
    expect(slashQuery('see https://a.b/x', 17)).toBeNull();
    expect(slashQuery('/ref ', 5)).toBeNull();
    expect(slashQuery('hello', 5)).toBeNull();
  });

  it('reads only up to the caret', () => {
    expect(slashQuery('/refund tail', 4)).toEqual({ start: 0, query: 'ref' });
  });
});

describe('fuzzy matching', () => {
  it('ranks a prefix over a substring over scattered letters', () => {
    expect(fuzzyScore('ref', 'refund')).toBeGreaterThan(fuzzyScore('fun', 'refund'));
    expect(fuzzyScore('fun', 'refund')).toBeGreaterThan(fuzzyScore('rfd', 'refund'));
    expect(fuzzyScore('rfd', 'refund')).toBeGreaterThan(0);
    expect(fuzzyScore('xyz', 'refund')).toBe(0);
    expect(fuzzyScore('REF', 'refund')).toBe(100);
  });

  it('matches shortcuts and titles, best first', () => {
    expect(matchCannedResponses('ref', library).map((r) => r.shortcut)).toEqual(['refund-policy']);
    // "goodbye" is only in a title.
    expect(matchCannedResponses('good', library).map((r) => r.shortcut)).toEqual(['bye']);
    // Scattered letters: s-l-a in "sla" (prefix) and in "Service level agreement".
    expect(matchCannedResponses('sla', library)[0]?.shortcut).toBe('sla');
    expect(matchCannedResponses('rp', library).map((r) => r.shortcut)).toContain('refund-policy');
    expect(matchCannedResponses('qqq', library)).toEqual([]);
  });

  it('lists everything, by shortcut, for a bare slash', () => {
    expect(matchCannedResponses('', library).map((r) => r.shortcut)).toEqual(['bye', 'hello', 'refund-policy', 'sla']);
  });
});

describe('fillTemplate', () => {
  it('fills the visitor and agent names, with or without spaces in the braces', () => {
    expect(
      fillTemplate('Hi {{visitor.name}}, {{ agent.name }} here. {{visitor.name}}?', {
        visitorName: 'Amina',
        agentName: 'Baraka',
      }),
    ).toBe('Hi Amina, Baraka here. Amina?');
  });

  it('leaves unknown placeholders and names with $ patterns as they are', () => {
    expect(fillTemplate('{{visitor.email}} {{visitor.name}}', { visitorName: "$& $'", agentName: 'B' })).toBe(
      "{{visitor.email}} $& $'",
    );
  });
});

describe('insertReply', () => {
  it('replaces the slash word and puts the caret after the reply', () => {
    const text = 'Thanks! /re and more';
    const slash = slashQuery(text, 11);
    expect(slash).not.toBeNull();
    expect(insertReply(text, 11, slash!, 'Refunds take 3 days.')).toEqual({
      text: 'Thanks! Refunds take 3 days. and more',
      caret: 28,
    });
  });
});

describe('repliesInLanguage', () => {
  const version = (shortcut: string, language: 'en' | 'fr' | 'sw'): CannedResponse => ({ ...reply(shortcut, shortcut), id: `${shortcut}-${language}`, language });

  it("offers each shortcut once: the chat's language, else English, else the one there is", () => {
    const replies = [version('hello', 'en'), version('hello', 'fr'), version('sla', 'en'), version('karibu', 'sw')];
    expect(repliesInLanguage(replies, 'fr').map((r) => r.id)).toEqual(['hello-fr', 'sla-en', 'karibu-sw']);
    expect(repliesInLanguage(replies, 'en').map((r) => r.id)).toEqual(['hello-en', 'sla-en', 'karibu-sw']);
    expect(repliesInLanguage([version('hello', 'sw'), version('hello', 'fr')], 'en').map((r) => r.id)).toEqual(['hello-sw']);
  });
});
