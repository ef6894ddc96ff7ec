// Managed infrastructure (/managed-infrastructure): spec content-and-data-pages.md §2.
// The texts are the catalogue's (area `managedInfra`, and `products` for the
// shared buttons), in the page's language: functions, called at render.

// The page's English messages, with the page's code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/managedInfra';
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
import { t } from '@/i18n/i18n';
import { productActions, type ProductCard, type ProductCta, type ProductHero } from '../product-content';

export const managedHero = (): ProductHero => ({
  badge: t('managedInfra.hero.badge'),
  title: t('managedInfra.hero.title'),
  lead: t('managedInfra.hero.lead'),
  actions: [{ label: productActions.scheduleConsultation(), target: 'booking' }],
});

/** Services Offered: what we take over. */
export const managedServicesOffered = (): readonly ProductCard[] => [
  { icon: Server, title: t('managedInfra.offered.servers.title'), text: t('managedInfra.offered.servers.text') },
  { icon: Network, title: t('managedInfra.offered.network.title'), text: t('managedInfra.offered.network.text') },
  { icon: Database, title: t('managedInfra.offered.databases.title'), text: t('managedInfra.offered.databases.text') },
  { icon: ArrowRightLeft, title: t('managedInfra.offered.migration.title'), text: t('managedInfra.offered.migration.text') },
];

export const managedBenefits = (): readonly ProductCard[] => [
  { icon: Wrench, title: t('managedInfra.benefits.burden.title'), text: t('managedInfra.benefits.burden.text') },
  { icon: PiggyBank, title: t('managedInfra.benefits.cost.title'), text: t('managedInfra.benefits.cost.text') },
  { icon: Headset, title: t('managedInfra.benefits.support.title'), text: t('managedInfra.benefits.support.text') },
];

/** Our Managed Services Include: the six service cards. */
export const managedServices = (): readonly ProductCard[] => [
  { icon: Monitor, title: t('managedInfra.services.monitoring.title'), text: t('managedInfra.services.monitoring.text') },
  { icon: ShieldCheck, title: t('managedInfra.services.security.title'), text: t('managedInfra.services.security.text') },
  { icon: Gauge, title: t('managedInfra.services.performance.title'), text: t('managedInfra.services.performance.text') },
  { icon: DatabaseBackup, title: t('managedInfra.services.backup.title'), text: t('managedInfra.services.backup.text') },
  { icon: RefreshCw, title: t('managedInfra.services.patching.title'), text: t('managedInfra.services.patching.text') },
  { icon: BarChart3, title: t('managedInfra.services.planning.title'), text: t('managedInfra.services.planning.text') },
];

export const managedCta = (): ProductCta => ({
  title: t('managedInfra.cta.title'),
  text: t('managedInfra.cta.text'),
  actions: [
    { label: productActions.scheduleConsultation(), target: 'booking' },
    { label: productActions.contactSupport(), target: '/contact' },
  ],
});
