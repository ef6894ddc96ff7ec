import { describe, expect, it } from 'vitest';
import { describeBrowser, formatRelativeTime, formatWaiting } from './console-format';

const ua = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36 OPR/109.0.0.0',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

describe('describeBrowser', () => {
  it.each([
    [ua.chromeWindows, 'Chrome on Windows'],
    [ua.edgeWindows, 'Edge on Windows'],
    [ua.safariMac, 'Safari on macOS'],
    [ua.firefoxLinux, 'Firefox on Linux'],
    [ua.safariIphone, 'Safari on iOS'],
    [ua.chromeIphone, 'Chrome on iOS'],
    [ua.samsungAndroid, 'Samsung Internet on Android'],
    [ua.chromeAndroid, 'Chrome on Android'],
    [ua.operaMac, 'Opera on macOS'],
    [ua.headless, 'Chrome on Linux'],
    [ua.chromeOs, 'Chrome on ChromeOS'],
    ['curl/8.5.0', 'curl'],
    ['Mystery/1.0 (Windows NT 10.0)', 'Unknown browser on Windows'],
    ['', 'Unknown browser'],
    [null, 'Unknown browser'],
  ])('%s → %s', (input, expected) => {
    expect(describeBrowser(input)).toBe(expected);
  });
});

describe('formatWaiting', () => {
  const now = Date.parse('2026-03-03T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it.each([
    [0, 'waiting <1m'],
    [59_000, 'waiting <1m'],
    [60_000, 'waiting 1m'],
    [3 * 60_000 + 40_000, 'waiting 3m'],
    [59 * 60_000, 'waiting 59m'],
    [60 * 60_000, 'waiting 1h'],
    [65 * 60_000, 'waiting 1h 5m'],
    [26 * 3_600_000, 'waiting 1d 2h'],
    [48 * 3_600_000, 'waiting 2d'],
    [-5_000, 'waiting <1m'],
  ])('%i ms → %s', (ms, expected) => {
    expect(formatWaiting(ago(ms), now)).toBe(expected);
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('counts minutes, hours and days, then shows a date', () => {
    expect(formatRelativeTime(ago(10_000), now)).toBe('just now');
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('5m ago');
    expect(formatRelativeTime(ago(2 * 3_600_000), now)).toBe('2h ago');
    expect(formatRelativeTime(ago(3 * 86_400_000), now)).toBe('3d ago');
    expect(formatRelativeTime('2026-02-01T12:00:00Z', now)).toBe('Feb 1');
  });
});
