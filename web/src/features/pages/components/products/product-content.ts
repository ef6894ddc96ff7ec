// The product pages' shared parts: their types, and the texts several of them
// show (the catalogue's area `products`, which each product page's route loads
// with the page's own area: router.tsx).

// The shared English messages, with the pages' code.
import 'virtual:catalog/en/products';
import type { LucideIcon } from 'lucide-react';
import { t } from '@/i18n/i18n';

/**
 * Where a product page action goes: `booking` is the external booking
 * calendar (a site setting, opened in a new tab), anything else a path in the site.
 */
export type ActionTarget = 'booking' | `/${string}`;

/** A button of a product page: its label (the spec's words in English), and its target. */
export interface ProductAction {
  label: string;
  target: ActionTarget;
}

/** A card of a feature, benefit or use-case grid. */
export interface ProductCard {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** The opening of a product page. */
export interface ProductHero {
  badge: string;
  title: string;
  lead: string;
  actions: readonly ProductAction[];
}

/** The closing call to action of a product page. */
export interface ProductCta {
  title: string;
  text: string;
  actions: readonly ProductAction[];
}

/** The href an action target resolves to, given the booking calendar's address. */
export function actionHref(target: ActionTarget, bookingUrl: string): string {
  return target === 'booking' ? bookingUrl : target;
}

/** The product pages' buttons, in the page's language. */
export const productActions = {
  bookCall: () => t('products.action.bookCall'),
  requestQuote: () => t('products.action.requestQuote'),
  bookConsultation: () => t('products.action.bookConsultation'),
  scheduleConsultation: () => t('products.action.scheduleConsultation'),
  scheduleDemo: () => t('products.action.scheduleDemo'),
  deployNow: () => t('products.action.deployNow'),
  contactSales: () => t('products.action.contactSales'),
  contactSupport: () => t('products.action.contactSupport'),
  getStarted: () => t('products.action.getStarted'),
};

/** The accessible name of a plan's Get Started: "Get Started with the STANDARD plan". */
export const getStartedWithPlan = (plan: string) => t('products.action.getStartedWithPlan', { plan });

/** A plan's period after its price: "/month". */
export const perMonth = () => t('products.perMonth');

/** Technical terms, the same in every language (not in the catalogues). */
export const technicalTerms = { ram: 'RAM', ssd: 'SSD', vcpu: 'vCPU' } as const;
