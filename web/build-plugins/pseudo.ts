// The pseudo-locale of the layout check (docs/testing.md): every English
// message with its letters accented and each word about 40 % longer, the
// message bracketed ("Home" → "[Ĥöɱéĥö]"), so a test build shows at once
// where a longer language would overflow or be clipped (a missing "]").
// Placeholders, plurals, selects, `#` and the rich-text tags stay as they
// are. Made at build time from en.json when PSEUDO_LOCALE=1 (catalogs.ts);
// never in a shipped build, never a catalogue file of its own.

import { parse, type Token } from '@messageformat/parser';

const accented: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

/** How much longer each word gets. */
const GROWTH = 0.4;

/** A word accented and lengthened by repeating its own letters: "Home" → "Ĥöɱéĥö". */
function pseudoWord(word: string): string {
  const letters = [...word].map((letter) => accented[letter] ?? letter);
  const extra = Math.ceil(letters.length * GROWTH);
  const tail = Array.from({ length: extra }, (_, i) => letters[i % letters.length]!.toLowerCase());
  return letters.join('') + tail.join('');
}

/** Plain text written back as ICU: apostrophes doubled, braces (and `#` in a plural) quoted. */
function quote(text: string, inPlural: boolean): string {
  return text
    .replace(/'/g, "''")
    .replace(inPlural ? /[{}#]+/g : /[{}]+/g, (special) => `'${special}'`);
}

function pseudoText(text: string): string {
  // Words of Latin letters only; the rich-text tags (<0>, </0>) hold none.
  return text.replace(/[A-Za-z]+/g, pseudoWord);
}

function write(tokens: Token[], inPlural: boolean): string {
  return tokens
    .map((token) => {
      switch (token.type) {
        case 'content':
          return quote(pseudoText(token.value), inPlural);
        case 'octothorpe':
          return '#';
        case 'argument':
        case 'function':
          // As written: `{name}`, `{max, number}`.
          return token.ctx.text;
        default: {
          const offset = token.pluralOffset ? ` offset:${token.pluralOffset}` : '';
          const plural = token.type !== 'select';
          const cases = token.cases.map((c) => `${c.key} {${write(c.tokens, plural)}}`).join(' ');
          return `{${token.arg}, ${token.type},${offset} ${cases}}`;
        }
      }
    })
    .join('');
}

/** `message` (ICU MessageFormat) in the pseudo-locale. */
export function pseudoMessage(message: string): string {
  return `[${write(parse(message), false)}]`;
}

/** Every message of a catalogue in the pseudo-locale. */
export function pseudoCatalogue(messages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, pseudoMessage(message)]));
}
