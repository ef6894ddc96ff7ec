// Analytics / business intelligence (/data-forge): spec content-and-data-pages.md §2.
// The texts are the catalogue's (area `dataForge`, and `products` for the
// shared buttons), in the page's language: functions, called at render. The
// product's name is the site's (config), the same in every language.

// The page's English messages, with the page's code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/dataForge';
import {
  BrainCircuit,
  Factory,
  GitMerge,
  HeartPulse,
  Landmark,
  LayoutDashboard,
  Lightbulb,
  Network,
  Pickaxe,
  Scale,
  Server,
  Truck,
  Users,
  Workflow,
  Zap,
} from 'lucide-react';
import { site } from '@/config/site';
import { t } from '@/i18n/i18n';
import { productActions, type ProductCard, type ProductCta, type ProductHero } from '../product-content';

export const dataForgeHero = (): ProductHero => ({
  badge: site.biProduct,
  title: t('dataForge.hero.title'),
  lead: t('dataForge.hero.lead', { product: site.biProduct }),
  actions: [
    { label: productActions.scheduleDemo(), target: 'booking' },
    { label: productActions.requestQuote(), target: '/contact' },
  ],
});

export const dataForgeFeatures = (): readonly ProductCard[] => [
  { icon: Pickaxe, title: t('dataForge.features.mining.title'), text: t('dataForge.features.mining.text') },
  { icon: Network, title: t('dataForge.features.clustering.title'), text: t('dataForge.features.clustering.text') },
  { icon: LayoutDashboard, title: t('dataForge.features.dashboards.title'), text: t('dataForge.features.dashboards.text') },
  { icon: Workflow, title: t('dataForge.features.pipelines.title'), text: t('dataForge.features.pipelines.text') },
  { icon: GitMerge, title: t('dataForge.features.reconciliation.title'), text: t('dataForge.features.reconciliation.text') },
  { icon: Scale, title: t('dataForge.features.governance.title'), text: t('dataForge.features.governance.text') },
];

export const dataForgeBenefits = (): readonly ProductCard[] => [
  { icon: Lightbulb, title: t('dataForge.benefits.insights.title'), text: t('dataForge.benefits.insights.text') },
  { icon: BrainCircuit, title: t('dataForge.benefits.ai.title'), text: t('dataForge.benefits.ai.text') },
  { icon: Server, title: t('dataForge.benefits.scalable.title'), text: t('dataForge.benefits.scalable.text') },
];

export const dataForgeUseCases = (): readonly ProductCard[] => [
  { icon: Landmark, title: t('dataForge.useCases.finance.title'), text: t('dataForge.useCases.finance.text') },
  { icon: Users, title: t('dataForge.useCases.customers.title'), text: t('dataForge.useCases.customers.text') },
  { icon: Truck, title: t('dataForge.useCases.supplyChain.title'), text: t('dataForge.useCases.supplyChain.text') },
  { icon: HeartPulse, title: t('dataForge.useCases.healthcare.title'), text: t('dataForge.useCases.healthcare.text') },
  { icon: Factory, title: t('dataForge.useCases.manufacturing.title'), text: t('dataForge.useCases.manufacturing.text') },
  { icon: Zap, title: t('dataForge.useCases.energy.title'), text: t('dataForge.useCases.energy.text') },
];

export const dataForgeCta = (): ProductCta => ({
  title: t('dataForge.cta.title'),
  text: t('dataForge.cta.text', { product: site.biProduct }),
  actions: [
    { label: productActions.scheduleDemo(), target: 'booking' },
    { label: productActions.contactSupport(), target: '/contact' },
  ],
});
