import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

// The workers mail a real SMTP sink that saves each message as a file in
// SMTP_SINK_DIR (infra/e2e starts it); these tests read the links from there.
export const sinkDir = process.env.SMTP_SINK_DIR;

interface Mail {
  to: string;
  subject: string;
  /** The decoded text/plain part. */
  text: string;
}

function header(head: string, name: string): string {
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/** The text/plain part of a multipart message, decoded (lettre picks quoted-printable or base64). */
function plainText(raw: string): string {
  const start = raw.indexOf('Content-Type: text/plain');
  if (start < 0) return '';
  const part = raw.slice(start);
  const split = part.indexOf('\r\n\r\n');
  const head = part.slice(0, split);
  const body = part.slice(split + 4).split('\r\n--')[0]!;
  const encoding = header(head, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const joined = body.replace(/=\r\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < joined.length; i++) {
      const hex = joined.slice(i + 1, i + 3);
      if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(joined.charCodeAt(i));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

export function mailsTo(address: string): Mail[] {
  return readdirSync(sinkDir!)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(join(sinkDir!, name), 'utf8'))
    .map((raw) => {
      const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
      return { to: header(head, 'To'), subject: header(head, 'Subject'), text: plainText(raw) };
    })
    .filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

/** Waits for the email to `address` with `subject` and returns the link in it that contains `path`. */
export async function linkInMail(address: string, subject: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = mailsTo(address).find((m) => m.subject === subject);
        link = mail?.text.split(/\s+/).find((word) => word.startsWith('http') && word.includes(path));
        return link;
      },
      { timeout: 15_000, message: `an email "${subject}" to ${address}` },
    )
    .toBeTruthy();
  return link!;
}
