// The shape of a legal document: numbered sections of typed blocks, rendered
// by `LegalDocument`. Content modules (privacy-content.ts, sla-content.ts...)
// hold the figures and build the words from the catalogues (areas privacy,
// terms, security, sla, dpa); the layout only renders them.

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

/**
 * A document built again each time one of its parts is read, so that it is
 * in the page's language: the language is set before the first render and
 * a page's texts load with the page (router.tsx), after its modules ran.
 */
export function inPageLanguage(build: () => LegalContent): LegalContent {
  return {
    get route() {
      return build().route;
    },
    get title() {
      return build().title;
    },
    get lastUpdated() {
      return build().lastUpdated;
    },
    get version() {
      return build().version;
    },
    get intro() {
      return build().intro;
    },
    get highlights() {
      return build().highlights;
    },
    get sections() {
      return build().sections;
    },
  };
}

/**
 * A message with links as inline parts: "Read our <0>Privacy Policy</0>." with
 * `'/privacy'` links the words between <0> and </0> to /privacy (the router's
 * base keeps the page's language). A translation moves the tags with its words.
 */
export function linked(message: string, ...targets: string[]): Inline[] {
  const parts: Inline[] = [];
  const tag = /<(\d+)>(.*?)<\/\1>/gs;
  let last = 0;
  for (let match = tag.exec(message); match; match = tag.exec(message)) {
    if (match.index > last) parts.push(message.slice(last, match.index));
    const to = targets[Number(match[1])];
    parts.push(to ? { text: match[2]!, to } : match[2]!);
    last = match.index + match[0].length;
  }
  if (last < message.length) parts.push(message.slice(last));
  return parts;
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
