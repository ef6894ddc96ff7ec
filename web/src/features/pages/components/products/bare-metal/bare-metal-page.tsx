import { ActionLink } from '@/components/marketing/action-link';
import { PlanCard } from '@/components/marketing/plan-card';
import { Section } from '@/components/marketing/section';
import { StatsRow } from '@/components/marketing/stats-row';
import { Steps } from '@/components/marketing/steps';
import { t } from '@/i18n/i18n';
import { perMonth } from '../product-content';
import { ProductCards, ProductCtaBlock, ProductHeroBlock } from '../product-parts';
import { RouteMeta } from '@/components/ui/route-meta';
import {
  bareMetalCta,
  bareMetalFeatures,
  bareMetalHero,
  bareMetalStats,
  bareMetalSteps,
  bareMetalUseCases,
  dedicatedPlans,
  dedicatedPlanSpecs,
} from './bare-metal-content';

/** /bare-metal-servers: dedicated servers, their plans, use cases and how ordering works. */
export function BareMetalPage() {
  return (
    <>
      <RouteMeta route="/bare-metal-servers" />
      <ProductHeroBlock hero={bareMetalHero()} />
      <div className="mx-auto -mt-4 max-w-4xl px-4 lg:px-8">
        <StatsRow items={bareMetalStats()} />
      </div>
      <Section id="features" title={t('bareMetal.features.title')} intro={t('bareMetal.features.intro')}>
        <ProductCards cards={bareMetalFeatures()} columns={4} />
      </Section>
      <Section id="plans" title={t('bareMetal.plans.title')} intro={t('bareMetal.plans.intro')} muted>
        <div className="grid gap-8 pt-3 sm:grid-cols-2 lg:grid-cols-4">
          {dedicatedPlans().map((plan) => (
            <PlanCard
              key={plan.name}
              name={plan.name}
              tagline={plan.custom ? t('bareMetal.plans.customTagline') : undefined}
              price={plan.price}
              period={plan.custom ? undefined : perMonth()}
              specs={dedicatedPlanSpecs(plan)}
              action={
                <ActionLink href={plan.action.href} variant={plan.custom ? 'secondary' : 'primary'} aria-label={plan.action.ariaLabel}>
                  {plan.action.label}
                </ActionLink>
              }
            />
          ))}
        </div>
      </Section>
      <Section id="use-cases" title={t('bareMetal.useCases.title')}>
        <ProductCards cards={bareMetalUseCases()} />
      </Section>
      <Section id="how-it-works" title={t('bareMetal.steps.title')} muted>
        <Steps items={bareMetalSteps()} />
      </Section>
      <ProductCtaBlock cta={bareMetalCta()} />
    </>
  );
}
