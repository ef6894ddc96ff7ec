import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './safe-return-path';

const origin = 'https://nyota.example';

describe('safeReturnPath', () => {
  it.each([
    ['/admin/chat', '/admin/chat'],
    ['/admin/chat?chat=abc#x', '/admin/chat?chat=abc#x'],
    ['/admin', '/admin'],
  ])('keeps the same-origin path %s', (next, expected) => {
    expect(safeReturnPath(next, origin)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['missing', null],
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with a path', '//evil.example/admin/chat'],
    ['absolute', 'https://evil.example'],
    ['absolute on this origin', `${origin}/admin/chat`],
    ['backslash', '/\\evil.example'],
    ['backslash later on', '/admin\\chat'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['relative', 'admin/chat'],
    ['still encoded', '%2F%2Fevil.example'],
    ['tab', '/\t/evil.example'],
    ['newline', '/\n/evil.example'],
    ['leading space', ' /admin/chat'],
  ])('refuses %s', (_label, next) => {
    expect(safeReturnPath(next, origin)).toBeNull();
  });

  it('refuses //evil.example once the query string is decoded', () => {
    const next = new URLSearchParams('next=%2F%2Fevil.example').get('next');
    expect(next).toBe('//evil.example');
    expect(safeReturnPath(next, origin)).toBeNull();
  });

  it('reads an encoded next back to the path it was made from', () => {
    const next = new URLSearchParams(`next=${encodeURIComponent('/admin/chat?chat=abc#x')}`).get('next');
    expect(safeReturnPath(next, origin)).toBe('/admin/chat?chat=abc#x');
  });

  it('defaults to the page origin', () => {
    expect(safeReturnPath('/admin/chat')).toBe('/admin/chat');
    expect(safeReturnPath('//evil.example')).toBeNull();
  });
});
