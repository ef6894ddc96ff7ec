import { Check } from 'lucide-react';
import { ActionLink } from '@/components/marketing/action-link';
import { PlanCard } from '@/components/marketing/plan-card';
import { Section } from '@/components/marketing/section';
import { formatShillings, t } from '@/i18n/i18n';
import { getStartedWithPlan, productActions } from '../product-content';
import { ProductCards, ProductCtaBlock, ProductHeroBlock } from '../product-parts';
import { RouteMeta } from '@/components/ui/route-meta';
import {
  customPlanAction,
  popularBadge,
  virtualCta,
  virtualFeatures,
  virtualHero,
  virtualPlanClaims,
  virtualPlanPeriod,
  virtualPlans,
  virtualPlanSpecs,
  virtualWhyChoose,
} from './virtual-servers-content';

/** /virtual-servers: VM features, the three monthly plans and why choose us. */
export function VirtualServersPage() {
  const custom = customPlanAction();
  return (
    <>
      <RouteMeta route="/virtual-servers" />
      <ProductHeroBlock hero={virtualHero()} />
      <Section id="features" title={t('products.section.features')}>
        <ProductCards cards={virtualFeatures()} columns={4} />
      </Section>
      <Section id="pricing" title={t('virtualServers.plans.title')} intro={t('virtualServers.plans.intro')} muted>
        <div className="mx-auto grid max-w-5xl gap-8 pt-3 md:grid-cols-3">
          {virtualPlans.map((plan) => (
            <PlanCard
              key={plan.name}
              name={plan.name}
              price={formatShillings(plan.shillings)}
              period={virtualPlanPeriod()}
              badge={plan.popular ? popularBadge() : undefined}
              specs={virtualPlanSpecs(plan)}
              action={
                <ActionLink
                  href={plan.href}
                  variant={plan.popular ? 'primary' : 'secondary'}
                  aria-label={getStartedWithPlan(plan.name)}
                >
                  {productActions.getStarted()}
                </ActionLink>
              }
            />
          ))}
        </div>
        <ul className="mt-10 flex flex-wrap justify-center gap-x-8 gap-y-2 text-sm" aria-label={t('virtualServers.claims.label')}>
          {virtualPlanClaims().map((claim) => (
            <li key={claim} className="flex items-center gap-2">
              <Check className="h-4 w-4 text-green-700 dark:text-green-400" aria-hidden="true" />
              {claim}
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center">
          <ActionLink href={custom.href} variant="text">
            {custom.label}
          </ActionLink>
        </p>
      </Section>
      <Section id="why-choose" title={t('virtualServers.why.title')}>
        <ProductCards cards={virtualWhyChoose()} columns={4} />
      </Section>
      <ProductCtaBlock cta={virtualCta()} />
    </>
  );
}
