// The fintech landing page (/finance): services, core stack, benefits and the
// market figures of content spec §9, as data the page renders and tests check.

import type { LucideIcon } from 'lucide-react';
import { Building2, Gauge, Layers, Landmark, LockKeyhole, MapPinned, Server, Wrench } from 'lucide-react';
import type { Stat } from '@/components/marketing/stats-row';

export interface FinanceCard {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** Headline claims under the hero. */
export const financeHeadlineStats: readonly Stat[] = [
  { value: '99.9%', label: 'Uptime SLA' },
  { value: '24/7', label: 'Support from local engineers' },
  { value: '50%', label: 'Faster deployment' },
];

/** The market figures (spec §9), each exactly as the spec states it. */
export const financeMarketStats: readonly Stat[] = [
  { value: 'About 26%', label: 'Cloud adoption in Kenya' },
  { value: '22% CAGR', label: 'Market growth to 2030' },
  { value: 'KES 1.4T', label: 'Projected market by 2033' },
  { value: 'Above KES 10M', label: 'Per year to maintain on-premise infrastructure' },
];

/** What we offer a financial institution: IaaS, managed infrastructure, co-location, PaaS. */
export const financeServices: readonly FinanceCard[] = [
  {
    icon: Server,
    title: 'Infrastructure as a Service',
    text: 'Virtual and bare metal servers, block and object storage and private networking on demand, in Tier-3 data centers in Africa, billed monthly in line with what you use.',
  },
  {
    icon: Wrench,
    title: 'Managed Infrastructure',
    text: 'Our engineers monitor, patch, back up and tune your core banking, payments and lending systems around the clock, with agreed response times and monthly reports.',
  },
  {
    icon: Building2,
    title: 'Co-location',
    text: 'Bring your own servers, HSMs and network gear into our secured racks with redundant power, cooling and carrier-neutral connectivity, and 24/7 hands-on support.',
  },
  {
    icon: Layers,
    title: 'Platform as a Service',
    text: 'Managed databases, Kubernetes, message queues and API gateways, so your developers ship product features instead of running servers.',
  },
];

/** The core stack we host and run for fintechs, banks and SACCOs. */
export const financeCoreStack: readonly string[] = [
  'Core banking and lending platforms',
  'Payment gateways, switches and card processing',
  'Mobile money and open banking API integrations',
  'Managed PostgreSQL, MySQL and SQL Server databases',
  'Kubernetes clusters and container registries',
  'Encrypted backups and disaster recovery to a second site',
];

/** Why moving to our cloud pays off. */
export const financeBenefits: readonly FinanceCard[] = [
  {
    icon: MapPinned,
    title: 'Your data stays in Africa',
    text: "Customer and transaction data is stored in our African data centers, which supports your obligations under Kenya's Data Protection Act and your regulator's data-residency expectations.",
  },
  {
    icon: LockKeyhole,
    title: 'Bank-grade security',
    text: 'AES-256 encryption at rest, TLS 1.3 in transit, private networks per customer, role-based access and full audit trails for every administrative action.',
  },
  {
    icon: Gauge,
    title: 'Launch 50% faster',
    text: 'Pre-built environments for core banking, payments and analytics take deployments from months of procurement to days of configuration.',
  },
  {
    icon: Landmark,
    title: 'Predictable costs',
    text: 'Replace on-premise maintenance that runs above KES 10M per year with a monthly bill that scales with your customer base, with no hardware refresh cycles.',
  },
];

/** Why us. */
export const financeWhyUs: readonly string[] = [
  'Tier-3 data centers in Africa with redundant power, cooling and connectivity',
  '99.9% uptime backed by a service level agreement with service credits',
  '24/7 support from engineers who know financial workloads',
  'Local billing, local contracts and a team in your time zone',
  'Migration planning and cut-over support at no extra charge for managed customers',
];
