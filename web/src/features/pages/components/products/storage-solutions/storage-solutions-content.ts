// Storage solutions (/storage-solutions): spec content-and-data-pages.md §2 and §9.
// The texts are the catalogue's (area `storage`, and `products` for the
// shared buttons), in the page's language: functions, called at render.

// The page's English messages, with the page's code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/storage';
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
import { t } from '@/i18n/i18n';
import { productActions, technicalTerms, type ProductCard, type ProductCta, type ProductHero } from '../product-content';

export const storageHero = (): ProductHero => ({
  badge: t('storage.hero.badge'),
  title: t('storage.hero.title'),
  lead: t('storage.hero.lead'),
  actions: [
    { label: productActions.bookCall(), target: 'booking' },
    { label: productActions.requestQuote(), target: '/contact' },
  ],
});

export const storageFeatures = (): readonly ProductCard[] => [
  { icon: Gauge, title: t('storage.features.speed.title'), text: t('storage.features.speed.text') },
  { icon: Lock, title: t('storage.features.encryption.title'), text: t('storage.features.encryption.text') },
  { icon: Copy, title: t('storage.features.redundancy.title'), text: t('storage.features.redundancy.text') },
  { icon: Expand, title: t('storage.features.scale.title'), text: t('storage.features.scale.text') },
];

/** The storage kinds, in tab order; SSD is selected first. */
export type StorageKind = 'ram' | 'ssd';

/** The tabs: the kinds by their technical names, the same in every language. */
export const storageTabs: readonly { id: StorageKind; label: string }[] = [
  { id: 'ram', label: technicalTerms.ram },
  { id: 'ssd', label: technicalTerms.ssd },
];

export const defaultStorageKind: StorageKind = 'ssd';

/** One priced capacity (§9, "Storage prices"): its label as the spec writes it, its monthly price in shillings (shown with formatShillings). */
export interface StoragePrice {
  capacity: string;
  shillings: number;
}

export const storagePrices: Record<StorageKind, readonly StoragePrice[]> = {
  ram: [
    { capacity: '32 GB', shillings: 1500 },
    { capacity: '64 GB', shillings: 2500 },
    { capacity: '128 GB', shillings: 4000 },
  ],
  ssd: [
    { capacity: '128 GB', shillings: 750 },
    { capacity: '256 GB', shillings: 1000 },
    { capacity: '512 GB', shillings: 1500 },
    { capacity: '1000 GB', shillings: 3000 },
  ],
};

/** The Get Started button under the price table (spec: /contact). */
export const storageGetStarted = () => ({ label: productActions.getStarted(), href: '/contact' }) as const;

export const storageWhyChoose = (): readonly ProductCard[] => [
  { icon: Activity, title: t('storage.why.uptime.title'), text: t('storage.why.uptime.text') },
  { icon: MapPin, title: t('storage.why.africa.title'), text: t('storage.why.africa.text') },
  { icon: ShieldCheck, title: t('storage.why.security.title'), text: t('storage.why.security.text') },
  { icon: Building2, title: t('storage.why.tier3.title'), text: t('storage.why.tier3.text') },
  { icon: ReceiptText, title: t('storage.why.pricing.title'), text: t('storage.why.pricing.text') },
  { icon: Headset, title: t('storage.why.support.title'), text: t('storage.why.support.text') },
];

export const storageUseCases = (): readonly ProductCard[] => [
  { icon: DatabaseBackup, title: t('storage.useCases.backup.title'), text: t('storage.useCases.backup.text') },
  { icon: Database, title: t('storage.useCases.databases.title'), text: t('storage.useCases.databases.text') },
  { icon: Clapperboard, title: t('storage.useCases.media.title'), text: t('storage.useCases.media.text') },
  { icon: LineChart, title: t('storage.useCases.analytics.title'), text: t('storage.useCases.analytics.text') },
  { icon: Archive, title: t('storage.useCases.archiving.title'), text: t('storage.useCases.archiving.text') },
  { icon: Globe, title: t('storage.useCases.web.title'), text: t('storage.useCases.web.text') },
];

export const storageCta = (): ProductCta => ({
  title: t('storage.cta.title'),
  text: t('storage.cta.text'),
  actions: [
    { label: productActions.bookCall(), target: 'booking' },
    { label: productActions.requestQuote(), target: '/contact' },
  ],
});
