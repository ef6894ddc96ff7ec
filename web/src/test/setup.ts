import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { defaultSiteSettings } from '@/api-types/site-settings-defaults';
import { resetChatOutbox } from '@/features/chat/lib/use-outbox';
import { forgetUser } from '@/lib/auth/get-user';
import { forgetSiteSettings } from '@/lib/site-settings';

// The tests render the whole app, whose pages are lazily loaded chunks; on a
// shared two-core machine compiling Rust beside them, a first import can take
// seconds. Waits are generous so that only a real absence fails a test.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lays nothing out, so every element measures 0×0; a virtualised list
// (@tanstack/react-virtual sizes its viewport from clientWidth/clientHeight)
// would then show no rows. Give elements a screen-sized box, as a browser would.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });

// Every page the gateway serves carries the site settings (see
// src/lib/site-settings.ts); so does every page under test.
beforeEach(() => {
  const block = document.createElement('script');
  block.id = 'site-settings';
  block.type = 'application/json';
  block.textContent = JSON.stringify(defaultSiteSettings);
  document.head.append(block);
});

afterEach(() => {
  cleanup();
  resetChatOutbox();
  // Each test is a new page load: who is signed in and the settings are read again.
  forgetUser();
  forgetSiteSettings();
  localStorage.clear();
  document.getElementById('site-settings')?.remove();
});
