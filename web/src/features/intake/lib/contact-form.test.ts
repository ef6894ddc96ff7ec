import { describe, expect, it } from 'vitest';
import { fieldOfRefusal, fillDuration, newFormFill } from './contact-form';

describe('contact form logic', () => {
  it('gives every fill its own key and the time it was shown', () => {
    const first = newFormFill(1_000);
    const second = newFormFill(2_000);
    expect(first.shownAt).toBe(1_000);
    expect(second.shownAt).toBe(2_000);
    expect(first.key).not.toBe(second.key);
    expect(first.key.length).toBeGreaterThanOrEqual(32);
  });

  it('measures how long the form was on screen, never negative', () => {
    const fill = newFormFill(1_000);
    expect(fillDuration(fill, 4_250.4)).toBe(3_250);
    expect(fillDuration(fill, 500)).toBe(0);
  });

  it.each(['name', 'email', 'subject', 'message', 'phone', 'company'] as const)('a refusal naming "%s" is about that field', (field) => {
    expect(fieldOfRefusal(field)).toBe(field);
  });

  it.each(['source', 'fill', 'Name', '', null])('a refusal naming %j is about no field of the form', (field) => {
    expect(fieldOfRefusal(field)).toBeNull();
  });
});
