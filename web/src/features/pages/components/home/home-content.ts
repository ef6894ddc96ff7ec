// The home page's content (accounts-chat-and-shell.md §2 "Home page"): the
// product preview tabs with their Read More targets, the four testimonials of
// the carousel and the closing services. Partner names are site settings.

import { site } from '@/config/site';

/** The home tabs, in order (spec §4: "Home tab one of nodes, bi, cloudpay, ai, sme"). */
export type HomeTabId = 'nodes' | 'bi' | 'cloudpay' | 'ai' | 'sme';

export interface ProductTab {
  id: HomeTabId;
  /** The tab's text. */
  label: string;
  title: string;
  description: string;
  highlights: readonly string[];
  /** Where Read More leads. */
  href: string;
}

export const defaultHomeTab: HomeTabId = 'nodes';

export const productTabs: readonly ProductTab[] = [
  {
    id: 'nodes',
    label: 'Nodes',
    title: 'Dedicated bare metal nodes, leased by the month',
    description:
      'Lease single-tenant servers in our Tier-3 data centers instead of buying hardware. You get the whole machine, root access and a 1 to 10 Gbps uplink, with your data kept in Africa and our engineers on call 24/7.',
    highlights: [
      'Provisioned in hours, not weeks of procurement',
      '99.9% uptime backed by our service level agreement',
      'Predictable monthly pricing with no hidden bandwidth fees',
    ],
    href: '/bare-metal-servers',
  },
  {
    id: 'bi',
    label: site.biProduct,
    title: `${site.biProduct}: turn your data into decisions`,
    description:
      'Connect your accounting, sales and operations data in one place. Dashboards refresh themselves, reconciliations run automatically and your team spends its time on decisions instead of spreadsheets.',
    highlights: [
      'Automated bank, mobile money and ledger reconciliation',
      'Live dashboards for finance, sales and operations',
      'Custom data pipelines built with our analysts',
    ],
    href: `/${site.slug}-bi`,
  },
  {
    id: 'cloudpay',
    label: 'CloudX',
    title: 'CloudX: every cloud subscription in one place',
    description:
      'Manage your business email, productivity suites and cloud services from one account and one invoice. Use what you need now and pay later with flexible billing that follows your cash flow.',
    highlights: [
      'One dashboard and one invoice for all subscriptions',
      'Use now, pay later billing for growing businesses',
      'Local support and payment in your currency',
    ],
    href: '/flexi-cloud',
  },
  {
    id: 'ai',
    label: 'Edge AI',
    title: 'Edge AI and GPU compute close to your users',
    description:
      'Run inference, computer vision and language models on GPU nodes hosted in Africa. Low latency for your customers, and sensitive data that never leaves the continent.',
    highlights: [
      'GPU instances for training and inference',
      'Enterprise AI agents on your own data',
      'Encrypted with AES-256 at rest and TLS 1.3 in transit',
    ],
    href: '/edge',
  },
  {
    id: 'sme',
    label: 'SME',
    title: 'Infrastructure as a service sized for SMEs',
    description:
      'Virtual servers, storage and networking that start small and grow with you. Pay for what you use, scale in minutes, and lean on our team for migrations, backups and monitoring.',
    highlights: [
      'Virtual servers from a few hundred shillings a month',
      'Managed backups and monitoring included',
      'Migration help from your current host',
    ],
    href: '/iaas',
  },
];

export interface HomeTestimonial {
  id: string;
  name: string;
  position: string;
  company: string;
  location: string;
  service: string;
  /** The line shown while the card is closed. */
  summary: string;
  /** The full quote shown when the card is open. */
  quote: string;
}

/** The carousel's four cards. */
export const homeTestimonials: readonly HomeTestimonial[] = [
  {
    id: 'retail',
    name: 'Wanjiru Kamau',
    position: 'Head of IT',
    company: 'Mara Retail Group',
    location: 'Nairobi, Kenya',
    service: 'Bare Metal Servers',
    summary: 'Our point-of-sale platform has not missed a trading day since the move.',
    quote:
      'We moved our point-of-sale and stock systems for 40 branches onto leased nodes. Checkout stays fast on our busiest weekends, and when we needed a second server before the holiday season it was ready the same afternoon.',
  },
  {
    id: 'sacco',
    name: 'Daniel Ochieng',
    position: 'Finance Manager',
    company: 'Umoja SACCO',
    location: 'Kisumu, Kenya',
    service: 'Nyota BI',
    summary: 'Month-end reconciliation went from a week to an afternoon.',
    quote:
      'Reconciling M-Pesa, bank and ledger records used to take my team most of a week every month. With automated reconciliation the numbers match by the time we open the dashboard, and the board gets its reports on the first working day.',
  },
  {
    id: 'logistics',
    name: 'Fatuma Hassan',
    position: 'Operations Director',
    company: 'Pwani Logistics',
    location: 'Mombasa, Kenya',
    service: 'Virtual Servers',
    summary: 'We started with two virtual servers and grew without re-platforming.',
    quote:
      'We began with two small virtual servers for our tracking system and now run our whole dispatch platform here. Scaling up has been a few clicks, and the support team answers at 2 a.m. when a port shift needs us.',
  },
  {
    id: 'health',
    name: 'Dr. Samuel Mensah',
    position: 'Chief Technology Officer',
    company: 'Baobab Health',
    location: 'Accra, Ghana',
    service: 'Edge Computing',
    summary: 'Patient data stays in Africa, and our AI triage runs close to our clinics.',
    quote:
      'Keeping patient records on the continent was not negotiable for us. Our triage models run on GPU nodes near our clinics, the data is encrypted at rest and in transit, and latency dropped enough that nurses no longer wait on the screen.',
  },
];

export interface HomeService {
  id: string;
  title: string;
  text: string;
  href: string;
}

/** The closing services section (id "services", linked from the footer as /#services). */
export const homeServices: readonly HomeService[] = [
  {
    id: 'nodes',
    title: 'Nodes',
    text: 'Leased infrastructure: dedicated servers in Tier-3 data centers, billed monthly, so you run enterprise workloads without buying hardware.',
    href: '/bare-metal-servers',
  },
  {
    id: 'cloudx',
    title: 'CloudX',
    text: 'Manage all your cloud subscriptions in one place. Use now and pay later, with one invoice and local support.',
    href: '/flexi-cloud',
  },
  {
    id: 'bi',
    title: site.biProduct,
    text: 'Automated reconciliation and live dashboards that turn your bank, mobile money and ledger data into decisions.',
    href: `/${site.slug}-bi`,
  },
  {
    id: 'edge-ai',
    title: 'Edge AI',
    text: 'GPU compute and enterprise AI agents hosted in Africa, close to your users and compliant with local data rules.',
    href: '/edge',
  },
];

/** Headline figures under the hero, all claims the site makes throughout. */
export const homeStats = [
  { value: '99.9%', label: 'Uptime SLA' },
  { value: '24/7', label: 'Expert support' },
  { value: 'Tier-3', label: 'Data centers' },
  { value: 'AES-256', label: 'Encryption at rest' },
] as const;
