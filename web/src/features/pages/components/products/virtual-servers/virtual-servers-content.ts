// Virtual servers (/virtual-servers): spec content-and-data-pages.md §2 and §9.

import { Activity, HardDrive, Headset, KeyRound, MapPin, Rocket, ShieldCheck, TrendingUp } from 'lucide-react';
import { contactFormHref } from '../../../lib/contact-link';
import type { ProductCard, ProductCta, ProductHero } from '../product-content';

export const virtualHero: ProductHero = {
  badge: 'VIRTUAL SERVERS',
  title: 'Scalable, Secure, and Cost-Effective VMs',
  lead: 'Virtual machines on NVMe storage with full root access, ready in minutes and priced in Kenyan shillings, backed by a 99.9% uptime guarantee.',
  actions: [
    { label: 'Deploy Now', target: 'booking' },
    { label: 'Request a Quote', target: '/contact' },
  ],
};

export const virtualFeatures: readonly ProductCard[] = [
  {
    icon: HardDrive,
    title: 'NVMe SSD Storage',
    text: 'Every server runs on NVMe drives for fast boot times, quick database queries and low-latency disk access.',
  },
  {
    icon: KeyRound,
    title: 'Full Root Access',
    text: 'Complete administrative control: install any software, configure the firewall and tune the system the way you want.',
  },
  {
    icon: Rocket,
    title: 'Instant Provisioning',
    text: 'Your virtual server is deployed and reachable within minutes of ordering, with your choice of Linux distribution.',
  },
  {
    icon: Activity,
    title: '99.9% Uptime',
    text: 'Redundant hosts, power and network in Tier-3 data centers, backed by a 99.9% uptime guarantee in our service level agreement.',
  },
];

/** One virtual server plan, priced per month (spec §9, "Virtual servers, per month"). */
export interface VirtualPlan {
  name: string;
  /** The price label exactly as shown, e.g. "KSh. 950". */
  price: string;
  vcpu: string;
  ram: string;
  nvme: string;
  bandwidth: string;
  popular: boolean;
  /** Get Started: the contact form with this plan as the subject. */
  href: `/${string}`;
}

const plan = (name: string, price: string, vcpu: string, ram: string, nvme: string, bandwidth: string, popular = false): VirtualPlan => ({
  name,
  price,
  vcpu,
  ram,
  nvme,
  bandwidth,
  popular,
  href: contactFormHref(`Virtual server: ${name} plan`),
});

export const virtualPlans: readonly VirtualPlan[] = [
  plan('Basic', 'KSh. 500', '1', '1 GB', '20 GB', '1 TB'),
  plan('Professional', 'KSh. 950', '2', '2 GB', '40 GB', '2 TB', true),
  plan('Enterprise', 'KSh. 1,800', '4', '4 GB', '80 GB', '4 TB'),
];

export const virtualPlanPeriod = '/month';
export const popularBadge = 'Most Popular';

/** The spec lines of a plan card. */
export function virtualPlanSpecs(plan: VirtualPlan) {
  return [
    { label: 'vCPU', value: plan.vcpu },
    { label: 'RAM', value: plan.ram },
    { label: 'NVMe Storage', value: plan.nvme },
    { label: 'Bandwidth', value: plan.bandwidth },
  ];
}

/** What every plan includes (spec §9 claims). */
export const virtualPlanClaims = ['99.9% uptime guarantee', '24/7 support', 'Instant deployment'] as const;

export const customPlanAction = {
  label: 'Contact Sales for Custom Plans',
  href: contactFormHref('Virtual servers: custom plan'),
};

export const virtualWhyChoose: readonly ProductCard[] = [
  {
    icon: MapPin,
    title: 'Local Data Centers',
    text: 'Your servers run in Tier-3 data centers in Africa: lower latency for your users and your data kept on the continent.',
  },
  {
    icon: ShieldCheck,
    title: 'Security Built In',
    text: 'Isolated virtual machines, firewalls you control, and disks encrypted at rest with AES-256; our APIs and dashboards use TLS 1.3.',
  },
  {
    icon: TrendingUp,
    title: 'Scale as You Grow',
    text: 'Start small and move to a larger plan as your traffic grows, with predictable monthly pricing in Kenyan shillings.',
  },
  {
    icon: Headset,
    title: '24/7 Local Support',
    text: 'Engineers in your time zone answer day and night, every day, and know the local networks your customers use.',
  },
];

export const virtualCta: ProductCta = {
  title: 'Launch Your Virtual Server Today',
  text: 'Book a session with our team to deploy your first server, or ask support anything about our plans.',
  actions: [
    { label: 'Deploy Now', target: 'booking' },
    { label: 'Contact Support', target: '/contact' },
  ],
};
