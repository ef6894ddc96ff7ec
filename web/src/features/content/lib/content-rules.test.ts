import { describe, expect, it } from 'vitest';
import { checkImage, checkLink, checkText, dayInNairobi, fieldForMessage, isBlank, isCalendarDate } from './content-rules';

describe('the server text rules, in its words', () => {
  it('requires a value that is not only spaces or invisible characters', () => {
    expect(checkText('Title', '', { required: true })).toBe('Title is required');
    expect(checkText('Title', ' \u200B\u2060 ', { required: true })).toBe('Title is required');
    expect(isBlank('\u{E0020}')).toBe(true);
    expect(isBlank('a\u200B')).toBe(false);
    expect(checkText('Title', '  Data centres  ', { required: true })).toBeNull();
  });

  it('counts characters as the server does (code points), after trimming', () => {
    expect(checkText('Title', 'a'.repeat(200), { max: 200 })).toBeNull();
    expect(checkText('Title', `  ${'a'.repeat(200)}  `, { max: 200 })).toBeNull();
    expect(checkText('Title', 'a'.repeat(201), { max: 200 })).toBe('Title must be at most 200 characters');
    // 200 emoji are 400 UTF-16 units but 200 characters.
    expect(checkText('Title', '🚀'.repeat(200), { max: 200 })).toBeNull();
  });

  it('refuses control characters, except newlines and tabs in multi-line text', () => {
    expect(checkText('Title', 'a\u0007b', {})).toBe('Title must not contain control characters');
    expect(checkText('Title', 'a\nb', {})).toBe('Title must not contain control characters');
    expect(checkText('Content', 'a\n\tb\r\nc', { multiline: true })).toBeNull();
    expect(checkText('Content', 'a\u0000b', { multiline: true })).toBe('Content must not contain control characters');
  });

  it('takes links that are http(s) addresses or site paths, nothing else', () => {
    expect(checkLink('Image', '')).toBeNull();
    expect(checkLink('Image', '/objects/0190f0a0-1')).toBeNull();
    expect(checkLink('Image', 'https://cdn.example.com/a.png')).toBeNull();
    expect(checkLink('Image', ' HTTP://cdn.example.com/a.png ')).toBeNull();
    const message = 'Image must be a web address (http:// or https://) or a site path starting with /';
    expect(checkLink('Image', 'dc.jpg')).toBe(message);
    expect(checkLink('Image', '//evil.example/x')).toBe(message);
    expect(checkLink('Image', 'https://')).toBe(message);
    expect(checkLink('Image', 'javascript:alert(1)')).toBe(message);
    expect(checkLink('Image', '/a b.png')).toBe(message);
    expect(checkLink('Image', '/a\\b.png')).toBe(message);
    expect(checkLink('Source URL', `https://e.com/${'a'.repeat(2000)}`)).toBe('Source URL must be at most 2000 characters');
  });

  it('takes images only as site paths, in the server words for one on another site', () => {
    expect(checkImage('')).toBeNull();
    expect(checkImage('/objects/0190f0a0-1')).toBeNull();
    expect(checkImage('/images/dc.jpg')).toBeNull();
    expect(checkImage('https://cdn.example.com/a.png')).toBe(
      "Image must be a site path such as /objects/… (upload an image from another site under Uploads first: every visitor's browser would otherwise fetch it from there)",
    );
    expect(checkImage('dc.jpg')).toBe('Image must be a web address (http:// or https://) or a site path starting with /');
  });

  it('knows real calendar days', () => {
    expect(isCalendarDate('2026-03-14')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-3-14')).toBe(false);
    expect(isCalendarDate('14/03/2026')).toBe(false);
  });

  it('finds the field a server message names, the longest label first', () => {
    const labels = [
      ['Image', 'image'],
      ['Title', 'title'],
      ['Registration link', 'registerLink'],
      ['Each highlight', 'highlights'],
    ] as const;
    expect(fieldForMessage('Title is required', labels)).toBe('title');
    expect(fieldForMessage('Registration link must be a web address (http:// or https://) or a site path starting with /', labels)).toBe(
      'registerLink',
    );
    expect(fieldForMessage('Each highlight must be at most 300 characters', labels)).toBe('highlights');
    expect(fieldForMessage('Titles are nice', labels)).toBeNull();
    expect(fieldForMessage('The request body is not valid JSON', labels)).toBeNull();
  });

  it('dates instants by the Nairobi calendar', () => {
    expect(dayInNairobi('2026-11-22T22:30:00Z')).toBe('2026-11-23');
    expect(dayInNairobi('2026-11-23T09:00:00+03:00')).toBe('2026-11-23');
    expect(dayInNairobi('not a date')).toBe('');
  });
});
