import { useId, useState, type ReactNode } from 'react';
import { ArrowRightLeft, Headset, LockKeyhole, MailCheck } from 'lucide-react';
import { ActionLink } from '@/components/marketing/action-link';
import { FeatureCard, FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { PlanCard } from '@/components/marketing/plan-card';
import { Section } from '@/components/marketing/section';
import { StatsRow } from '@/components/marketing/stats-row';
import { Tabs } from '@/components/marketing/tabs';
import { cn } from '@/lib/cn';
import { site } from '@/config/site';
import { t } from '@/i18n/i18n';
import { RouteMeta } from '@/components/ui/route-meta';
import {
  contactSales,
  contactSalesHref,
  defaultBilling,
  defaultProvider,
  emailProviders,
  mostPopularPlan,
  priceLabels,
  whyChooseStats,
  type Billing,
  type EmailProvider,
  type EmailProviderId,
} from './hosted-email-plans';

export const hostedEmailRoute = `/solutions/${site.slug}-finance`;
const formId = 'request-demo';

/** The page's product name (a name, the same in every language), as the Solutions menu calls it. */
const product = 'Flexicloud';

const billingOptions = (): { value: Billing; label: string }[] => [
  { value: 'monthly', label: t('hostedEmail.billing.monthly') },
  { value: 'yearly', label: t('hostedEmail.billing.yearly') },
];

/** Monthly / Yearly as a radio group: Tab enters it, arrow keys switch (native radios). */
function BillingToggle({ value, onChange }: { value: Billing; onChange: (value: Billing) => void }) {
  const name = useId();
  return (
    <fieldset className="mx-auto w-fit">
      <legend className="sr-only">{t('hostedEmail.billing.legend')}</legend>
      <div className="flex gap-1 rounded-full bg-gray-100 p-1 dark:bg-gray-800">
        {billingOptions().map((option) => (
          <label key={option.value} className="relative">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="peer sr-only"
            />
            <span
              className={cn(
                'block cursor-pointer rounded-full px-5 py-2 text-sm font-semibold',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-dark dark:peer-focus-visible:outline-brand-light',
                value === option.value
                  ? 'bg-white text-brand-dark shadow-sm dark:bg-gray-900 dark:text-brand-light'
                  : 'text-gray-700 dark:text-gray-300',
              )}
            >
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ProviderPlans({ provider, billing }: { provider: EmailProvider; billing: Billing }) {
  const popular = mostPopularPlan(provider.plans);
  return (
    <>
      <p className="mx-auto mb-10 max-w-2xl text-center text-gray-700 dark:text-gray-300">{provider.intro}</p>
      <div className="grid gap-8 sm:grid-cols-2 xl:grid-cols-4">
        {provider.plans.map((plan) => {
          const labels = priceLabels(provider, plan, billing);
          const isContactSales = plan.monthlyPrice === contactSales || plan.yearlyPrice === contactSales;
          return (
            <PlanCard
              key={plan.name}
              name={plan.name}
              tagline={t('hostedEmail.plan.storage', { storage: plan.storage })}
              price={labels.price}
              period={labels.period}
              specs={plan.features}
              badge={plan.name === popular ? t('hostedEmail.plan.popular') : undefined}
              action={
                isContactSales ? (
                  <ActionLink href={contactSalesHref(provider, plan)} variant="secondary">
                    {t('hostedEmail.contactSales')}
                  </ActionLink>
                ) : (
                  <ActionLink href={`#${formId}`} aria-label={t('hostedEmail.plan.getStartedWith', { provider: provider.name, plan: plan.name })}>
                    {t('hostedEmail.getStarted')}
                  </ActionLink>
                )
              }
            >
              {labels.billed && <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{labels.billed}</p>}
              {labels.was && (
                <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
                  <span className="sr-only">{`${t('hostedEmail.plan.insteadOf')} `}</span>
                  <del>{labels.was.price}</del> {labels.was.meaning}
                </p>
              )}
              {labels.save && (
                <p className="mt-2 inline-block w-fit rounded-full bg-green-100 px-3 py-1 text-xs font-semibold text-green-900 dark:bg-green-950 dark:text-green-100">
                  {labels.save}
                </p>
              )}
            </PlanCard>
          );
        })}
      </div>
    </>
  );
}

const reasons = () =>
  [
    { icon: ArrowRightLeft, title: t('hostedEmail.why.setup.title'), text: t('hostedEmail.why.setup.text') },
    { icon: LockKeyhole, title: t('hostedEmail.why.secure.title'), text: t('hostedEmail.why.secure.text') },
    { icon: Headset, title: t('hostedEmail.why.support.title'), text: t('hostedEmail.why.support.text') },
    { icon: MailCheck, title: t('hostedEmail.why.deliverability.title'), text: t('hostedEmail.why.deliverability.text') },
  ] as const;

/**
 * Hosted email (/solutions/nyota-finance): provider and billing selectors, the plan cards of spec §9, Why Choose,
 * Request Demo (`demoForm`, intake's, given by app/hosted-email-route.tsx).
 */
export function HostedEmailPage({ demoForm }: { demoForm: ReactNode }) {
  const [provider, setProvider] = useState<EmailProviderId>(defaultProvider);
  const [billing, setBilling] = useState<Billing>(defaultBilling);

  return (
    <>
      <RouteMeta route={hostedEmailRoute} />
      <PageHero
        badge={product.toUpperCase()}
        title={t('hostedEmail.hero.title', { product })}
        lead={t('hostedEmail.hero.lead')}
        actions={
          <>
            <ActionLink href={`#${formId}`}>{t('hostedEmail.getStarted')}</ActionLink>
            <ActionLink href="#plans" variant="secondary">
              {t('hostedEmail.hero.viewPlans')}
            </ActionLink>
          </>
        }
      />
      <Section
        id="plans"
        title={t('hostedEmail.plans.title')}
        intro={t('hostedEmail.plans.intro')}
      >
        <BillingToggle value={billing} onChange={setBilling} />
        <Tabs
          className="mt-8"
          label={t('hostedEmail.plans.providers')}
          value={provider}
          onValueChange={(value) => setProvider(value as EmailProviderId)}
          items={emailProviders().map((p) => ({
            id: p.id,
            label: p.name,
            panel: <ProviderPlans provider={p} billing={billing} />,
          }))}
        />
      </Section>
      <Section
        muted
        title={t('hostedEmail.why.title', { company: site.company })}
        intro={t('hostedEmail.why.intro')}
      >
        <StatsRow items={whyChooseStats()} />
        <div className="mt-10">
          <FeatureGrid columns={4}>
            {reasons().map((reason) => (
              <FeatureCard key={reason.title} icon={reason.icon} title={reason.title} text={reason.text} />
            ))}
          </FeatureGrid>
        </div>
      </Section>
      <Section
        id={formId}
        title={t('hostedEmail.demo.title')}
        intro={t('hostedEmail.demo.intro')}
      >
        <div className="mx-auto max-w-2xl">
          {demoForm}
        </div>
      </Section>
    </>
  );
}
