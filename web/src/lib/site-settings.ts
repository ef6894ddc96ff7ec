// Site settings: contact details, links and the partner list that an admin
// changes in /admin/settings. Every page reads them through `useSiteSettings`.
// The gateway puts the current settings into each page it serves
// (<script id="site-settings" type="application/json">), so the first render
// already has them; without that block (the Vite dev server) they come from
// GET /api/site-settings, and the defaults (the contract's, generated into
// api-types/site-settings-defaults.ts) fill in until they arrive or if that fails.

import type { SiteSettings } from '@/api-types/SiteSettings';
import { apiRequest } from './api-client';
import { createStore, type Store, useStore } from './create-store';
import { defaultSiteSettings, maxAgentIdleMinutes, maxReplyEmailMinutes } from '@/api-types/site-settings-defaults';

export type { SiteSettings };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * Settings read from the page or the API, each key checked for its shape:
 * what is missing or malformed takes its default, as on the server.
 */
export function parseSiteSettings(value: unknown): SiteSettings {
  const source = isRecord(value) ? value : {};
  type TextKey = { [K in keyof SiteSettings]: SiteSettings[K] extends string ? K : never }[keyof SiteSettings];
  const text = (key: TextKey): string => {
    const found = source[key];
    return isText(found) ? found : defaultSiteSettings[key];
  };
  /** A whole number of minutes from 1 to `max`, else the default. */
  const wholeNumber = (key: 'firstReplyAlertMinutes' | 'agentIdleMinutes' | 'replyEmailMinutes', max: number): number => {
    const found = source[key];
    return Number.isInteger(found) && (found as number) >= 1 && (found as number) <= max
      ? (found as number)
      : defaultSiteSettings[key];
  };
  const office = isRecord(source.office) ? source.office : {};
  const partners = Array.isArray(source.partners) && source.partners.every(isText) ? source.partners : null;
  const social =
    Array.isArray(source.social) &&
    source.social.every((link) => isRecord(link) && isText(link.label) && isText(link.href))
      ? (source.social as SiteSettings['social'])
      : null;
  const hours = isRecord(source.chatHours) ? source.chatHours : {};
  const chatHours: SiteSettings['chatHours'] =
    Array.isArray(hours.days) &&
    hours.days.every((day) => Number.isInteger(day) && day >= 1 && day <= 7) &&
    isText(hours.opens) &&
    isText(hours.closes)
      ? { days: hours.days as number[], opens: hours.opens, closes: hours.closes }
      : defaultSiteSettings.chatHours;
  return {
    phone: text('phone'),
    infoEmail: text('infoEmail'),
    investorEmail: text('investorEmail'),
    salesEmail: text('salesEmail'),
    supportEmail: text('supportEmail'),
    chatReplyAddress: text('chatReplyAddress'),
    office: {
      building: isText(office.building) ? office.building : defaultSiteSettings.office.building,
      street: isText(office.street) ? office.street : defaultSiteSettings.office.street,
      city: isText(office.city) ? office.city : defaultSiteSettings.office.city,
    },
    hours: text('hours'),
    chatHours,
    firstReplyAlertMinutes: wholeNumber('firstReplyAlertMinutes', 60),
    agentIdleMinutes: wholeNumber('agentIdleMinutes', maxAgentIdleMinutes),
    replyEmailMinutes: wholeNumber('replyEmailMinutes', maxReplyEmailMinutes),
    bookingUrl: text('bookingUrl'),
    enterpriseAgentUrl: text('enterpriseAgentUrl'),
    eventsSiteUrl: text('eventsSiteUrl'),
    heroVideoUrl: text('heroVideoUrl'),
    partners: partners ?? defaultSiteSettings.partners,
    social: social ?? defaultSiteSettings.social,
    chatAttachmentMaxMib:
      Number.isInteger(source.chatAttachmentMaxMib) && (source.chatAttachmentMaxMib as number) >= 1
        ? (source.chatAttachmentMaxMib as number)
        : defaultSiteSettings.chatAttachmentMaxMib,
    staffSignInHours:
      Number.isInteger(source.staffSignInHours) && (source.staffSignInHours as number) >= 1
        ? (source.staffSignInHours as number)
        : defaultSiteSettings.staffSignInHours,
    secondFactorRoles: Array.isArray(source.secondFactorRoles)
      ? (source.secondFactorRoles as unknown[]).filter((role): role is 'admin' | 'support' => role === 'admin' || role === 'support')
      : defaultSiteSettings.secondFactorRoles,
    countPageViews:
      typeof source.countPageViews === 'boolean' ? source.countPageViews : defaultSiteSettings.countPageViews,
    showAgentsSeenToVisitors:
      typeof source.showAgentsSeenToVisitors === 'boolean'
        ? source.showAgentsSeenToVisitors
        : defaultSiteSettings.showAgentsSeenToVisitors,
    autoPending: typeof source.autoPending === 'boolean' ? source.autoPending : defaultSiteSettings.autoPending,
    retention: retentionOf(source.retention),
  };
}

/** Each retention period that is a positive whole number, the default for any other. */
function retentionOf(raw: unknown): SiteSettings['retention'] {
  const source = isRecord(raw) ? raw : {};
  const defaults = defaultSiteSettings.retention;
  const periods = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof typeof defaults)[]) {
    const value = source[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 1) periods[key] = value;
  }
  return periods;
}

/** The settings the gateway put into this page, if it did. */
export function injectedSiteSettings(): SiteSettings | undefined {
  if (typeof document === 'undefined') return undefined;
  const block = document.getElementById('site-settings');
  if (!block?.textContent) return undefined;
  try {
    return parseSiteSettings(JSON.parse(block.textContent));
  } catch {
    return undefined;
  }
}

export async function getSiteSettings(): Promise<SiteSettings> {
  return parseSiteSettings(await apiRequest<unknown>('/api/site-settings'));
}

let store: Store<SiteSettings | undefined> | null = null;

/**
 * The settings of this page: the page's own when it has them (no request),
 * else the API's, asked once when the first reader comes. A store, not a
 * query: the frame (header, footer) reads them on every page, and the query
 * library loads only with the pages that ask the server for more.
 */
function settingsStore(): Store<SiteSettings | undefined> {
  if (store) return store;
  const settings: Store<SiteSettings | undefined> = createStore(injectedSiteSettings(), {
    watch: () => {
      if (settings.get() === undefined) void getSiteSettings().then(settings.set, () => undefined);
      return () => undefined;
    },
  });
  store = settings;
  return settings;
}

/** The current site settings: the defaults only until (or if) none can be read. */
export function useSiteSettings(): SiteSettings {
  return useStore(settingsStore(), undefined) ?? defaultSiteSettings;
}

/** Settings an admin saved, as the server cleaned them: what this tab's pages show from now on. */
export function showSavedSiteSettings(saved: SiteSettings) {
  settingsStore().set(saved);
}

/** Forgets the settings read, as a new page load would (for tests, between pages they render). */
export function forgetSiteSettings() {
  store = null;
}

/** A `tel:` link for a phone number as displayed. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
