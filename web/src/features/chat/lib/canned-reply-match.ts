// The canned-reply picker's logic: when it opens (a `/` word at the caret),
// which replies match what follows the `/` (fuzzy, on shortcut and title),
// and the reply text with its placeholders filled in.

import type { CannedResponse } from '@/api-types/CannedResponse';
import type { Language } from '@/api-types/Language';

/** The `/word` being typed just before the caret, if any. */
export interface SlashQuery {
  /** Index of the `/` in the text. */
  start: number;
  /** What follows the `/`, up to the caret. */
  query: string;
}

/** A `/` at the start of the text or after whitespace, then letters, digits or dashes up to the caret. */
export function slashQuery(text: string, caret: number): SlashQuery | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)\/([\p{L}\p{N}-]*)$/u.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/**
 * How well `query` matches `text` (case-insensitive): a prefix beats a
 * substring, which beats the letters in order with gaps; 0 for no match.
 */
export function fuzzyScore(query: string, text: string): number {
  const q = query.toLowerCase();
  const t = text.toLowerCase();
  if (q === '') return 1;
  if (t.startsWith(q)) return 100;
  const at = t.indexOf(q);
  if (at >= 0) return Math.max(50, 80 - at);
  let from = 0;
  let gaps = 0;
  for (const char of q) {
    const found = t.indexOf(char, from);
    if (found < 0) return 0;
    gaps += found - from;
    from = found + 1;
  }
  return Math.max(1, 40 - gaps);
}

/**
 * The replies a chat in `language` is offered: for each shortcut, its
 * version in that language, else its English one, else the one there is.
 */
export function repliesInLanguage(replies: readonly CannedResponse[], language: Language): CannedResponse[] {
  const rank = (reply: CannedResponse) => (reply.language === language ? 0 : reply.language === 'en' ? 1 : 2);
  const best = new Map<string, CannedResponse>();
  for (const reply of replies) {
    const kept = best.get(reply.shortcut);
    if (!kept || rank(reply) < rank(kept)) best.set(reply.shortcut, reply);
  }
  return [...best.values()];
}

/** The replies matching `query`, best first (a shortcut match beats an equal title match). */
export function matchCannedResponses(query: string, replies: readonly CannedResponse[]): CannedResponse[] {
  return replies
    .map((reply) => ({ reply, score: Math.max(fuzzyScore(query, reply.shortcut) + 1, fuzzyScore(query, reply.title)) }))
    .filter(({ score }) => score > 1)
    .sort((a, b) => b.score - a.score || a.reply.shortcut.localeCompare(b.reply.shortcut))
    .map(({ reply }) => reply);
}

export interface TemplateValues {
  visitorName: string;
  agentName: string;
}

/** The reply text with `{{visitor.name}}` and `{{agent.name}}` (spaces inside the braces allowed) filled in. */
export function fillTemplate(body: string, values: TemplateValues): string {
  return body.replace(/\{\{\s*(visitor\.name|agent\.name)\s*\}\}/g, (_, name: string) =>
    name === 'visitor.name' ? values.visitorName : values.agentName,
  );
}

/** The text after choosing `reply` for `slash`: the `/word` replaced by the filled-in reply. */
export function insertReply(text: string, caret: number, slash: SlashQuery, filled: string): { text: string; caret: number } {
  const next = text.slice(0, slash.start) + filled + text.slice(caret);
  return { text: next, caret: slash.start + filled.length };
}
