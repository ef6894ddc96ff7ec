import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '@/lib/site-settings-defaults';
import type { ChatMessage } from '@/api-types/ChatMessage';
import { agentHasJoined, chatHoursNotice } from './chat-hours';

// Narrowed by an admin to office hours. Times in UTC; Nairobi is UTC+3.
const hours = { days: [1, 2, 3, 4, 5], opens: '08:00', closes: '18:00' };
const at = (iso: string) => chatHoursNotice(new Date(iso), hours);

describe('chat hours by default: every day, all day (the site promises 24/7 support)', () => {
  it('is never away', () => {
    for (const iso of ['2026-11-27T16:00:00Z', '2026-11-28T20:59:00Z', '2026-11-29T21:00:00Z', '2026-11-30T00:00:00Z']) {
      expect(chatHoursNotice(new Date(iso), defaultSiteSettings.chatHours), iso).toBeNull();
    }
  });

  it('reads closing at 00:00 as midnight at the end of the day', () => {
    const evenings = { days: [1, 2, 3, 4, 5, 6, 7], opens: '18:00', closes: '00:00' };
    expect(chatHoursNotice(new Date('2026-11-25T20:59:00Z'), evenings)).toBeNull(); // 23:59 EAT
    expect(chatHoursNotice(new Date('2026-11-25T21:00:00Z'), evenings)).toContain('back today at 18:00 EAT'); // 00:00 EAT
  });
});

describe('chat hours narrowed to Mon–Fri 08:00–18:00 EAT', () => {
  it('is silent while the team answers', () => {
    expect(at('2026-11-25T05:00:00Z')).toBeNull(); // Wednesday 08:00 EAT
    expect(at('2026-11-25T14:59:00Z')).toBeNull(); // Wednesday 17:59 EAT
  });

  it('says when the team is back', () => {
    expect(at('2026-11-25T04:30:00Z')).toBe(
      'Our team is away right now and back today at 08:00 EAT. Leave a message and we will reply by email.',
    ); // Wednesday 07:30
    expect(at('2026-11-25T15:00:00Z')).toContain('back tomorrow at 08:00 EAT'); // Wednesday 18:00
    expect(at('2026-11-27T16:00:00Z')).toContain('back on Monday at 08:00 EAT'); // Friday 19:00
    expect(at('2026-11-29T20:00:00Z')).toContain('back tomorrow at 08:00 EAT'); // Sunday 23:00
  });
});

describe('agentHasJoined', () => {
  const m = (senderType: ChatMessage['senderType'], message: string): ChatMessage => ({
    id: '0190f0a0-0000-7000-8000-000000000001',
    sessionId: '0190f0a0-0000-7000-8000-0000000000aa',
    senderType,
    message,
    createdAt: '2026-03-03T10:00:00Z',
    attachment: null,
  });

  it('is true once an agent answered or the join notice came', () => {
    expect(agentHasJoined([])).toBe(false);
    expect(agentHasJoined([m('user', 'Hello')])).toBe(false);
    expect(agentHasJoined([m('user', 'Hello'), m('agent', 'Hi')])).toBe(true);
    expect(agentHasJoined([m('system', 'Administrator joined the chat')])).toBe(true);
  });

  it('ignores other system notices and a visitor who writes the words', () => {
    expect(agentHasJoined([m('system', 'This chat has been marked as resolved.')])).toBe(false);
    expect(agentHasJoined([m('user', 'Bob joined the chat')])).toBe(false);
  });
});
