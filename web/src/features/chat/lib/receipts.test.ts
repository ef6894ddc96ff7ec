import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@/api-types/ChatMessage';
import { applyReceiptTo, messageStatus, receiptToSend, type ReceiptFrame } from './receipts';

const message = (id: string, senderType: ChatMessage['senderType'], extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  sessionId: 's',
  senderType,
  message: id,
  createdAt: '2026-11-28T10:00:00Z',
  attachment: null,
  ...extra,
});

const receipt = (reader: 'user' | 'agent', state: 'delivered' | 'seen', through: string, at: string): ReceiptFrame => ({
  type: 'receipt',
  sessionId: 's',
  reader,
  state,
  through,
  at,
});

describe('receiptToSend', () => {
  const log = [message('01', 'user'), message('02', 'agent'), message('03', 'system'), message('04', 'user')];

  it("names the other side's newest message: seen in view, delivered otherwise", () => {
    expect(receiptToSend(log, 'user', true)).toEqual({ state: 'seen', through: '02' });
    expect(receiptToSend(log, 'user', false)).toEqual({ state: 'delivered', through: '02' });
    expect(receiptToSend(log, 'agent', true)).toEqual({ state: 'seen', through: '04' });
  });

  it('says nothing already said, and nothing when the other side wrote nothing', () => {
    const delivered = [message('02', 'agent', { deliveredAt: '2026-11-28T10:01:00Z' })];
    expect(receiptToSend(delivered, 'user', false)).toBeNull();
    expect(receiptToSend(delivered, 'user', true)).toEqual({ state: 'seen', through: '02' });
    const seen = [message('02', 'agent', { seenAt: '2026-11-28T10:01:00Z' })];
    expect(receiptToSend(seen, 'user', true)).toBeNull();
    expect(receiptToSend([message('01', 'user')], 'user', true)).toBeNull();
  });
});

describe('applyReceiptTo', () => {
  const log = [message('01', 'user'), message('02', 'agent'), message('03', 'user'), message('05', 'user')];

  it("marks the other side's messages up to the receipt, keeping each first time", () => {
    const delivered = applyReceiptTo(log, receipt('agent', 'delivered', '03', 'T1'));
    expect(delivered.map((m) => m.deliveredAt)).toEqual(['T1', undefined, 'T1', undefined]);
    const seen = applyReceiptTo(delivered, receipt('agent', 'seen', '05', 'T2'));
    expect(seen.map((m) => [m.deliveredAt, m.seenAt])).toEqual([
      ['T1', 'T2'],
      [undefined, undefined],
      ['T1', 'T2'],
      ['T2', 'T2'],
    ]);
  });

  it('never steps back, and leaves the list alone when nothing changes', () => {
    const seen = applyReceiptTo(log, receipt('agent', 'seen', '05', 'T2'));
    expect(applyReceiptTo(seen, receipt('agent', 'delivered', '03', 'T3'))).toBe(seen);
    expect(applyReceiptTo(seen, receipt('agent', 'seen', '01', 'T3'))).toBe(seen);
  });
});

describe('messageStatus', () => {
  it('is the furthest step with its time', () => {
    expect(messageStatus(message('01', 'user'))).toEqual({ state: 'sent', at: '2026-11-28T10:00:00Z' });
    expect(messageStatus(message('01', 'user', { deliveredAt: 'T1' }))).toEqual({ state: 'delivered', at: 'T1' });
    expect(messageStatus(message('01', 'user', { deliveredAt: 'T1', seenAt: 'T2' }))).toEqual({ state: 'seen', at: 'T2' });
  });
});
