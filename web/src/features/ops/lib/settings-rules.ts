// The site settings' rules, in the server's words (gateway/src/site/rules.rs):
// the form shows each message by its field before anything is sent, and the
// server answers the same text, naming the field, for the first failing one.

import type { RetentionPeriods } from '@/api-types/RetentionPeriods';
import type { SiteSettings } from '@/api-types/SiteSettings';
import { isValidEmail } from '@/lib/email';
import {
  maxAgentIdleMinutes,
  maxChatAttachmentMib,
  maxChatReplyLocalChars,
  maxReplyEmailMinutes,
  maxStaffSignInHours,
} from '@/api-types/site-settings-defaults';
import { retentionRules } from '@/api-types/retention-rules';
import { settingsLimits } from '@/api-types/input-limits';

/** The form's values: partners as objects, which editable lists need. */
export type SettingsFormValues = Omit<SiteSettings, 'partners' | 'chatHours' | 'firstReplyAlertMinutes'> & {
  partners: { name: string }[];
  /** As typed in a number field. */
  firstReplyAlertMinutes: string;
  /** Checkbox values are strings ("1" = Monday … "7" = Sunday). */
  chatHours: { days: string[]; opens: string; closes: string };
};

export const maxPartners = settingsLimits.partners;
export const maxSocialLinks = settingsLimits.socialLinks;
export const videoEmbedPrefix = 'https://www.youtube-nocookie.com/embed/';

export function toFormValues(settings: SiteSettings): SettingsFormValues {
  return {
    ...settings,
    office: { ...settings.office },
    retention: { ...settings.retention },
    chatHours: { ...settings.chatHours, days: settings.chatHours.days.map(String) },
    firstReplyAlertMinutes: String(settings.firstReplyAlertMinutes),
    partners: settings.partners.map((name) => ({ name })),
    social: settings.social.map((link) => ({ ...link })),
  };
}

/** The body of PUT /api/admin/site-settings (the server trims it). */
export function toSettings(values: SettingsFormValues): SiteSettings {
  return {
    ...values,
    chatHours: { ...values.chatHours, days: values.chatHours.days.map(Number).sort((a, b) => a - b) },
    firstReplyAlertMinutes: Number(values.firstReplyAlertMinutes.trim()),
    partners: values.partners.map((partner) => partner.name),
  };
}

// Characters that draw nothing, as the server counts them (input::is_invisible).
const invisible: [number, number][] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe007f],
  [0xe0100, 0xe01ef],
];

const blank = (value: string) =>
  [...value].every((char) => {
    const point = char.codePointAt(0) ?? 0;
    return /\s/.test(char) || invisible.some(([from, to]) => point >= from && point <= to);
  });
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const control = /[\u0000-\u001F\u007F-\u009F]/u;

/** Required single-line text of at most `max` characters; the trimmed value or the message. */
function text(label: string, raw: string, max: number): { value: string } | { error: string } {
  const value = raw.trim();
  if (control.test(value)) return { error: `${label} must not contain control characters` };
  if (blank(value)) return { error: `${label} is required` };
  if ([...value].length > max) return { error: `${label} must be at most ${max} characters` };
  return { value };
}

function phone(raw: string): string | null {
  const checked = text('Phone', raw, settingsLimits.phoneChars);
  if ('error' in checked) return checked.error;
  if (!/^[\d +\-().]+$/.test(checked.value)) return 'Phone may contain only digits, spaces and + - ( ) .';
  if ((checked.value.match(/\d/g) ?? []).length < 7) return 'Phone must have at least 7 digits';
  return null;
}

function mailbox(label: string, raw: string): string | null {
  const checked = text(label, raw, 254);
  if ('error' in checked) return checked.error;
  return isValidEmail(checked.value) ? null : `${label} must be a valid email address`;
}

/** Empty, or a mailbox whose part before @ leaves room for `+<chat>`. */
function chatReplyAddress(raw: string): string | null {
  const address = raw.trim();
  if (!address) return null;
  const wrong = mailbox('Chat reply address', address);
  if (wrong) return wrong;
  const local = address.split('@')[0] ?? '';
  if (local.includes('+')) return "Chat reply address must not contain + (each chat's address adds +chat to it)";
  return [...local].length > maxChatReplyLocalChars
    ? `Chat reply address must have at most ${maxChatReplyLocalChars} characters before the @`
    : null;
}

function webAddress(label: string, raw: string, httpsOnly: boolean): string | null {
  const checked = text(label, raw, settingsLimits.urlChars);
  if ('error' in checked) return checked.error;
  const address = checked.value;
  const wrong = httpsOnly
    ? `${label} must be a web address starting with https://`
    : `${label} must be a web address starting with http:// or https://`;
  const spelt = httpsOnly ? address.startsWith('https://') : /^https?:\/\//.test(address);
  if (!spelt || /\s/.test(address)) return wrong;
  try {
    return new URL(address).hostname ? null : wrong;
  } catch {
    return wrong;
  }
}

function heroVideo(raw: string): string | null {
  const wrong = webAddress('Hero video URL', raw, true);
  if (wrong) return wrong;
  const address = raw.trim();
  return address.startsWith(videoEmbedPrefix) && address.length > videoEmbedPrefix.length
    ? null
    : `Hero video URL must be a YouTube embed address starting with ${videoEmbedPrefix}`;
}

/** Minutes after midnight of an `HH:MM` 24-hour time, as the server reads it. */
function minutesOf(raw: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(raw.trim());
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

function chatHoursProblem(hours: SettingsFormValues['chatHours']): { path: string; message: string } | null {
  if (hours.days.length === 0) return { path: 'chatHours.days', message: 'Choose at least one day for live chat' };
  const [opens, closes] = [minutesOf(hours.opens), minutesOf(hours.closes)];
  if (opens === null || closes === null) {
    return {
      path: opens === null ? 'chatHours.opens' : 'chatHours.closes',
      message: 'Live chat opening and closing times must be like 08:00 (24-hour)',
    };
  }
  // Closing at 00:00 is midnight at the end of the day (as the server reads it).
  return (closes || 24 * 60) <= opens ? { path: 'chatHours.closes', message: 'Live chat must close after it opens' } : null;
}

/** The first-reply alert threshold: whole minutes, 1 to 60. */
function firstReplyAlertProblem(raw: string): string | null {
  const minutes = Number(raw.trim());
  return /^\d+$/.test(raw.trim()) && minutes >= 1 && minutes <= settingsLimits.firstReplyAlertMinutes
    ? null
    : `First-reply alert must be between 1 and ${settingsLimits.firstReplyAlertMinutes} minutes`;
}

/** The first retention period out of its range, as the server words it (the rules are the contract's, generated). */
function retentionProblem(periods: RetentionPeriods): { path: string; message: string } | null {
  for (const rule of retentionRules) {
    const value = periods[rule.field];
    if (!Number.isInteger(value) || value < rule.min || value > rule.max) {
      return {
        path: `retention.${rule.field}`,
        message: `${rule.label} must be kept between ${rule.min} and ${rule.max} ${rule.unit}`,
      };
    }
  }
  return null;
}

/** Field path (as the form names it, e.g. `partners.2.name`) → message. */
export type SettingsErrors = Record<string, string>;

/** The form's path of a field the server named by its JSON path (partners are objects here). */
export function formPath(serverField: string): string {
  return /^partners\.\d+$/.test(serverField) ? `${serverField}.name` : serverField;
}

/** Every failing field, in the form's order (the server reports the first of them). */
export function validateSettings(values: SettingsFormValues): SettingsErrors {
  const errors: SettingsErrors = {};
  const check = (path: string, message: string | null) => {
    if (message) errors[path] = message;
  };
  const required = (label: string, raw: string, max: number) => {
    const checked = text(label, raw, max);
    return 'error' in checked ? checked.error : null;
  };
  check('phone', phone(values.phone));
  check('hours', required('Office hours', values.hours, settingsLimits.hoursChars));
  const chatHours = chatHoursProblem(values.chatHours);
  if (chatHours) check(chatHours.path, chatHours.message);
  const mib = values.chatAttachmentMaxMib;
  if (!Number.isInteger(mib) || mib < 1 || mib > maxChatAttachmentMib) {
    check(
      'chatAttachmentMaxMib',
      `Largest chat attachment must be a whole number of MiB from 1 to ${maxChatAttachmentMib}`,
    );
  }
  check('firstReplyAlertMinutes', firstReplyAlertProblem(values.firstReplyAlertMinutes));
  const idle = values.agentIdleMinutes;
  if (!Number.isInteger(idle) || idle < 1 || idle > maxAgentIdleMinutes) {
    check('agentIdleMinutes', `Agent idle time must be between 1 and ${maxAgentIdleMinutes} minutes`);
  }
  const replyEmail = values.replyEmailMinutes;
  if (!Number.isInteger(replyEmail) || replyEmail < 1 || replyEmail > maxReplyEmailMinutes) {
    check('replyEmailMinutes', `Email unseen replies after must be between 1 and ${maxReplyEmailMinutes} minutes`);
  }
  const hours = values.staffSignInHours;
  if (!Number.isInteger(hours) || hours < 1 || hours > maxStaffSignInHours) {
    check('staffSignInHours', `Staff sign-in must last a whole number of hours from 1 to ${maxStaffSignInHours}`);
  }
  const retention = retentionProblem(values.retention);
  if (retention) check(retention.path, retention.message);
  check('infoEmail', mailbox('Info email', values.infoEmail));
  check('investorEmail', mailbox('Investor email', values.investorEmail));
  check('salesEmail', mailbox('Sales email', values.salesEmail));
  check('supportEmail', mailbox('Support email', values.supportEmail));
  check('chatReplyAddress', chatReplyAddress(values.chatReplyAddress));
  check('bookingUrl', webAddress('Booking calendar URL', values.bookingUrl, false));
  check('enterpriseAgentUrl', webAddress('Enterprise agent URL', values.enterpriseAgentUrl, false));
  check('eventsSiteUrl', webAddress('Events site URL', values.eventsSiteUrl, false));
  check('heroVideoUrl', heroVideo(values.heroVideoUrl));
  check('office.building', required('Office building', values.office.building, settingsLimits.officeLineChars));
  check('office.street', required('Office street', values.office.street, settingsLimits.officeLineChars));
  check('office.city', required('Office city', values.office.city, settingsLimits.officeLineChars));
  if (values.partners.length < 1 || values.partners.length > maxPartners) {
    check('partners', `Partners must list between 1 and ${maxPartners} names`);
  } else {
    values.partners.forEach((partner, index) => {
      check(`partners.${index}.name`, required(`Partner ${index + 1}`, partner.name, settingsLimits.partnerChars));
    });
  }
  if (values.social.length > maxSocialLinks) {
    check('social', `Social links must be at most ${maxSocialLinks}`);
  } else {
    values.social.forEach((link, index) => {
      check(`social.${index}.label`, required(`Social link ${index + 1} name`, link.label, settingsLimits.socialLabelChars));
      check(`social.${index}.href`, webAddress(`Social link ${index + 1} address`, link.href, true));
    });
  }
  return errors;
}
