import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email';

/** An otherwise valid address of exactly `length` characters (197 or more). */
const addressOfLength = (length: number) =>
  `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 197)}.com`;

describe('isValidEmail', () => {
  it.each([
    'amina@example.com',
    'a@b.co',
    "ann.o'brien+chat@mail.example.co.ke",
    'Ann@Example.COM',
    'x_y%z-1@sub-domain.example.org',
    `${'a'.repeat(64)}@example.com`,
    `a@${'b'.repeat(63)}.com`,
    addressOfLength(254),
  ])('accepts %s', (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['a@b', 'a domain without a dot'],
    ['a b@c.co', 'a space in the local part'],
    ['ann@exa mple.com', 'a space in the domain'],
    [' amina@example.com', 'a leading space'],
    ['x?y@c.co', "a '?' that would start a query in a mailto link"],
    ['x&y@c.co', "an '&' that would add a header in a mailto link"],
    ['a@b.co?bcc=evil@x.co', 'a header smuggled after the domain'],
    ['a@b.c', 'a one-letter top-level label'],
    ['a@b.c0', 'a top-level label with a digit'],
    ['a@-b.co', "a label starting with '-'"],
    ['a@b-.co', "a label ending with '-'"],
    ['a@b..co', 'an empty label'],
    ['a..b@c.co', "'..' in the local part"],
    ['.a@c.co', "a local part starting with '.'"],
    ['a.@c.co', "a local part ending with '.'"],
    ['@c.co', 'an empty local part'],
    ['a@@c.co', 'two @'],
    ['amina', 'no @'],
    ['a"b@c.co', 'a quote'],
    [`${'a'.repeat(65)}@example.com`, 'a local part over 64 characters'],
    [`a@${'b'.repeat(64)}.com`, 'a label over 63 characters'],
    [addressOfLength(255), 'over 254 characters'],
  ])('refuses %j (%s)', (address) => {
    expect(isValidEmail(address)).toBe(false);
  });
});
