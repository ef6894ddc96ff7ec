// The fintech landing page (/finance): services, core stack, benefits and the
// market figures of content spec §9, as data the page renders and tests check.
// The texts are the catalogue's (in the page's language): functions, called at render.

// The page's English messages, with the page's code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/finance';
import type { LucideIcon } from 'lucide-react';
import { Building2, Gauge, Layers, Landmark, LockKeyhole, MapPinned, Server, Wrench } from 'lucide-react';
import type { Stat } from '@/components/marketing/stats-row';
import { formatPercent, t } from '@/i18n/i18n';

export interface FinanceCard {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** Headline claims under the hero. */
export const financeHeadlineStats = (): readonly Stat[] => [
  { value: formatPercent(0.999), label: t('finance.stats.uptime.label') },
  { value: '24/7', label: t('finance.stats.support.label') },
  { value: formatPercent(0.5), label: t('finance.stats.deployment.label') },
];

/** The market figures (spec §9), each exactly as the spec states it. */
export const financeMarketStats = (): readonly Stat[] => [
  { value: t('finance.market.adoption.value'), label: t('finance.market.adoption.label') },
  { value: t('finance.market.growth.value'), label: t('finance.market.growth.label') },
  { value: t('finance.market.size.value'), label: t('finance.market.size.label') },
  { value: t('finance.market.onPremise.value'), label: t('finance.market.onPremise.label') },
];

/** What we offer a financial institution: IaaS, managed infrastructure, co-location, PaaS. */
export const financeServices = (): readonly FinanceCard[] => [
  { icon: Server, title: t('finance.services.iaas.title'), text: t('finance.services.iaas.text') },
  { icon: Wrench, title: t('finance.services.managed.title'), text: t('finance.services.managed.text') },
  { icon: Building2, title: t('finance.services.colocation.title'), text: t('finance.services.colocation.text') },
  { icon: Layers, title: t('finance.services.paas.title'), text: t('finance.services.paas.text') },
];

/** The core stack we host and run for fintechs, banks and SACCOs. */
export const financeCoreStack = (): readonly string[] => [
  t('finance.coreStack.item1'),
  t('finance.coreStack.item2'),
  t('finance.coreStack.item3'),
  t('finance.coreStack.item4'),
  t('finance.coreStack.item5'),
  t('finance.coreStack.item6'),
];

/** Why moving to our cloud pays off. */
export const financeBenefits = (): readonly FinanceCard[] => [
  { icon: MapPinned, title: t('finance.benefits.residency.title'), text: t('finance.benefits.residency.text') },
  { icon: LockKeyhole, title: t('finance.benefits.security.title'), text: t('finance.benefits.security.text') },
  { icon: Gauge, title: t('finance.benefits.faster.title'), text: t('finance.benefits.faster.text') },
  { icon: Landmark, title: t('finance.benefits.costs.title'), text: t('finance.benefits.costs.text') },
];

/** Why us. */
export const financeWhyUs = (): readonly string[] => [
  t('finance.whyUs.item1'),
  t('finance.whyUs.item2'),
  t('finance.whyUs.item3'),
  t('finance.whyUs.item4'),
  t('finance.whyUs.item5'),
];
