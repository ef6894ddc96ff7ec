// Kaa Rada (cloud CCTV) page content: spec content-and-data-pages.md §2 and §9.

import {
  Bell,
  Building2,
  Cloud,
  Eye,
  FileCheck2,
  Headphones,
  Home,
  Landmark,
  Lock,
  MapPin,
  Plug,
  Server,
  ShieldCheck,
  Smartphone,
  TrendingUp,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

/** A titled card of the page (feature, reason, use case). */
export interface KaaRadaCard {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** A CCTV plan (spec §3 "CCTV plan", figures §9). */
export interface CctvPlan {
  id: 'starter' | 'sme' | 'enterprise';
  name: string;
  tagline: string;
  /** The price label exactly as shown: "KES 15,000" or "Custom Quote". */
  price: string;
  /** Monthly price in KES; null for a custom quote. */
  monthlyKes: number | null;
  /** "/month" for priced plans. */
  period?: string;
  /** Maximum cameras; null for the open-ended enterprise plan. */
  maxCameras: number | null;
  cameras: string;
  badge?: 'Most Popular';
  specs: readonly string[];
  /** Priced plans: Get Started to the closing call (#cta); Enterprise: Contact Sales by email. */
  action: { label: 'Get Started'; target: 'cta' } | { label: 'Contact Sales'; target: 'sales-email' };
}

/** The uptime the page claims (spec §9). */
export const kaaRadaUptime = '99.9%';

export const kaaRadaHeroLead =
  'Plug-and-play cloud video storage for security firms, homes, estates, offices, malls and institutions. ' +
  'Watch every camera from your phone or browser, keep encrypted footage safely off-site, and grow from one camera to thousands with a local team behind you.';

export const keyFeatures: readonly KaaRadaCard[] = [
  {
    icon: Plug,
    title: 'Plug-and-Play Setup',
    text: 'Connect your existing IP cameras or NVRs over the internet in minutes. No on-site server to buy, configure or maintain.',
  },
  {
    icon: Smartphone,
    title: 'Mobile & Web Viewing',
    text: 'Live view and playback from any phone, tablet or browser, with per-user access so guards, managers and owners see only their sites.',
  },
  {
    icon: Lock,
    title: 'Encrypted End to End',
    text: 'Footage travels over TLS 1.3 and is stored with AES-256 encryption at rest, so recordings stay private and tamper-evident.',
  },
  {
    icon: TrendingUp,
    title: 'Scales from One Camera to Thousands',
    text: 'Start with a single entrance camera and add sites, floors and branches as you grow, all in one dashboard.',
  },
  {
    icon: Bell,
    title: 'Motion Events & Alerts',
    text: 'Jump straight to motion events on the timeline and get notified when activity happens outside business hours.',
  },
  {
    icon: Headphones,
    title: 'Local Support',
    text: 'A Nairobi-based team helps you plan camera placement, onboard sites and resolve issues, 24/7.',
  },
];

export const whyChoose: readonly KaaRadaCard[] = [
  {
    icon: Cloud,
    title: 'Evidence That Survives the Incident',
    text: 'A stolen or damaged DVR takes its footage with it. Kaa Rada keeps recordings off-site in the cloud, ready when you need them.',
  },
  {
    icon: ShieldCheck,
    title: `${kaaRadaUptime} Uptime`,
    text: `Recording and viewing run on redundant infrastructure with a ${kaaRadaUptime} uptime commitment.`,
  },
  {
    icon: MapPin,
    title: 'Your Footage Stays in Africa',
    text: 'Video is stored in our African data centers, helping you meet data-protection obligations for recordings of people.',
  },
  {
    icon: Wallet,
    title: 'Predictable Monthly Pricing',
    text: 'One monthly fee in Kenya shillings per camera cluster: no hardware refresh cycles and no surprise storage bills.',
  },
];

export const useCases: readonly KaaRadaCard[] = [
  {
    icon: ShieldCheck,
    title: 'Security Firms',
    text: 'Monitor many client sites from one control room, share clips with clients and response teams, and offer cloud video as a service.',
  },
  {
    icon: Home,
    title: 'Private Premises',
    text: 'Homes, gated estates, offices and malls: keep an eye on gates, parking and common areas from anywhere.',
  },
  {
    icon: Landmark,
    title: 'Institutions',
    text: 'Schools, hospitals, banks and government offices: secure, centrally managed video across every campus and branch.',
  },
  {
    icon: FileCheck2,
    title: 'Corporate Compliance',
    text: 'Retain footage for audits and investigations, control who can view or export it, and keep an access trail.',
  },
];

export const cctvPlans: readonly CctvPlan[] = [
  {
    id: 'starter',
    name: 'Starter Cluster',
    tagline: 'For homes, shops and small offices',
    price: 'KES 15,000',
    monthlyKes: 15_000,
    period: '/month',
    maxCameras: 20,
    cameras: 'Up to 20 cameras',
    specs: ['Up to 20 cameras', 'Mobile & web viewing', 'Encrypted cloud storage', '24/7 support'],
    action: { label: 'Get Started', target: 'cta' },
  },
  {
    id: 'sme',
    name: 'SME Cluster',
    tagline: 'For estates, schools and multi-site businesses',
    price: 'KES 50,000',
    monthlyKes: 50_000,
    period: '/month',
    maxCameras: 100,
    cameras: 'Up to 100 cameras',
    badge: 'Most Popular',
    specs: [
      'Up to 100 cameras',
      'Mobile & web viewing',
      'Encrypted cloud storage',
      'Multi-site dashboard & user roles',
      'Priority 24/7 support',
    ],
    action: { label: 'Get Started', target: 'cta' },
  },
  {
    id: 'enterprise',
    name: 'Enterprise Cluster',
    tagline: 'For security firms, institutions and large estates',
    price: 'Custom Quote',
    monthlyKes: null,
    maxCameras: null,
    cameras: '100+ cameras',
    specs: ['100+ cameras', 'Custom SLA', 'Custom retention periods', 'Dedicated account manager', 'On-site onboarding'],
    action: { label: 'Contact Sales', target: 'sales-email' },
  },
];

export const whyNyota: readonly KaaRadaCard[] = [
  {
    icon: Server,
    title: 'Tier-3 Data Centers',
    text: 'Your video lives on redundant power, cooling and network in Tier-3 facilities.',
  },
  {
    icon: Building2,
    title: 'An African Cloud Provider',
    text: 'We build and run our own infrastructure in Africa, for African businesses and institutions.',
  },
  {
    icon: Eye,
    title: 'Security by Default',
    text: 'AES-256 encryption at rest, TLS 1.3 in transit and role-based access for every viewer.',
  },
  {
    icon: Headphones,
    title: '24/7 Local Support',
    text: 'Engineers in your time zone who answer around the clock, every day of the year.',
  },
];

/** The contact-form subject the quote buttons preselect. */
export const kaaRadaQuoteSubject = 'Kaa Rada Cloud CCTV quote';
