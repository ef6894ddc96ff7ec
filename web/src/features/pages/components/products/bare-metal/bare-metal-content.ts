// Bare metal servers (/bare-metal-servers): spec content-and-data-pages.md §2 and §9.
// The texts are the catalogue's (area `bareMetal`, and `products` for the
// shared buttons), in the page's language: functions, called at render.

// The page's English messages, with the page's code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/bareMetal';
import {
  Cpu,
  HardDrive,
  HeartPulse,
  Landmark,
  MapPin,
  Network,
  Workflow,
} from 'lucide-react';
import type { Stat } from '@/components/marketing/stats-row';
import type { Step } from '@/components/marketing/steps';
import { formatMoney, formatPercent, t } from '@/i18n/i18n';
import { contactFormHref } from '../../../lib/contact-link';
import {
  getStartedWithPlan,
  productActions,
  technicalTerms,
  type ProductCard,
  type ProductCta,
  type ProductHero,
} from '../product-content';

export const bareMetalHero = (): ProductHero => ({
  badge: t('bareMetal.hero.badge'),
  title: t('bareMetal.hero.title'),
  lead: t('bareMetal.hero.lead'),
  actions: [
    { label: productActions.bookCall(), target: 'booking' },
    { label: productActions.requestQuote(), target: '/contact' },
  ],
});

export const bareMetalStats = (): readonly Stat[] => [
  { value: formatPercent(1), label: t('bareMetal.stats.dedicated') },
  { value: '24/7', label: t('bareMetal.stats.support') },
  { value: 'Tier-3', label: t('bareMetal.stats.dataCenters') },
];

export const bareMetalFeatures = (): readonly ProductCard[] => [
  { icon: Cpu, title: t('bareMetal.features.hardware.title'), text: t('bareMetal.features.hardware.text') },
  { icon: HardDrive, title: t('bareMetal.features.ssd.title'), text: t('bareMetal.features.ssd.text') },
  { icon: Network, title: t('bareMetal.features.network.title'), text: t('bareMetal.features.network.text') },
  { icon: MapPin, title: t('bareMetal.features.africa.title'), text: t('bareMetal.features.africa.text') },
];

/** One dedicated server plan, priced per month (spec §9, "Dedicated servers, per month"). */
export interface DedicatedPlan {
  /** The plan's name (a name, the same in every language), "Custom" in the page's language for the custom plan. */
  name: string;
  /** The price as shown: "$99" (the US-dollar amount in the page's language), or "Custom" for the custom plan. */
  price: string;
  cores: string;
  ram: string;
  storage: string;
  network: string;
  /** Custom pricing: no period, a Get a Quote link. */
  custom: boolean;
  action: { label: string; href: `/${string}`; ariaLabel: string };
}

const plan = (name: string, dollars: number, cores: string, ram: string, storage: string, network: string): DedicatedPlan => ({
  name,
  price: formatMoney(dollars),
  cores,
  ram,
  storage,
  network,
  custom: false,
  action: {
    label: productActions.getStarted(),
    // The subject is for our sales team: in English, whatever the page's language.
    href: contactFormHref(`Bare metal server: ${name} plan`),
    ariaLabel: getStartedWithPlan(name),
  },
});

export const dedicatedPlans = (): readonly DedicatedPlan[] => {
  const custom = t('bareMetal.plans.custom');
  return [
    plan('STANDARD', 99, '4', '16GB', '240GB SSD', '1Gbps'),
    plan('BUSINESS', 199, '8', '32GB', '480GB SSD', '1Gbps'),
    plan('ENTERPRISE', 399, '16', '64GB', '960GB SSD', '10Gbps'),
    {
      name: t('bareMetal.plans.customName'),
      price: custom,
      cores: custom,
      ram: custom,
      storage: custom,
      network: custom,
      custom: true,
      action: {
        label: t('bareMetal.plans.getQuote'),
        href: contactFormHref('Bare metal server: custom configuration quote'),
        ariaLabel: t('bareMetal.plans.getQuoteCustom'),
      },
    },
  ];
};

/** The spec lines of a plan card, in the order of the spec's table. */
export function dedicatedPlanSpecs(plan: DedicatedPlan) {
  return [
    { label: t('bareMetal.plans.cores'), value: plan.cores },
    { label: technicalTerms.ram, value: plan.ram },
    { label: t('bareMetal.plans.storage'), value: plan.storage },
    { label: t('bareMetal.plans.network'), value: plan.network },
  ];
}

export const bareMetalUseCases = (): readonly ProductCard[] => [
  { icon: Landmark, title: t('bareMetal.useCases.banking.title'), text: t('bareMetal.useCases.banking.text') },
  { icon: Workflow, title: t('bareMetal.useCases.apis.title'), text: t('bareMetal.useCases.apis.text') },
  { icon: HeartPulse, title: t('bareMetal.useCases.health.title'), text: t('bareMetal.useCases.health.text') },
];

export const bareMetalSteps = (): readonly Step[] => [
  { title: t('bareMetal.steps.choose.title'), text: t('bareMetal.steps.choose.text') },
  { title: t('bareMetal.steps.provision.title'), text: t('bareMetal.steps.provision.text') },
  { title: t('bareMetal.steps.deploy.title'), text: t('bareMetal.steps.deploy.text') },
];

export const bareMetalCta = (): ProductCta => ({
  title: t('bareMetal.cta.title'),
  text: t('bareMetal.cta.text'),
  actions: [
    { label: productActions.bookConsultation(), target: 'booking' },
    { label: productActions.contactSales(), target: '/contact' },
  ],
});
