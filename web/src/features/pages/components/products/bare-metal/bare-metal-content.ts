// Bare metal servers (/bare-metal-servers): spec content-and-data-pages.md §2 and §9.

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
import { contactFormHref } from '../../../lib/contact-link';
import type { ProductCard, ProductCta, ProductHero } from '../product-content';

export const bareMetalHero: ProductHero = {
  badge: 'BARE METAL SERVERS',
  title: 'Raw Performance, Zero Compromises',
  lead: 'Single-tenant servers with every core, every gigabyte and every disk reserved for your workloads, hosted in Tier-3 data centers in Africa and looked after by engineers around the clock.',
  actions: [
    { label: 'Book a Call', target: 'booking' },
    { label: 'Request a Quote', target: '/contact' },
  ],
};

export const bareMetalStats: readonly Stat[] = [
  { value: '100%', label: 'Dedicated' },
  { value: '24/7', label: 'Support' },
  { value: 'Tier-3', label: 'Data Centers' },
];

export const bareMetalFeatures: readonly ProductCard[] = [
  {
    icon: Cpu,
    title: 'Dedicated Hardware',
    text: 'No hypervisor and no neighbours: the processors, memory and disks of your server serve only you, so performance stays predictable at peak load.',
  },
  {
    icon: HardDrive,
    title: 'Enterprise SSD Storage',
    text: 'Every server ships with enterprise-grade SSDs for fast databases and low-latency I/O, with your data encrypted at rest with AES-256.',
  },
  {
    icon: Network,
    title: 'High-Speed Networking',
    text: '1Gbps ports as standard and 10Gbps on Enterprise servers, on redundant uplinks, with traffic to our services protected by TLS 1.3.',
  },
  {
    icon: MapPin,
    title: 'Data Kept in Africa',
    text: 'Your servers run in our Tier-3 data centers on the continent, so your data stays in Africa and close to your users.',
  },
];

/** One dedicated server plan, priced per month (spec §9, "Dedicated servers, per month"). */
export interface DedicatedPlan {
  name: string;
  /** The price label exactly as shown: "$99", or "Custom" for the custom plan. */
  price: string;
  cores: string;
  ram: string;
  storage: string;
  network: string;
  /** Custom pricing: no period, a Get a Quote link. */
  custom: boolean;
  action: { label: string; href: `/${string}`; ariaLabel: string };
}

const orderAction = (name: string) => ({
  label: 'Get Started',
  href: contactFormHref(`Bare metal server: ${name} plan`),
  ariaLabel: `Get Started with the ${name} plan`,
});

export const dedicatedPlans: readonly DedicatedPlan[] = [
  { name: 'STANDARD', price: '$99', cores: '4', ram: '16GB', storage: '240GB SSD', network: '1Gbps', custom: false, action: orderAction('STANDARD') },
  { name: 'BUSINESS', price: '$199', cores: '8', ram: '32GB', storage: '480GB SSD', network: '1Gbps', custom: false, action: orderAction('BUSINESS') },
  { name: 'ENTERPRISE', price: '$399', cores: '16', ram: '64GB', storage: '960GB SSD', network: '10Gbps', custom: false, action: orderAction('ENTERPRISE') },
  {
    name: 'CUSTOM',
    price: 'Custom',
    cores: 'Custom',
    ram: 'Custom',
    storage: 'Custom',
    network: 'Custom',
    custom: true,
    action: {
      label: 'Get a Quote',
      href: contactFormHref('Bare metal server: custom configuration quote'),
      ariaLabel: 'Get a Quote for a CUSTOM server',
    },
  },
];

/** The spec lines of a plan card, in the order of the spec's table. */
export function dedicatedPlanSpecs(plan: DedicatedPlan) {
  return [
    { label: 'CPU Cores', value: plan.cores },
    { label: 'RAM', value: plan.ram },
    { label: 'Storage', value: plan.storage },
    { label: 'Network', value: plan.network },
  ];
}

export const bareMetalUseCases: readonly ProductCard[] = [
  {
    icon: Landmark,
    title: 'Banking & Financial Services',
    text: 'Core banking, payment switches and trading systems that need isolated hardware, consistent latency and data that stays in Africa.',
  },
  {
    icon: Workflow,
    title: 'APIs & Workloads',
    text: 'High-traffic APIs, databases, CI pipelines and compute-heavy jobs that outgrow shared virtual machines.',
  },
  {
    icon: HeartPulse,
    title: 'Healthcare & Public Sector',
    text: 'Patient records and citizen services on single-tenant servers, encrypted at rest with AES-256 and hosted in Tier-3 facilities.',
  },
];

export const bareMetalSteps: readonly Step[] = [
  {
    title: 'Choose Your Server',
    text: 'Pick a plan or tell us what you need. Our engineers help you size cores, memory, storage and network for your workload.',
  },
  {
    title: 'We Provision and Test',
    text: 'We rack, configure and burn-in test your server in our Tier-3 data center, then install the operating system of your choice.',
  },
  {
    title: 'Deploy and Grow',
    text: 'You get full root access and 24/7 support. Add servers or upgrade your configuration as your business grows.',
  },
];

export const bareMetalCta: ProductCta = {
  title: 'Ready for Dedicated Performance?',
  text: 'Talk to our infrastructure team about your workload and get a server configured for it.',
  actions: [
    { label: 'Book a Consultation', target: 'booking' },
    { label: 'Contact Sales', target: '/contact' },
  ],
};
