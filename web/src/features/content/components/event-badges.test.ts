import { describe, expect, it } from 'vitest';
import { defaultServerImage } from '@/components/marketing/fallback-image';
import { cardStatusLabel, detailStatusLabel, eventImageSrc, registerHref } from './event-badges';

describe('event badges and links (spec §4)', () => {
  it('card: UPCOMING for upcoming, otherwise COMPLETED; detail: UPCOMING or the status in capitals', () => {
    expect(cardStatusLabel('upcoming')).toBe('UPCOMING');
    expect(cardStatusLabel('completed')).toBe('COMPLETED');
    expect(cardStatusLabel('postponed')).toBe('COMPLETED');
    expect(detailStatusLabel('upcoming')).toBe('UPCOMING');
    expect(detailStatusLabel('postponed')).toBe('POSTPONED');
  });

  it('Register Now: the event link when http(s) or a site path, else the events site', () => {
    expect(registerHref({ registerLink: 'https://t.example/x' }, 'https://events.example')).toBe('https://t.example/x');
    expect(registerHref({ registerLink: '/contact' }, 'https://events.example')).toBe('/contact');
    expect(registerHref({ registerLink: 'javascript:alert(1)' }, 'https://events.example')).toBe('https://events.example');
    expect(registerHref({ registerLink: null }, 'https://events.example')).toBe('https://events.example');
  });

  it('image: the path rule, else the default image', () => {
    expect(eventImageSrc({ image: '/objects/1' })).toBe('/objects/1');
    expect(eventImageSrc({ image: null })).toBe(defaultServerImage);
  });
});
