// Hosted-email plans (content spec §9, both tables), resold and supported by
// us. Prices are USD as the spec gives them; the labels below format them in
// the page's language. The texts are the catalogue's (area `hostedEmail`):
// functions, called at render. Provider and plan names are the same in every
// language.

// The page's English messages, with the page's code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/hostedEmail';
import { formatMoney, formatPercent, t } from '@/i18n/i18n';

export type EmailProviderId = 'google-workspace' | 'zoho-mail';
export type Billing = 'monthly' | 'yearly';

/**
 * The spec's mark for a plan without a price (its words, as a value); the page
 * shows "Contact sales" in its language instead (`priceLabels`).
 */
export const contactSales = 'Contact sales';

/** A hosted-email plan (spec §3): a price is a USD amount or the mark Contact sales. */
export interface HostedEmailPlan {
  name: string;
  /** The spec's Storage column in the page's language: "30 GB", "50 GB + 50 GB retention", "custom". */
  storage: string;
  monthlyPrice: number | typeof contactSales;
  yearlyPrice: number | typeof contactSales;
  /** The price after the launch offer, per month and per year (absent for Contact sales plans). */
  laterMonthlyPrice?: number;
  laterYearlyPrice?: number;
  /** The saving in the page's language: "25%", or "Custom"; absent where the spec gives none. */
  savings?: string;
  features: readonly string[];
}

/**
 * What the four price figures of a provider's table mean (the spec gives the
 * columns one set of names; the two tables fill them differently, and the
 * figures themselves show how: see the tests, which check the arithmetic).
 *
 * - `annual-commitment` (Google Workspace): Monthly and Yearly are what a user
 *   costs a month on monthly billing and on a yearly commitment; the two
 *   "later" figures are those same prices for a whole year (12 times). A
 *   yearly plan is shown by its price a year (Later yearly) and a month
 *   (Yearly), struck against a year on monthly billing (Later monthly).
 * - `launch-offer` (Zoho Mail): Monthly is a user's launch price a month,
 *   Yearly the same for a year (12 times); the "later" figures are the
 *   regular prices a month and a year after the launch offer, struck through.
 */
export type PriceFigures = 'annual-commitment' | 'launch-offer';

export interface EmailProvider {
  id: EmailProviderId;
  name: string;
  intro: string;
  figures: PriceFigures;
  plans: readonly HostedEmailPlan[];
}

export const defaultProvider: EmailProviderId = 'google-workspace';
export const defaultBilling: Billing = 'monthly';

/** A storage figure with retention: "50 GB + 50 GB retention". */
const withRetention = (size: string, retention: string) => t('hostedEmail.storage.withRetention', { size, retention });
/** A saving of the launch offer, a fraction: 0.25 → "25%". */
const saving = (fraction: number) => formatPercent(fraction);

export const emailProviders = (): readonly EmailProvider[] => [
  {
    id: 'google-workspace',
    name: 'Google Workspace',
    figures: 'annual-commitment',
    intro: t('hostedEmail.google.intro'),
    plans: [
      {
        name: 'Starter',
        storage: '30 GB',
        monthlyPrice: 8.4,
        yearlyPrice: 7,
        laterMonthlyPrice: 100.8,
        laterYearlyPrice: 84,
        savings: saving(0.25),
        features: [
          t('hostedEmail.feature.customEmail'),
          t('hostedEmail.google.starter.storage'),
          t('hostedEmail.google.starter.meetings'),
          t('hostedEmail.google.starter.docs'),
          t('hostedEmail.google.starter.protection'),
          t('hostedEmail.google.setup'),
        ],
      },
      {
        name: 'Standard',
        storage: '2 TB',
        monthlyPrice: 16.8,
        yearlyPrice: 14,
        laterMonthlyPrice: 201.6,
        laterYearlyPrice: 168,
        savings: saving(0.2),
        features: [
          t('hostedEmail.feature.everythingIn', { plan: 'Starter' }),
          t('hostedEmail.google.standard.storage'),
          t('hostedEmail.google.standard.meetings'),
          t('hostedEmail.google.standard.drives'),
          t('hostedEmail.google.standard.booking'),
          t('hostedEmail.google.setup'),
        ],
      },
      {
        name: 'Plus',
        storage: '5 TB',
        monthlyPrice: 26.4,
        yearlyPrice: 22,
        laterMonthlyPrice: 316.8,
        laterYearlyPrice: 264,
        savings: saving(0.28),
        features: [
          t('hostedEmail.feature.everythingIn', { plan: 'Standard' }),
          t('hostedEmail.google.plus.storage'),
          t('hostedEmail.google.plus.meetings'),
          t('hostedEmail.google.plus.vault'),
          t('hostedEmail.google.plus.endpoints'),
          t('hostedEmail.feature.priorityOnboarding'),
        ],
      },
      {
        name: 'Enterprise',
        storage: '5 TB',
        monthlyPrice: contactSales,
        yearlyPrice: contactSales,
        savings: t('hostedEmail.savings.custom'),
        features: [
          t('hostedEmail.feature.everythingIn', { plan: 'Plus' }),
          t('hostedEmail.google.enterprise.storage'),
          t('hostedEmail.google.enterprise.meetings'),
          t('hostedEmail.google.enterprise.dlp'),
          t('hostedEmail.google.enterprise.region'),
          t('hostedEmail.feature.customOnboarding'),
        ],
      },
    ],
  },
  {
    id: 'zoho-mail',
    name: 'Zoho Mail',
    figures: 'launch-offer',
    intro: t('hostedEmail.zoho.intro'),
    plans: [
      {
        name: 'Mail Lite',
        storage: '5 GB',
        monthlyPrice: 0.58,
        yearlyPrice: 6.96,
        laterMonthlyPrice: 1,
        laterYearlyPrice: 12,
        savings: saving(0.42),
        features: [
          t('hostedEmail.feature.customEmail'),
          t('hostedEmail.zoho.lite.storage'),
          t('hostedEmail.zoho.lite.apps'),
          t('hostedEmail.zoho.lite.calendar'),
          t('hostedEmail.zoho.lite.filtering'),
          t('hostedEmail.zoho.lite.setup'),
        ],
      },
      {
        name: 'Mail Premium',
        storage: withRetention('50 GB', '50 GB'),
        monthlyPrice: 2.32,
        yearlyPrice: 27.84,
        laterMonthlyPrice: 3,
        laterYearlyPrice: 36,
        savings: saving(0.23),
        features: [
          t('hostedEmail.feature.everythingIn', { plan: 'Mail Lite' }),
          t('hostedEmail.zoho.premium.storage'),
          t('hostedEmail.zoho.premium.retention'),
          t('hostedEmail.zoho.premium.smime'),
          t('hostedEmail.zoho.premium.attachments'),
          t('hostedEmail.zoho.premium.migration'),
        ],
      },
      {
        name: 'Workplace Professional',
        storage: withRetention('100 GB', '100 GB'),
        monthlyPrice: 4.06,
        yearlyPrice: 48.72,
        laterMonthlyPrice: 5,
        laterYearlyPrice: 60,
        savings: saving(0.19),
        features: [
          t('hostedEmail.feature.everythingIn', { plan: 'Mail Premium' }),
          t('hostedEmail.zoho.professional.storage'),
          t('hostedEmail.zoho.professional.files'),
          t('hostedEmail.zoho.professional.chat'),
          t('hostedEmail.zoho.professional.office'),
          t('hostedEmail.feature.priorityOnboarding'),
        ],
      },
      {
        name: 'Workplace Enterprise',
        storage: t('hostedEmail.storage.custom'),
        monthlyPrice: contactSales,
        yearlyPrice: contactSales,
        features: [
          t('hostedEmail.feature.everythingIn', { plan: 'Workplace Professional' }),
          t('hostedEmail.zoho.enterprise.storage'),
          t('hostedEmail.zoho.enterprise.admin'),
          t('hostedEmail.zoho.enterprise.sso'),
          t('hostedEmail.feature.customOnboarding'),
        ],
      },
    ],
  },
];

export function providerById(id: EmailProviderId): EmailProvider {
  const provider = emailProviders().find((p) => p.id === id);
  if (!provider) throw new Error(`Unknown email provider ${id}`);
  return provider;
}

/** USD as money in the page's language: whole amounts without cents ($7, $84), fractional ones with two decimals ($8.40, $0.58; "8,40 $US" in French). */
export function formatUsd(amount: number): string {
  return formatMoney(amount, 'USD');
}

/** What a plan card shows for one billing choice, in the page's language. */
export interface PriceLabels {
  /** "$8.40" or "Contact sales". */
  price: string;
  /** "/month" or "/year" (what `price` is for), nothing for Contact sales. */
  period?: string;
  /** Who and how it is billed: "per user, billed yearly: $7 a month". */
  billed?: string;
  /** The struck-through figure and what it is: "$100.80", "a year on monthly billing". */
  was?: { price: string; meaning: string };
  /**
   * The saving of the period shown: "Save 25% vs launch" (the spec's label), or
   * on a yearly commitment "Save 17% vs monthly billing"; "Custom pricing" on
   * a Contact sales plan with Custom savings.
   */
  save?: string;
}

/** What a month costs less on yearly billing, in whole percent ($8.40 → $7: 17). */
export function yearlySaving(monthly: number, yearly: number): number {
  return Math.round((1 - yearly / monthly) * 100);
}

export function priceLabels(provider: Pick<EmailProvider, 'figures'>, plan: HostedEmailPlan, billing: Billing): PriceLabels {
  const save = plan.savings ? t('hostedEmail.save.launch', { percent: plan.savings }) : undefined;
  const { monthlyPrice: monthly, yearlyPrice: yearly, laterMonthlyPrice: laterMonthly, laterYearlyPrice: laterYearly } = plan;
  if (monthly === contactSales || yearly === contactSales) {
    // A Contact sales plan's savings can only be the spec's "Custom".
    return { price: t('hostedEmail.price.contactSales'), save: plan.savings ? t('hostedEmail.save.custom') : undefined };
  }
  const perMonth = t('hostedEmail.perMonth');
  const perYear = t('hostedEmail.perYear');
  if (provider.figures === 'annual-commitment') {
    if (billing === 'monthly') {
      return {
        price: formatUsd(monthly),
        period: perMonth,
        billed:
          laterMonthly === undefined
            ? t('hostedEmail.billed.monthly')
            : t('hostedEmail.billed.monthlyYear', { year: formatUsd(laterMonthly) }),
        save,
      };
    }
    // The yearly view states its own saving (a month's price against monthly
    // billing's), not the launch saving the monthly view shows.
    return {
      price: formatUsd(laterYearly ?? yearly * 12),
      period: perYear,
      billed: t('hostedEmail.billed.yearlyInstead', { month: formatUsd(yearly), monthly: formatUsd(monthly) }),
      was:
        laterMonthly === undefined
          ? undefined
          : { price: formatUsd(laterMonthly), meaning: t('hostedEmail.was.yearOnMonthly') },
      save:
        yearly < monthly
          ? t('hostedEmail.save.monthlyBilling', { percent: formatPercent(yearlySaving(monthly, yearly) / 100) })
          : undefined,
    };
  }
  if (billing === 'monthly') {
    return {
      price: formatUsd(monthly),
      period: perMonth,
      billed: t('hostedEmail.billed.monthly'),
      was:
        laterMonthly === undefined
          ? undefined
          : { price: formatUsd(laterMonthly), meaning: t('hostedEmail.was.monthAfterLaunch') },
      save,
    };
  }
  return {
    price: formatUsd(yearly),
    period: perYear,
    billed: t('hostedEmail.billed.yearly', { month: formatUsd(monthly) }),
    was:
      laterYearly === undefined ? undefined : { price: formatUsd(laterYearly), meaning: t('hostedEmail.was.yearAfterLaunch') },
    save,
  };
}

/** The plan marked Most Popular: the middle one, and only when a provider has exactly 3 plans (spec §9). */
export function mostPopularPlan(plans: readonly HostedEmailPlan[]): string | null {
  return plans.length === 3 ? (plans[1]?.name ?? null) : null;
}

/** The contact form, its subject naming the plan (`/contact?subject=…#contact-form`). */
export function contactSalesHref(provider: EmailProvider, plan: HostedEmailPlan): string {
  return `/contact?subject=${encodeURIComponent(`Hosted email: ${provider.name} ${plan.name}`)}#contact-form`;
}

/** The Why Choose figures (spec §9). */
export const whyChooseStats = () =>
  [
    { value: '50+', label: t('hostedEmail.stats.clients') },
    { value: formatPercent(0.999), label: t('hostedEmail.stats.uptime') },
    { value: '24/7', label: t('hostedEmail.stats.support') },
  ] as const;
