// Theme state (spec §4): light, dark or system in localStorage `theme`;
// system follows the OS preference live. index.html applies the same rule before first paint.

import { site, storageKeys } from '@/config/site';
import { createStore, useStore } from '@/lib/create-store';

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

/** The choice; while anyone reads it, "system" follows the OS preference live. */
const current = createStore<Theme>(readStored(), {
  watch: () => {
    if (typeof window.matchMedia !== 'function') return () => {};
    const media = window.matchMedia(query);
    const onChange = () => {
      if (current.get() === 'system') applyTheme('system');
    };
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  },
});

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(storageKeys.theme, theme);
  } catch {
    // Storage may be unavailable (private mode); the choice still applies to this page.
  }
  applyTheme(theme);
  current.set(theme);
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  return [useStore(current, 'system'), setTheme];
}
