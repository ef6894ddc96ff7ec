// About (/about) content: spec content-and-data-pages.md §2 (Mission with four
// pillars, Our Story, Our Values).

import { Gauge, Handshake, Lightbulb, MapPin, Server, ShieldCheck, ShieldHalf, type LucideIcon } from 'lucide-react';
import { site } from '@/config/site';

export interface AboutCard {
  icon: LucideIcon;
  title: string;
  text: string;
}

export const aboutHeroLead =
  `${site.company} builds and runs secure, high-performance cloud infrastructure in Africa, ` +
  'so businesses of every size can use enterprise-grade computing without enterprise-grade complexity or cost.';

export const missionStatement =
  'Our mission is to make cloud solutions affordable, accessible and transformative for African businesses, ' +
  'starting with the SMEs that drive our economies.';

/** The four pillars of the mission, in the spec's order. */
export const missionPillars: readonly AboutCard[] = [
  {
    icon: Server,
    title: 'Infrastructure',
    text: 'Bare metal, virtual servers, storage and GPU capacity in Tier-3 data centers on the continent, close to the people who use them.',
  },
  {
    icon: ShieldCheck,
    title: 'Security',
    text: 'AES-256 encryption at rest, TLS 1.3 in transit and data kept in Africa, designed in from the first rack rather than bolted on.',
  },
  {
    icon: Gauge,
    title: 'Performance',
    text: 'Local hosting means lower latency for your customers, backed by a 99.9% uptime commitment and continuous monitoring.',
  },
  {
    icon: MapPin,
    title: 'Local Expertise',
    text: 'Engineers who understand African markets, regulations and connectivity, available 24/7 in your time zone.',
  },
];

/** Our Story, one paragraph per entry. */
export const ourStory: readonly string[] = [
  `${site.company} started in Nairobi with a simple observation: African businesses were paying for cloud services hosted thousands of kilometres away, ` +
    'billed in foreign currency, with support that slept while they worked. Latency hurt their customers, exchange rates hurt their budgets, ' +
    'and data-protection rules made hosting personal data abroad harder every year.',
  'We set out to build the alternative: infrastructure on the continent, priced for local businesses, run by engineers who pick up the phone. ' +
    'Today we offer dedicated and virtual servers, storage, managed infrastructure, business intelligence, cloud CCTV and hosted email, ' +
    'and we are building GPU capacity for Africa’s AI builders.',
  'More than 500 businesses, from start-ups to banks, hospitals and public institutions, trust us with their workloads. ' +
    'We measure ourselves by their uptime, their growth and their ability to keep their data, and their value, in Africa.',
];

/** Our Values, in the spec's order. */
export const ourValues: readonly AboutCard[] = [
  {
    icon: Lightbulb,
    title: 'Innovation',
    text: 'We bring new technology, from NVMe storage to edge AI, to African businesses early and at prices they can afford.',
  },
  {
    icon: ShieldHalf,
    title: 'Reliability',
    text: 'Redundant systems, tested backups and honest communication: we keep our promises, and tell you early when something goes wrong.',
  },
  {
    icon: Handshake,
    title: 'Partnership',
    text: 'We succeed when our clients do. We work alongside your team, from migration planning to 24/7 support, as an extension of it.',
  },
];
