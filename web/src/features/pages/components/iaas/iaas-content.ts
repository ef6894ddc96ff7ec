// Infrastructure services (/iaas) content: spec content-and-data-pages.md §2 and §9.

import { Database, Headphones, Network, Server, ShieldCheck, Users, type LucideIcon, Activity } from 'lucide-react';
import type { Stat } from '@/components/marketing/stats-row';

export interface IaasCard {
  icon: LucideIcon;
  title: string;
  text: string;
}

export const iaasHeroLead =
  'Virtual servers, cloud storage, networking and security from Tier-3 data centers in Africa: ' +
  'provision in minutes, pay monthly, and keep your data close to your customers.';

/** The four-item features grid. */
export const iaasFeatures: readonly IaasCard[] = [
  {
    icon: Server,
    title: 'Virtual Servers',
    text: 'NVMe-backed virtual machines with full root access, provisioned in minutes and resized as your workload grows.',
  },
  {
    icon: Database,
    title: 'Cloud Storage',
    text: 'Block and object storage with replication across redundant hardware, for applications, backups and archives.',
  },
  {
    icon: Network,
    title: 'Network Infrastructure',
    text: 'Private networks, public IPs, load balancing and high-bandwidth connectivity to local and international carriers.',
  },
  {
    icon: ShieldCheck,
    title: 'Security & Compliance',
    text: 'Firewalls, AES-256 encryption at rest, TLS 1.3 in transit and data kept in Africa to support your compliance obligations.',
  },
];

/** The Why Choose figures (spec §2: 99.9% uptime, 24/7 support, 500+ businesses; Tier-3 as claimed site-wide). */
export const iaasStats: readonly Stat[] = [
  { value: '99.9%', label: 'Uptime' },
  { value: '24/7', label: 'Support' },
  { value: '500+', label: 'Businesses' },
  { value: 'Tier-3', label: 'Data Centers' },
];

/** What stands behind the figures. */
export const iaasReasons: readonly IaasCard[] = [
  {
    icon: Activity,
    title: '99.9% Uptime',
    text: 'Redundant power, cooling and network in Tier-3 facilities, backed by a service level agreement with service credits.',
  },
  {
    icon: Headphones,
    title: '24/7 Support',
    text: 'Engineers on call around the clock, every day, who know your environment and answer in your time zone.',
  },
  {
    icon: Users,
    title: 'Trusted by 500+ Businesses',
    text: 'From start-ups to banks, more than 500 businesses run production workloads on our infrastructure.',
  },
];

export const iaasQuoteSubject = 'Infrastructure services quote';
