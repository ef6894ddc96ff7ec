import { expect } from '@playwright/test';

// The workers mail a real mail catcher (MailDev, infra/mail-catcher; ./infra/e2e
// starts it, as ./infra/run does for a newcomer); these tests read what it
// received through the same API its web page uses.
export const mailCatcherUrl = process.env.MAIL_CATCHER_URL;

interface Mail {
  to: string;
  subject: string;
  /** The plain-text part, as MailDev decoded it. */
  text: string;
  /** The HTML part. */
  html: string;
}

interface CaughtMail {
  to?: Array<{ address: string; name?: string }>;
  subject?: string;
  text?: string;
  html?: string;
}

/** The emails the catcher holds for `address`. */
export async function mailsTo(address: string): Promise<Mail[]> {
  const response = await fetch(`${mailCatcherUrl}/email`);
  if (!response.ok) throw new Error(`the mail catcher answered ${response.status}`);
  const caught = (await response.json()) as CaughtMail[];
  return caught
    .map((mail) => ({
      to: (mail.to ?? []).map((recipient) => recipient.address).join(', '),
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      html: mail.html ?? '',
    }))
    .filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

/** Waits for the email to `address` with `subject` and returns the link in it that contains `path`. */
export async function linkInMail(address: string, subject: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(address)).find((m) => m.subject === subject);
        link = mail?.text.split(/\s+/).find((word) => word.startsWith('http') && word.includes(path));
        return link;
      },
      { timeout: 15_000, message: `an email "${subject}" to ${address}` },
    )
    .toBeTruthy();
  return link!;
}
