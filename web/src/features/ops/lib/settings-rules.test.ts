import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '@/api-types/site-settings-defaults';
import { toFormValues, toSettings, validateSettings, type SettingsFormValues } from './settings-rules';

function errorsWith(edit: (values: SettingsFormValues) => void) {
  const values = toFormValues(defaultSiteSettings);
  edit(values);
  return validateSettings(values);
}

describe('site settings rules', () => {
  it('accept the defaults and round-trip the partner list', () => {
    expect(validateSettings(toFormValues(defaultSiteSettings))).toEqual({});
    expect(toSettings(toFormValues(defaultSiteSettings))).toEqual(defaultSiteSettings);
  });

  // The same cases, in the same words, as the server's own tests.
  it.each<[string, (values: SettingsFormValues) => void, string, string]>([
    ['phone', (v) => (v.phone = ' '), 'phone', 'Phone is required'],
    ['phone letters', (v) => (v.phone = '+254 7OO'), 'phone', 'Phone may contain only digits, spaces and + - ( ) .'],
    ['phone digits', (v) => (v.phone = '+254 70'), 'phone', 'Phone must have at least 7 digits'],
    ['hours', (v) => (v.hours = ''), 'hours', 'Office hours is required'],
    ['no first-reply alert', (v) => (v.firstReplyAlertMinutes = '0'), 'firstReplyAlertMinutes', 'First-reply alert must be between 1 and 60 minutes'],
    ['late first-reply alert', (v) => (v.firstReplyAlertMinutes = '61'), 'firstReplyAlertMinutes', 'First-reply alert must be between 1 and 60 minutes'],
    ['fractional first-reply alert', (v) => (v.firstReplyAlertMinutes = '1.5'), 'firstReplyAlertMinutes', 'First-reply alert must be between 1 and 60 minutes'],
    ['sales email', (v) => (v.salesEmail = 'sales@nyota'), 'salesEmail', 'Sales email must be a valid email address'],
    ['invisible email', (v) => (v.infoEmail = '\u200B'), 'infoEmail', 'Info email is required'],
    ['chat reply address', (v) => (v.chatReplyAddress = 'replies'), 'chatReplyAddress', 'Chat reply address must be a valid email address'],
    [
      'chat reply address with +',
      (v) => (v.chatReplyAddress = 'replies+chat@nyota.example'),
      'chatReplyAddress',
      "Chat reply address must not contain + (each chat's address adds +chat to it)",
    ],
    [
      'long chat reply address',
      (v) => (v.chatReplyAddress = 'customer-chat-replies1@nyota.example'),
      'chatReplyAddress',
      'Chat reply address must have at most 21 characters before the @',
    ],
    [
      'booking link',
      (v) => (v.bookingUrl = 'javascript:alert(1)'),
      'bookingUrl',
      'Booking calendar URL must be a web address starting with http:// or https://',
    ],
    [
      'events site',
      (v) => (v.eventsSiteUrl = 'https://'),
      'eventsSiteUrl',
      'Events site URL must be a web address starting with http:// or https://',
    ],
    [
      'hero video site',
      (v) => (v.heroVideoUrl = 'https://video.example/embed/1'),
      'heroVideoUrl',
      'Hero video URL must be a YouTube embed address starting with https://www.youtube-nocookie.com/embed/',
    ],
    [
      'hero video scheme',
      (v) => (v.heroVideoUrl = 'http://www.youtube-nocookie.com/embed/x'),
      'heroVideoUrl',
      'Hero video URL must be a web address starting with https://',
    ],
    ['office city', (v) => (v.office.city = ''), 'office.city', 'Office city is required'],
    ['no partners', (v) => (v.partners = []), 'partners', 'Partners must list between 1 and 30 names'],
    [
      'too many partners',
      (v) => (v.partners = Array.from({ length: 31 }, () => ({ name: 'A' }))),
      'partners',
      'Partners must list between 1 and 30 names',
    ],
    ['long partner', (v) => (v.partners[2]!.name = 'x'.repeat(61)), 'partners.2.name', 'Partner 3 must be at most 60 characters'],
    ['blank partner', (v) => (v.partners[0]!.name = '  '), 'partners.0.name', 'Partner 1 is required'],
    [
      'control character',
      (v) => (v.partners[1]!.name = 'Bad\u0007name'),
      'partners.1.name',
      'Partner 2 must not contain control characters',
    ],
    [
      'social address',
      (v) => (v.social[1]!.href = 'http://x.com/nyota'),
      'social.1.href',
      'Social link 2 address must be a web address starting with https://',
    ],
    ['social name', (v) => (v.social[0]!.label = ''), 'social.0.label', 'Social link 1 name is required'],
    [
      'no sent emails period',
      (v) => (v.retention.sentEmailsMonths = 0),
      'retention.sentEmailsMonths',
      'Sent emails must be kept between 1 and 120 months',
    ],
    [
      'long waitlist period',
      (v) => (v.retention.waitlistEntriesMonths = 121),
      'retention.waitlistEntriesMonths',
      'Waitlist entries must be kept between 1 and 120 months',
    ],
  ])('%s', (_case, edit, field, message) => {
    expect(errorsWith(edit)).toEqual({ [field]: message });
  });

  it('reports every failing field at once, by its path', () => {
    const errors = errorsWith((v) => {
      v.phone = '';
      v.supportEmail = 'nope';
      v.social.push({ label: '', href: 'ftp://files.example' });
    });
    expect(errors).toEqual({
      phone: 'Phone is required',
      supportEmail: 'Support email must be a valid email address',
      'social.4.label': 'Social link 5 name is required',
      'social.4.href': 'Social link 5 address must be a web address starting with https://',
    });
  });

  it('allows up to ten social links and none at all', () => {
    expect(errorsWith((v) => (v.social = []))).toEqual({});
    const eleven = Array.from({ length: 11 }, (_, n) => ({ label: `Site ${n}`, href: `https://s${n}.example` }));
    expect(errorsWith((v) => (v.social = eleven))).toEqual({ social: 'Social links must be at most 10' });
  });
});
