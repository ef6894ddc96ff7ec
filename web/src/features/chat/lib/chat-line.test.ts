import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '@/api-types/site-settings-defaults';
import { chatHoursReturn } from './chat-hours';
import { awayBeforeStart, chatLineText } from './chat-line';

// Narrowed by an admin to office hours. Times in UTC; Nairobi is UTC+3.
const office = { days: [1, 2, 3, 4, 5], opens: '08:00', closes: '18:00' };
const allDay = defaultSiteSettings.chatHours;
const fridayEvening = new Date('2026-11-27T16:00:00Z'); // 19:00 EAT
const wednesdayNoon = new Date('2026-11-25T09:00:00Z');
const email = 'amina@example.com';

describe('chatLineText: exactly one story', () => {
  it('names the agent who answered, or who will', () => {
    expect(chatLineText({ kind: 'connected', agentName: 'Wanjiru' }, wednesdayNoon, office, email)).toBe(
      "You're connected to Wanjiru.",
    );
    expect(chatLineText({ kind: 'joining', agentName: 'Wanjiru' }, wednesdayNoon, office, email)).toBe(
      'Wanjiru will be with you shortly.',
    );
  });

  it('an agent online outranks the hours: no away words outside them', () => {
    expect(chatLineText({ kind: 'joining', agentName: 'Wanjiru' }, fridayEvening, office, email)).toBe(
      'Wanjiru will be with you shortly.',
    );
    expect(chatLineText({ kind: 'queued', position: 12, waitMinutes: 24 }, fridayEvening, office, email)).toBe(
      'You are number 12 in the queue, about 24 minutes.',
    );
  });

  it('gives the place in the queue, with the estimate when there is one', () => {
    expect(chatLineText({ kind: 'queued', position: 1, waitMinutes: 1 }, wednesdayNoon, office, email)).toBe(
      'You are number 1 in the queue, about 1 minute.',
    );
    expect(chatLineText({ kind: 'queued', position: 3, waitMinutes: null }, wednesdayNoon, office, email)).toBe(
      'You are number 3 in the queue. An agent will join as soon as one is free.',
    );
  });

  it('away: says when the team is back outside the hours, and promises email only when it is sent', () => {
    expect(chatLineText({ kind: 'away', replyByEmail: true }, fridayEvening, office, email)).toBe(
      'Our team is away right now and back on Monday at 08:00 EAT. We will reply by email to amina@example.com.',
    );
    expect(chatLineText({ kind: 'away', replyByEmail: true }, wednesdayNoon, office, email)).toBe(
      'Our team is away right now. We will reply by email to amina@example.com.',
    );
    expect(chatLineText({ kind: 'away', replyByEmail: false }, fridayEvening, office, email)).toBe(
      'Our team is away right now and back on Monday at 08:00 EAT. Leave a message and we will reply here.',
    );
  });

  it('says nothing once resolved', () => {
    expect(chatLineText({ kind: 'resolved' }, wednesdayNoon, office, email)).toBeNull();
  });

  it('before a start: the same away words', () => {
    expect(awayBeforeStart(fridayEvening, office, true)).toBe(
      'Our team is away right now and back on Monday at 08:00 EAT. Leave a message and we will reply by email.',
    );
    expect(awayBeforeStart(wednesdayNoon, allDay, false)).toBe('Our team is away right now. Leave a message and we will reply here.');
  });
});

describe('chat hours by default: every day, all day (the site promises 24/7 support)', () => {
  it('never has a return time', () => {
    for (const iso of ['2026-11-27T16:00:00Z', '2026-11-28T20:59:00Z', '2026-11-29T21:00:00Z', '2026-11-30T00:00:00Z']) {
      expect(chatHoursReturn(new Date(iso), allDay), iso).toBeNull();
    }
  });

  it('reads closing at 00:00 as midnight at the end of the day', () => {
    const evenings = { days: [1, 2, 3, 4, 5, 6, 7], opens: '18:00', closes: '00:00' };
    expect(chatHoursReturn(new Date('2026-11-25T20:59:00Z'), evenings)).toBeNull(); // 23:59 EAT
    expect(chatHoursReturn(new Date('2026-11-25T21:00:00Z'), evenings)).toBe('today at 18:00 EAT'); // 00:00 EAT
  });
});

describe('chat hours narrowed to Mon–Fri 08:00–18:00 EAT', () => {
  const at = (iso: string) => chatHoursReturn(new Date(iso), office);
  it('has no return time while the team answers', () => {
    expect(at('2026-11-25T05:00:00Z')).toBeNull(); // Wednesday 08:00 EAT
    expect(at('2026-11-25T14:59:00Z')).toBeNull(); // Wednesday 17:59 EAT
  });

  it('says when the team is back', () => {
    expect(at('2026-11-25T04:30:00Z')).toBe('today at 08:00 EAT'); // Wednesday 07:30
    expect(at('2026-11-25T15:00:00Z')).toBe('tomorrow at 08:00 EAT'); // Wednesday 18:00
    expect(at('2026-11-27T16:00:00Z')).toBe('on Monday at 08:00 EAT'); // Friday 19:00
    expect(at('2026-11-29T20:00:00Z')).toBe('tomorrow at 08:00 EAT'); // Sunday 23:00
  });

  it('with no day open, has none', () => {
    expect(chatHoursReturn(new Date('2026-11-25T09:00:00Z'), { days: [], opens: '08:00', closes: '18:00' })).toBeNull();
  });
});
