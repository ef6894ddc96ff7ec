import { ActionLink, type ActionVariant } from '@/components/marketing/action-link';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { FeatureCard, FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { useSiteSettings } from '@/lib/site-settings';
import { actionHref, type ProductAction, type ProductCard, type ProductCta, type ProductHero } from './product-content';

/** A row of actions; the booking calendar comes from the site settings. */
function Actions({ actions, variants }: { actions: readonly ProductAction[]; variants: (index: number) => ActionVariant }) {
  const { bookingUrl } = useSiteSettings();
  return actions.map((action, index) => (
    <ActionLink key={action.label} href={actionHref(action.target, bookingUrl)} variant={variants(index)}>
      {action.label}
    </ActionLink>
  ));
}

/** The hero of a product page: the first action primary, the others secondary. */
export function ProductHeroBlock({ hero }: { hero: ProductHero }) {
  return (
    <PageHero
      badge={hero.badge}
      title={hero.title}
      lead={hero.lead}
      actions={<Actions actions={hero.actions} variants={(index) => (index === 0 ? 'primary' : 'secondary')} />}
    />
  );
}

/** A grid of feature, benefit or use-case cards. */
export function ProductCards({ cards, columns = 3 }: { cards: readonly ProductCard[]; columns?: 2 | 3 | 4 }) {
  return (
    <FeatureGrid columns={columns}>
      {cards.map((card) => (
        <FeatureCard key={card.title} icon={card.icon} title={card.title} text={card.text} />
      ))}
    </FeatureGrid>
  );
}

/** The closing call to action of a product page. */
export function ProductCtaBlock({ cta }: { cta: ProductCta }) {
  return (
    <CtaBanner title={cta.title} text={cta.text} actions={<Actions actions={cta.actions} variants={() => 'secondary'} />} />
  );
}
