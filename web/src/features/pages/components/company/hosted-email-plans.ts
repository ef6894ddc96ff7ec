// Hosted-email plans (content spec §9, both tables), resold and supported by
// us. Prices are USD as the spec gives them; the labels below format them.

export type EmailProviderId = 'google-workspace' | 'zoho-mail';
export type Billing = 'monthly' | 'yearly';

/** The text a plan shows instead of a price. */
export const contactSales = 'Contact sales';

/** A hosted-email plan (spec §3): a price is a USD amount or the text Contact sales. */
export interface HostedEmailPlan {
  name: string;
  storage: string;
  monthlyPrice: number | typeof contactSales;
  yearlyPrice: number | typeof contactSales;
  /** The price after the launch offer, per month and per year (absent for Contact sales plans). */
  laterMonthlyPrice?: number;
  laterYearlyPrice?: number;
  /** "25%", or "Custom"; absent where the spec gives none. */
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

export const emailProviders: readonly EmailProvider[] = [
  {
    id: 'google-workspace',
    name: 'Google Workspace',
    figures: 'annual-commitment',
    intro:
      'Gmail on your own domain with Calendar, Drive, Docs and Meet, set up, migrated and supported by our engineers.',
    plans: [
      {
        name: 'Starter',
        storage: '30 GB',
        monthlyPrice: 8.4,
        yearlyPrice: 7,
        laterMonthlyPrice: 100.8,
        laterYearlyPrice: 84,
        savings: '25%',
        features: [
          'Custom business email on your domain',
          '30 GB pooled storage per user',
          'Video meetings with up to 100 participants',
          'Shared calendars, Docs, Sheets and Slides',
          'Spam, phishing and malware protection',
          'Setup, DNS records and mailbox migration by our team',
        ],
      },
      {
        name: 'Standard',
        storage: '2 TB',
        monthlyPrice: 16.8,
        yearlyPrice: 14,
        laterMonthlyPrice: 201.6,
        laterYearlyPrice: 168,
        savings: '20%',
        features: [
          'Everything in Starter',
          '2 TB pooled storage per user',
          'Video meetings with up to 150 participants and recording',
          'Shared team drives',
          'Appointment booking pages',
          'Setup, DNS records and mailbox migration by our team',
        ],
      },
      {
        name: 'Plus',
        storage: '5 TB',
        monthlyPrice: 26.4,
        yearlyPrice: 22,
        laterMonthlyPrice: 316.8,
        laterYearlyPrice: 264,
        savings: '28%',
        features: [
          'Everything in Standard',
          '5 TB pooled storage per user',
          'Video meetings with up to 500 participants and attendance tracking',
          'Vault for eDiscovery and retention',
          'Advanced endpoint management',
          'Priority onboarding with a named engineer',
        ],
      },
      {
        name: 'Enterprise',
        storage: '5 TB',
        monthlyPrice: contactSales,
        yearlyPrice: contactSales,
        savings: 'Custom',
        features: [
          'Everything in Plus',
          '5 TB pooled storage per user, expandable on request',
          'Video meetings with up to 1,000 participants',
          'Data loss prevention and context-aware access',
          'Data region controls',
          'Custom onboarding, training and volume pricing',
        ],
      },
    ],
  },
  {
    id: 'zoho-mail',
    name: 'Zoho Mail',
    figures: 'launch-offer',
    intro: 'Ad-free business email on your own domain at an entry price, with archiving and collaboration as you grow.',
    plans: [
      {
        name: 'Mail Lite',
        storage: '5 GB',
        monthlyPrice: 0.58,
        yearlyPrice: 6.96,
        laterMonthlyPrice: 1,
        laterYearlyPrice: 12,
        savings: '42%',
        features: [
          'Custom business email on your domain',
          '5 GB storage per user',
          'Web, desktop and mobile mail apps (IMAP, POP and ActiveSync)',
          'Calendar, contacts, tasks and notes',
          'Spam and malware filtering',
          'Setup and DNS records by our team',
        ],
      },
      {
        name: 'Mail Premium',
        storage: '50 GB + 50 GB retention',
        monthlyPrice: 2.32,
        yearlyPrice: 27.84,
        laterMonthlyPrice: 3,
        laterYearlyPrice: 36,
        savings: '23%',
        features: [
          'Everything in Mail Lite',
          '50 GB storage per user plus 50 GB retention',
          'Email retention and eDiscovery',
          'S/MIME message encryption',
          'Large attachments up to 1 GB',
          'Mailbox migration by our team',
        ],
      },
      {
        name: 'Workplace Professional',
        storage: '100 GB + 100 GB retention',
        monthlyPrice: 4.06,
        yearlyPrice: 48.72,
        laterMonthlyPrice: 5,
        laterYearlyPrice: 60,
        savings: '19%',
        features: [
          'Everything in Mail Premium',
          '100 GB mail storage per user plus 100 GB retention',
          'Team file storage with shared folders',
          'Team chat and online meetings',
          'Word processor, spreadsheets and presentations',
          'Priority onboarding with a named engineer',
        ],
      },
      {
        name: 'Workplace Enterprise',
        storage: 'custom',
        monthlyPrice: contactSales,
        yearlyPrice: contactSales,
        features: [
          'Everything in Workplace Professional',
          'Storage sized to your organisation',
          'Advanced admin controls and audit logs',
          'Single sign-on for your staff',
          'Custom onboarding, training and volume pricing',
        ],
      },
    ],
  },
];

export function providerById(id: EmailProviderId): EmailProvider {
  const provider = emailProviders.find((p) => p.id === id);
  if (!provider) throw new Error(`Unknown email provider ${id}`);
  return provider;
}

/** USD as money: whole amounts without cents ($7, $84), fractional ones with two decimals ($8.40, $0.58). */
export function formatUsd(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

/** What a plan card shows for one billing choice. */
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
  const save = plan.savings ? `Save ${plan.savings} vs launch` : undefined;
  const { monthlyPrice: monthly, yearlyPrice: yearly, laterMonthlyPrice: laterMonthly, laterYearlyPrice: laterYearly } = plan;
  if (monthly === contactSales || yearly === contactSales) {
    return { price: contactSales, save: plan.savings ? `${plan.savings} pricing` : undefined };
  }
  if (provider.figures === 'annual-commitment') {
    if (billing === 'monthly') {
      return {
        price: formatUsd(monthly),
        period: '/month',
        billed:
          laterMonthly === undefined
            ? 'per user, billed monthly'
            : `per user, billed monthly: ${formatUsd(laterMonthly)} a year`,
        save,
      };
    }
    // The yearly view states its own saving (a month's price against monthly
    // billing's), not the launch saving the monthly view shows.
    return {
      price: formatUsd(laterYearly ?? yearly * 12),
      period: '/year',
      billed: `per user, billed yearly: ${formatUsd(yearly)} a month instead of ${formatUsd(monthly)}`,
      was: laterMonthly === undefined ? undefined : { price: formatUsd(laterMonthly), meaning: 'a year on monthly billing' },
      save: yearly < monthly ? `Save ${yearlySaving(monthly, yearly)}% vs monthly billing` : undefined,
    };
  }
  if (billing === 'monthly') {
    return {
      price: formatUsd(monthly),
      period: '/month',
      billed: 'per user, billed monthly',
      was: laterMonthly === undefined ? undefined : { price: formatUsd(laterMonthly), meaning: 'a month after the launch offer' },
      save,
    };
  }
  return {
    price: formatUsd(yearly),
    period: '/year',
    billed: `per user, billed yearly: ${formatUsd(monthly)} a month`,
    was: laterYearly === undefined ? undefined : { price: formatUsd(laterYearly), meaning: 'a year after the launch offer' },
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
export const whyChooseStats = [
  { value: '50+', label: 'Clients' },
  { value: '99.9%', label: 'Uptime' },
  { value: '24/7', label: 'Support' },
] as const;
