// Managed infrastructure (/managed-infrastructure): spec content-and-data-pages.md §2.

import {
  ArrowRightLeft,
  BarChart3,
  Database,
  DatabaseBackup,
  Gauge,
  Headset,
  Monitor,
  Network,
  PiggyBank,
  RefreshCw,
  Server,
  ShieldCheck,
  Wrench,
} from 'lucide-react';
import type { ProductCard, ProductCta, ProductHero } from '../product-content';

export const managedHero: ProductHero = {
  badge: 'MANAGED INFRASTRUCTURE',
  title: 'We Manage. You Innovate.',
  lead: 'Our engineers run, secure and optimise your servers, networks and cloud resources around the clock, so your team can focus on building your business.',
  actions: [{ label: 'Schedule a Consultation', target: 'booking' }],
};

/** Services Offered: what we take over. */
export const managedServicesOffered: readonly ProductCard[] = [
  {
    icon: Server,
    title: 'Server Management',
    text: 'Bare metal and virtual servers configured, hardened and kept healthy, from the operating system to the services running on it.',
  },
  {
    icon: Network,
    title: 'Network Management',
    text: 'Firewalls, load balancers, VPNs and routing designed and operated by our network engineers, with changes tracked and reviewed.',
  },
  {
    icon: Database,
    title: 'Database Administration',
    text: 'Installation, replication, tuning and upgrades for your production databases, with backups verified by regular restore tests.',
  },
  {
    icon: ArrowRightLeft,
    title: 'Cloud Migration',
    text: 'A planned move from on-premise or another provider into our Tier-3 data centers in Africa, with cut-over windows agreed in advance.',
  },
];

export const managedBenefits: readonly ProductCard[] = [
  {
    icon: Wrench,
    title: 'Reduced IT Burden',
    text: 'Hand routine operations to us and free your team from night shifts, patch cycles and firefighting.',
  },
  {
    icon: PiggyBank,
    title: 'Cost-Effective Management',
    text: 'One predictable monthly fee replaces the cost of hiring, training and retaining a full in-house operations team.',
  },
  {
    icon: Headset,
    title: '24/7 Engineering Support',
    text: 'Experienced engineers on call day and night, every day of the year, who already know your environment.',
  },
];

/** Our Managed Services Include: the six service cards. */
export const managedServices: readonly ProductCard[] = [
  {
    icon: Monitor,
    title: '24/7 Monitoring',
    text: 'Continuous monitoring of availability, resources and logs, with alerts triaged by an engineer before they become outages.',
  },
  {
    icon: ShieldCheck,
    title: 'Security & Compliance',
    text: 'Hardened configurations, access reviews, encryption with AES-256 at rest and TLS 1.3 in transit, and evidence ready for your auditors.',
  },
  {
    icon: Gauge,
    title: 'Performance Tuning',
    text: 'Regular reviews of CPU, memory, storage and query performance, and the tuning that keeps your applications fast.',
  },
  {
    icon: DatabaseBackup,
    title: 'Backup & Recovery',
    text: 'Scheduled, encrypted backups kept in Africa, with documented recovery procedures that we test with you.',
  },
  {
    icon: RefreshCw,
    title: 'Patch Management',
    text: 'Operating system and software updates tested and applied in agreed maintenance windows, with emergency fixes when a threat demands it.',
  },
  {
    icon: BarChart3,
    title: 'Resource Planning',
    text: 'Capacity reports and growth forecasts so you add resources before you need them and stop paying for what you do not use.',
  },
];

export const managedCta: ProductCta = {
  title: 'Let Our Engineers Run Your Infrastructure',
  text: 'Tell us about your environment and we will propose a managed service plan that fits it.',
  actions: [
    { label: 'Schedule a Consultation', target: 'booking' },
    { label: 'Contact Support', target: '/contact' },
  ],
};
