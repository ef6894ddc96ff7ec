// Storage solutions (/storage-solutions): spec content-and-data-pages.md §2 and §9.

import {
  Activity,
  Archive,
  Building2,
  Clapperboard,
  Database,
  DatabaseBackup,
  Expand,
  Gauge,
  Headset,
  LineChart,
  Lock,
  MapPin,
  ReceiptText,
  ShieldCheck,
  Globe,
  Copy,
} from 'lucide-react';
import type { ProductCard, ProductCta, ProductHero } from '../product-content';

export const storageHero: ProductHero = {
  badge: 'STORAGE SOLUTIONS',
  title: 'Secure, Reliable, and High-Speed Storage',
  lead: 'Fast SSD and RAM capacity for your applications, encrypted, replicated and kept in our Tier-3 data centers in Africa.',
  actions: [
    { label: 'Book a Call', target: 'booking' },
    { label: 'Request a Quote', target: '/contact' },
  ],
};

export const storageFeatures: readonly ProductCard[] = [
  {
    icon: Gauge,
    title: 'High-Speed Performance',
    text: 'Enterprise SSDs and in-memory capacity for databases, caches and applications that cannot wait on disk.',
  },
  {
    icon: Lock,
    title: 'Encryption by Default',
    text: 'Data encrypted at rest with AES-256 and in transit with TLS 1.3, with access limited to the people you authorise.',
  },
  {
    icon: Copy,
    title: 'Redundant by Design',
    text: 'Data is replicated across drives and hosts in our Tier-3 facilities, so a single hardware failure never costs you data.',
  },
  {
    icon: Expand,
    title: 'Scale on Demand',
    text: 'Add capacity as your data grows, from gigabytes to terabytes, without migrations or downtime.',
  },
];

/** The storage kinds, in tab order; SSD is selected first. */
export type StorageKind = 'ram' | 'ssd';

export const storageTabs: readonly { id: StorageKind; label: string }[] = [
  { id: 'ram', label: 'RAM' },
  { id: 'ssd', label: 'SSD' },
];

export const defaultStorageKind: StorageKind = 'ssd';

/** One priced capacity: labels exactly as the spec writes them (§9, "Storage prices"). */
export interface StoragePrice {
  capacity: string;
  price: string;
}

export const storagePrices: Record<StorageKind, readonly StoragePrice[]> = {
  ram: [
    { capacity: '32 GB', price: 'KSh. 1,500' },
    { capacity: '64 GB', price: 'KSh. 2,500' },
    { capacity: '128 GB', price: 'KSh. 4,000' },
  ],
  ssd: [
    { capacity: '128 GB', price: 'KSh. 750' },
    { capacity: '256 GB', price: 'KSh. 1,000' },
    { capacity: '512 GB', price: 'KSh. 1,500' },
    { capacity: '1000 GB', price: 'KSh. 3,000' },
  ],
};

/** The Get Started button under the price table (spec: /contact). */
export const storageGetStarted = { label: 'Get Started', href: '/contact' } as const;

export const storageWhyChoose: readonly ProductCard[] = [
  {
    icon: Activity,
    title: '99.9% Uptime',
    text: 'Redundant power, cooling and network keep your storage available, backed by a 99.9% uptime commitment.',
  },
  {
    icon: MapPin,
    title: 'Data Kept in Africa',
    text: 'Your data stays in our data centers on the continent, helping you meet local data protection requirements.',
  },
  {
    icon: ShieldCheck,
    title: 'Enterprise-Grade Security',
    text: 'AES-256 encryption at rest, TLS 1.3 in transit, and physical security with round-the-clock surveillance.',
  },
  {
    icon: Building2,
    title: 'Tier-3 Data Centers',
    text: 'Concurrently maintainable facilities, so planned maintenance does not take your storage offline.',
  },
  {
    icon: ReceiptText,
    title: 'Transparent Pricing',
    text: 'Simple prices in Kenyan shillings for each capacity, with no hidden charges to read or write your data.',
  },
  {
    icon: Headset,
    title: '24/7 Support',
    text: 'Storage engineers on call at any hour to help with capacity, performance and recovery.',
  },
];

export const storageUseCases: readonly ProductCard[] = [
  {
    icon: DatabaseBackup,
    title: 'Backup & Disaster Recovery',
    text: 'Keep copies of critical systems off-site and restore them quickly when something goes wrong.',
  },
  {
    icon: Database,
    title: 'Databases & Applications',
    text: 'Low-latency SSD and RAM for transactional databases, caches and busy business applications.',
  },
  {
    icon: Clapperboard,
    title: 'Media & Content',
    text: 'Store and serve images, video and documents for websites, apps and internal teams.',
  },
  {
    icon: LineChart,
    title: 'Analytics & Big Data',
    text: 'Fast capacity for data warehouses, logs and analytics workloads that read large volumes quickly.',
  },
  {
    icon: Archive,
    title: 'Archiving & Compliance',
    text: 'Retain records for the periods your regulators require, encrypted and kept in Africa.',
  },
  {
    icon: Globe,
    title: 'Web & E-commerce',
    text: 'Reliable storage for online shops and websites that must stay up during peak trading.',
  },
];

export const storageCta: ProductCta = {
  title: 'Find the Right Storage for Your Data',
  text: 'Talk to our team about capacity, performance and pricing for your workloads.',
  actions: [
    { label: 'Book a Call', target: 'booking' },
    { label: 'Request a Quote', target: '/contact' },
  ],
};
