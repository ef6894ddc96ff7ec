// The shape of a legal document: numbered sections of typed blocks, rendered
// by `LegalDocument`. Content modules (privacy-content.ts, sla-content.ts...)
// hold the words and figures; the layout only renders them.

/** A run of text, or a link inside a paragraph (`to` for pages of this site). */
export type Inline = string | { text: string; to: string };

export type Block =
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'list'; items: Inline[][]; ordered?: boolean }
  | { kind: 'table'; caption: string; columns: string[]; rows: string[][] }
  | { kind: 'subsection'; title: string; blocks: Block[] }
  /** The company's contact details, read from the site settings when rendered. */
  | { kind: 'contact'; mailSubject: string };

export interface LegalSection {
  /** The heading without its number; the number comes from the position. */
  title: string;
  blocks: Block[];
}

export interface Highlight {
  value: string;
  label: string;
}

export interface LegalContent {
  /** The catalogue route whose metadata the page uses. */
  route: string;
  title: string;
  /** ISO date (yyyy-mm-dd) of the last revision. */
  lastUpdated: string;
  version?: string;
  intro: Block[];
  highlights?: Highlight[];
  sections: LegalSection[];
}

/** The anchor of the n-th section (1-based): `/privacy#section-9`. */
export function sectionId(n: number): string {
  return `section-${n}`;
}

/** "April 23, 2025" for "2025-04-23", whatever the visitor's time zone. */
export function longUsDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

/** The visitor's local calendar date as yyyy-mm-dd. */
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Shorthand for a paragraph of plain text. */
export function p(...content: Inline[]): Block {
  return { kind: 'paragraph', content };
}

/** Shorthand for a bulleted list of plain-text items. */
export function ul(...items: (string | Inline[])[]): Block {
  return { kind: 'list', items: items.map((item) => (typeof item === 'string' ? [item] : item)) };
}
