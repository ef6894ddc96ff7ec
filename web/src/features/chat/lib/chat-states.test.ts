import { describe, expect, it } from 'vitest';
import { eatInputToIso, isoToEatInput, snoozeEndText, stateText } from './chat-states';

// Friday 22 January 2027, 10:00 EAT.
const now = Date.parse('2027-01-22T07:00:00Z');

describe('snoozeEndText', () => {
  it('words the end in East Africa Time', () => {
    expect(snoozeEndText('2027-01-22T11:30:00Z', now)).toBe('14:30 EAT');
    expect(snoozeEndText('2027-01-23T05:00:00Z', now)).toBe('tomorrow 08:00 EAT');
    expect(snoozeEndText('2027-01-25T05:00:00Z', now)).toBe('Mon 08:00 EAT');
    expect(snoozeEndText('2027-02-02T05:00:00Z', now)).toBe('2 Feb 08:00 EAT');
  });

  it('counts days in EAT, not UTC', () => {
    // 22:30 UTC on Friday is 01:30 on Saturday in Nairobi.
    expect(snoozeEndText('2027-01-22T22:30:00Z', now)).toBe('tomorrow 01:30 EAT');
  });
});

describe('stateText', () => {
  it('names each state', () => {
    const chat = { state: 'open' as const, snoozedUntil: null, awaitingReply: false };
    expect(stateText(chat, now)).toBe('Open');
    expect(stateText({ ...chat, awaitingReply: true }, now)).toBe('Open, awaiting reply');
    expect(stateText({ ...chat, state: 'pending' }, now)).toBe('Pending');
    expect(stateText({ ...chat, state: 'snoozed', snoozedUntil: '2027-01-25T05:00:00Z' }, now)).toBe(
      'Snoozed until Mon 08:00 EAT',
    );
    expect(stateText({ ...chat, state: 'resolved' }, now)).toBe('Resolved');
  });
});

describe('the picker', () => {
  it('reads a time as EAT and back', () => {
    expect(eatInputToIso('2027-01-25T08:00')).toBe('2027-01-25T05:00:00.000Z');
    expect(isoToEatInput(Date.parse('2027-01-25T05:00:00Z'))).toBe('2027-01-25T08:00');
    expect(eatInputToIso('')).toBeNull();
    expect(eatInputToIso('tomorrow')).toBeNull();
  });
});
