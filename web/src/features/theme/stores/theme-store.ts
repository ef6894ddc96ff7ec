// Theme state (spec §4): light, dark or system in localStorage `theme`;
// system follows the OS preference live. index.html applies the same rule before first paint.

import { useSyncExternalStore } from 'react';
import { site, storageKeys } from '@/config/site';

export type Theme = 'light' | 'dark' | 'system';

const query = '(prefers-color-scheme: dark)';

export function parseTheme(value: string | null): Theme {
  return value === 'light' || value === 'dark' ? value : 'system';
}

export function isDark(theme: Theme, systemDark: boolean): boolean {
  return theme === 'dark' || (theme === 'system' && systemDark);
}

export function themeColor(dark: boolean): string {
  return dark ? site.darkThemeColor : site.brandColor;
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

function readStored(): Theme {
  try {
    return parseTheme(localStorage.getItem(storageKeys.theme));
  } catch {
    return 'system';
  }
}

/** Sets the `dark` class and the theme-color meta. */
export function applyTheme(theme: Theme): void {
  const dark = isDark(theme, systemPrefersDark());
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.appendChild(meta);
  }
  meta.content = themeColor(dark);
}

let current: Theme = readStored();
const listeners = new Set<() => void>();
let mediaCleanup: (() => void) | null = null;

export function setTheme(theme: Theme): void {
  current = theme;
  try {
    localStorage.setItem(storageKeys.theme, theme);
  } catch {
    // Storage may be unavailable (private mode); the choice still applies to this page.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!mediaCleanup && typeof window.matchMedia === 'function') {
    const media = window.matchMedia(query);
    const onChange = () => {
      if (current === 'system') applyTheme('system');
    };
    media.addEventListener('change', onChange);
    mediaCleanup = () => media.removeEventListener('change', onChange);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && mediaCleanup) {
      mediaCleanup();
      mediaCleanup = null;
    }
  };
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, () => current, () => 'system' as Theme);
  return [theme, setTheme];
}
