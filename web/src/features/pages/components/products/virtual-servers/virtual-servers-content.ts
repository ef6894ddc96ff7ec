// Virtual servers (/virtual-servers): spec content-and-data-pages.md §2 and §9.
// The texts are the catalogue's (area `virtualServers`, and `products` for the
// shared buttons), in the page's language: functions, called at render.

// The page's English messages, with the page's code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/virtualServers';
import { Activity, HardDrive, Headset, KeyRound, MapPin, Rocket, ShieldCheck, TrendingUp } from 'lucide-react';
import { t } from '@/i18n/i18n';
import { contactFormHref } from '../../../lib/contact-link';
import { perMonth, productActions, technicalTerms, type ProductCard, type ProductCta, type ProductHero } from '../product-content';

export const virtualHero = (): ProductHero => ({
  badge: t('virtualServers.hero.badge'),
  title: t('virtualServers.hero.title'),
  lead: t('virtualServers.hero.lead'),
  actions: [
    { label: productActions.deployNow(), target: 'booking' },
    { label: productActions.requestQuote(), target: '/contact' },
  ],
});

export const virtualFeatures = (): readonly ProductCard[] => [
  { icon: HardDrive, title: t('virtualServers.features.nvme.title'), text: t('virtualServers.features.nvme.text') },
  { icon: KeyRound, title: t('virtualServers.features.root.title'), text: t('virtualServers.features.root.text') },
  { icon: Rocket, title: t('virtualServers.features.instant.title'), text: t('virtualServers.features.instant.text') },
  { icon: Activity, title: t('virtualServers.features.uptime.title'), text: t('virtualServers.features.uptime.text') },
];

/** One virtual server plan, priced per month (spec §9, "Virtual servers, per month"). */
export interface VirtualPlan {
  /** The plan's name (a name, the same in every language). */
  name: string;
  /** The monthly price in shillings (shown with formatShillings: "KSh. 950" in English). */
  shillings: number;
  vcpu: string;
  ram: string;
  nvme: string;
  bandwidth: string;
  popular: boolean;
  /** Get Started: the contact form with this plan as the subject (in English, for our sales team). */
  href: `/${string}`;
}

const plan = (name: string, shillings: number, vcpu: string, ram: string, nvme: string, bandwidth: string, popular = false): VirtualPlan => ({
  name,
  shillings,
  vcpu,
  ram,
  nvme,
  bandwidth,
  popular,
  href: contactFormHref(`Virtual server: ${name} plan`),
});

export const virtualPlans: readonly VirtualPlan[] = [
  plan('Basic', 500, '1', '1 GB', '20 GB', '1 TB'),
  plan('Professional', 950, '2', '2 GB', '40 GB', '2 TB', true),
  plan('Enterprise', 1800, '4', '4 GB', '80 GB', '4 TB'),
];

export const virtualPlanPeriod = () => perMonth();
export const popularBadge = () => t('virtualServers.plans.popular');

/** The spec lines of a plan card. */
export function virtualPlanSpecs(plan: VirtualPlan) {
  return [
    { label: technicalTerms.vcpu, value: plan.vcpu },
    { label: technicalTerms.ram, value: plan.ram },
    { label: t('virtualServers.plans.nvme'), value: plan.nvme },
    { label: t('virtualServers.plans.bandwidth'), value: plan.bandwidth },
  ];
}

/** What every plan includes (spec §9 claims). */
export const virtualPlanClaims = () =>
  [t('virtualServers.claims.uptime'), t('virtualServers.claims.support'), t('virtualServers.claims.deployment')] as const;

export const customPlanAction = () => ({
  label: t('virtualServers.plans.custom'),
  href: contactFormHref('Virtual servers: custom plan'),
});

export const virtualWhyChoose = (): readonly ProductCard[] => [
  { icon: MapPin, title: t('virtualServers.why.local.title'), text: t('virtualServers.why.local.text') },
  { icon: ShieldCheck, title: t('virtualServers.why.security.title'), text: t('virtualServers.why.security.text') },
  { icon: TrendingUp, title: t('virtualServers.why.scale.title'), text: t('virtualServers.why.scale.text') },
  { icon: Headset, title: t('virtualServers.why.support.title'), text: t('virtualServers.why.support.text') },
];

export const virtualCta = (): ProductCta => ({
  title: t('virtualServers.cta.title'),
  text: t('virtualServers.cta.text'),
  actions: [
    { label: productActions.deployNow(), target: 'booking' },
    { label: productActions.contactSupport(), target: '/contact' },
  ],
});
