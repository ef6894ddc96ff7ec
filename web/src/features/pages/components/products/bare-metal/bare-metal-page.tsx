import { ActionLink } from '@/components/marketing/action-link';
import { PlanCard } from '@/components/marketing/plan-card';
import { Section } from '@/components/marketing/section';
import { StatsRow } from '@/components/marketing/stats-row';
import { Steps } from '@/components/marketing/steps';
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
      <ProductHeroBlock hero={bareMetalHero} />
      <div className="mx-auto -mt-4 max-w-4xl px-4 lg:px-8">
        <StatsRow items={bareMetalStats} />
      </div>
      <Section
        id="features"
        title="Why Bare Metal"
        intro="Physical servers with the control of your own hardware and none of the upkeep of running a data center."
      >
        <ProductCards cards={bareMetalFeatures} columns={4} />
      </Section>
      <Section
        id="plans"
        title="Dedicated Servers"
        intro="Monthly pricing in US dollars, with 24/7 support and setup in our Tier-3 data centers included."
        muted
      >
        <div className="grid gap-8 pt-3 sm:grid-cols-2 lg:grid-cols-4">
          {dedicatedPlans.map((plan) => (
            <PlanCard
              key={plan.name}
              name={plan.name}
              tagline={plan.custom ? 'Custom pricing for your exact specification' : undefined}
              price={plan.price}
              period={plan.custom ? undefined : '/month'}
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
      <Section id="use-cases" title="Ideal Use Cases">
        <ProductCards cards={bareMetalUseCases} />
      </Section>
      <Section id="how-it-works" title="How It Works" muted>
        <Steps items={bareMetalSteps} />
      </Section>
      <ProductCtaBlock cta={bareMetalCta} />
    </>
  );
}
