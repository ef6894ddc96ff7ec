import { describe, expect, it } from 'vitest';
import { isDark, parseTheme, setTheme, themeColor } from './theme-store';

describe('theme', () => {
  it('defaults to system', () => {
    expect(parseTheme(null)).toBe('system');
    expect(parseTheme('weird')).toBe('system');
    expect(parseTheme('dark')).toBe('dark');
  });
  it('system follows the OS preference', () => {
    expect(isDark('system', true)).toBe(true);
    expect(isDark('system', false)).toBe(false);
    expect(isDark('light', true)).toBe(false);
    expect(isDark('dark', false)).toBe(true);
  });
  it('theme colours', () => {
    expect(themeColor(true)).toBe('#1f2937');
    expect(themeColor(false)).toBe('#E90076');
  });
  it('setTheme stores the choice, sets the class and the theme-color meta', () => {
    setTheme('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute('content', '#1f2937');
    setTheme('light');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute('content', '#E90076');
  });
});
