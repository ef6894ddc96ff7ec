import { describe, expect, it } from 'vitest';
import {
  contactSales,
  contactSalesHref,
  defaultBilling,
  defaultProvider,
  emailProviders,
  formatUsd,
  mostPopularPlan,
  priceLabels,
  providerById,
  whyChooseStats,
  type HostedEmailPlan,
} from './hosted-email-plans';

type Row = [name: string, storage: string, monthly: number | string, yearly: number | string, laterMonthly?: number, laterYearly?: number, savings?: string];

// Content spec §9, both tables, row by row.
const googleWorkspace: Row[] = [
  ['Starter', '30 GB', 8.4, 7, 100.8, 84, '25%'],
  ['Standard', '2 TB', 16.8, 14, 201.6, 168, '20%'],
  ['Plus', '5 TB', 26.4, 22, 316.8, 264, '28%'],
  ['Enterprise', '5 TB', 'Contact sales', 'Contact sales', undefined, undefined, 'Custom'],
];
const zohoMail: Row[] = [
  ['Mail Lite', '5 GB', 0.58, 6.96, 1, 12, '42%'],
  ['Mail Premium', '50 GB + 50 GB retention', 2.32, 27.84, 3, 36, '23%'],
  ['Workplace Professional', '100 GB + 100 GB retention', 4.06, 48.72, 5, 60, '19%'],
  ['Workplace Enterprise', 'custom', 'Contact sales', 'Contact sales', undefined, undefined, undefined],
];

const asRow = (plan: HostedEmailPlan): Row => [
  plan.name,
  plan.storage,
  plan.monthlyPrice,
  plan.yearlyPrice,
  plan.laterMonthlyPrice,
  plan.laterYearlyPrice,
  plan.savings,
];

describe('hosted-email plans (spec §9)', () => {
  it('defaults to Google Workspace, billed monthly', () => {
    expect(defaultProvider).toBe('google-workspace');
    expect(defaultBilling).toBe('monthly');
    expect(emailProviders().map((p) => p.id)).toEqual(['google-workspace', 'zoho-mail']);
  });

  it('has every figure of the Google Workspace table', () => {
    expect(providerById('google-workspace').plans.map(asRow)).toEqual(googleWorkspace);
  });

  it('has every figure of the Zoho Mail table', () => {
    expect(providerById('zoho-mail').plans.map(asRow)).toEqual(zohoMail);
  });

  it('gives every plan a features list of its own', () => {
    for (const provider of emailProviders()) {
      for (const plan of provider.plans) expect(plan.features.length).toBeGreaterThanOrEqual(4);
    }
  });

  it('shows the Why Choose figures', () => {
    expect(whyChooseStats().map((s) => s.value)).toEqual(['50+', '99.9%', '24/7']);
  });
});

describe('price labels', () => {
  it('formats USD with two decimals only when fractional', () => {
    expect(formatUsd(8.4)).toBe('$8.40');
    expect(formatUsd(7)).toBe('$7');
    expect(formatUsd(0.58)).toBe('$0.58');
    expect(formatUsd(6.96)).toBe('$6.96');
    expect(formatUsd(100.8)).toBe('$100.80');
    expect(formatUsd(1)).toBe('$1');
  });

  const labels = (id: 'google-workspace' | 'zoho-mail', billing: 'monthly' | 'yearly') =>
    providerById(id).plans.map((plan) => [plan.name, priceLabels(providerById(id), plan, billing)]);

  it('Google Workspace, monthly: per user a month, with its price a year and nothing struck', () => {
    expect(labels('google-workspace', 'monthly')).toEqual([
      ['Starter', { price: '$8.40', period: '/month', billed: 'per user, billed monthly: $100.80 a year', save: 'Save 25% vs launch' }],
      ['Standard', { price: '$16.80', period: '/month', billed: 'per user, billed monthly: $201.60 a year', save: 'Save 20% vs launch' }],
      ['Plus', { price: '$26.40', period: '/month', billed: 'per user, billed monthly: $316.80 a year', save: 'Save 28% vs launch' }],
      ['Enterprise', { price: 'Contact sales', save: 'Custom pricing' }],
    ]);
  });

  it('Google Workspace, yearly: per user a year and a month, struck against a year on monthly billing', () => {
    const was = (price: string) => ({ price, meaning: 'a year on monthly billing' });
    expect(labels('google-workspace', 'yearly')).toEqual([
      ['Starter', { price: '$84', period: '/year', billed: 'per user, billed yearly: $7 a month instead of $8.40', was: was('$100.80'), save: 'Save 17% vs monthly billing' }],
      ['Standard', { price: '$168', period: '/year', billed: 'per user, billed yearly: $14 a month instead of $16.80', was: was('$201.60'), save: 'Save 17% vs monthly billing' }],
      ['Plus', { price: '$264', period: '/year', billed: 'per user, billed yearly: $22 a month instead of $26.40', was: was('$316.80'), save: 'Save 17% vs monthly billing' }],
      ['Enterprise', { price: 'Contact sales', save: 'Custom pricing' }],
    ]);
  });

  it('Zoho Mail, monthly: the launch price per user a month, struck against the price after the offer', () => {
    const was = (price: string) => ({ price, meaning: 'a month after the launch offer' });
    const billed = 'per user, billed monthly';
    expect(labels('zoho-mail', 'monthly')).toEqual([
      ['Mail Lite', { price: '$0.58', period: '/month', billed, was: was('$1'), save: 'Save 42% vs launch' }],
      ['Mail Premium', { price: '$2.32', period: '/month', billed, was: was('$3'), save: 'Save 23% vs launch' }],
      ['Workplace Professional', { price: '$4.06', period: '/month', billed, was: was('$5'), save: 'Save 19% vs launch' }],
      ['Workplace Enterprise', { price: 'Contact sales', save: undefined }],
    ]);
  });

  it('Zoho Mail, yearly: per user a year and a month, struck against the year after the offer', () => {
    const was = (price: string) => ({ price, meaning: 'a year after the launch offer' });
    expect(labels('zoho-mail', 'yearly')).toEqual([
      ['Mail Lite', { price: '$6.96', period: '/year', billed: 'per user, billed yearly: $0.58 a month', was: was('$12'), save: 'Save 42% vs launch' }],
      ['Mail Premium', { price: '$27.84', period: '/year', billed: 'per user, billed yearly: $2.32 a month', was: was('$36'), save: 'Save 23% vs launch' }],
      ['Workplace Professional', { price: '$48.72', period: '/year', billed: 'per user, billed yearly: $4.06 a month', was: was('$60'), save: 'Save 19% vs launch' }],
      ['Workplace Enterprise', { price: 'Contact sales', save: undefined }],
    ]);
  });

  it('reads each table as its figures say (a year is 12 months of the price beside it)', () => {
    const cents = (amount: number) => Math.round(amount * 100);
    for (const provider of emailProviders()) {
      for (const plan of provider.plans) {
        const { monthlyPrice: m, yearlyPrice: y, laterMonthlyPrice: lm, laterYearlyPrice: ly } = plan;
        if (m === contactSales || y === contactSales) continue;
        if (provider.figures === 'annual-commitment') {
          // Later monthly / later yearly: the monthly and the yearly-commitment price for a year.
          expect(cents(lm!), plan.name).toBe(cents(m * 12));
          expect(cents(ly!), plan.name).toBe(cents(y * 12));
          expect(y, plan.name).toBeLessThan(m);
        } else {
          // Yearly is 12 launch months; the later figures are the regular prices, higher.
          expect(cents(y), plan.name).toBe(cents(m * 12));
          expect(cents(ly!), plan.name).toBe(cents(lm! * 12));
          expect(lm!, plan.name).toBeGreaterThan(m);
        }
      }
    }
  });

  it('sends Contact sales plans to the contact form with the plan as subject', () => {
    const google = providerById('google-workspace');
    const enterprise = google.plans.find((p) => p.monthlyPrice === contactSales)!;
    expect(contactSalesHref(google, enterprise)).toBe(
      '/contact?subject=Hosted%20email%3A%20Google%20Workspace%20Enterprise#contact-form',
    );
  });
});

describe('the Most Popular rule', () => {
  const plan = (name: string): HostedEmailPlan => ({ name, storage: '1 GB', monthlyPrice: 1, yearlyPrice: 10, features: [] });

  it('marks no plan of the current providers (both have 4 plans)', () => {
    for (const provider of emailProviders()) expect(mostPopularPlan(provider.plans)).toBeNull();
  });

  it('marks the middle plan when a provider has exactly 3 plans', () => {
    expect(mostPopularPlan([plan('A'), plan('B'), plan('C')])).toBe('B');
  });

  it('marks none for 1, 2 or 4 plans', () => {
    expect(mostPopularPlan([plan('A')])).toBeNull();
    expect(mostPopularPlan([plan('A'), plan('B')])).toBeNull();
    expect(mostPopularPlan([plan('A'), plan('B'), plan('C'), plan('D')])).toBeNull();
  });
});
