import type { LucideIcon } from 'lucide-react';

/**
 * Where a product page action goes: `booking` is the external booking
 * calendar (a site setting, opened in a new tab), anything else a path in the site.
 */
export type ActionTarget = 'booking' | `/${string}`;

/** A button of a product page: its label exactly as the spec writes it, and its target. */
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
