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
import { catalogueEntry } from '../page-catalogue';
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

const billingOptions: { value: Billing; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];

/** Monthly / Yearly as a radio group: Tab enters it, arrow keys switch (native radios). */
function BillingToggle({ value, onChange }: { value: Billing; onChange: (value: Billing) => void }) {
  const name = useId();
  return (
    <fieldset className="mx-auto w-fit">
      <legend className="sr-only">Billing period</legend>
      <div className="flex gap-1 rounded-full bg-gray-100 p-1 dark:bg-gray-800">
        {billingOptions.map((option) => (
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
          const isContactSales = labels.price === contactSales;
          return (
            <PlanCard
              key={plan.name}
              name={plan.name}
              tagline={`${plan.storage} storage`}
              price={labels.price}
              period={labels.period}
              specs={plan.features}
              badge={plan.name === popular ? 'Most Popular' : undefined}
              action={
                isContactSales ? (
                  <ActionLink href={contactSalesHref(provider, plan)} variant="secondary">
                    Contact sales
                  </ActionLink>
                ) : (
                  <ActionLink href={`#${formId}`} aria-label={`Get Started with ${provider.name} ${plan.name}`}>
                    Get Started
                  </ActionLink>
                )
              }
            >
              {labels.billed && <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{labels.billed}</p>}
              {labels.was && (
                <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
                  <span className="sr-only">Instead of </span>
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

const reasons = [
  {
    icon: ArrowRightLeft,
    title: 'Setup and migration done for you',
    text: 'We verify your domain, publish the MX, SPF, DKIM and DMARC records and move your existing mailboxes, so nobody loses a message on switch-over day.',
  },
  {
    icon: LockKeyhole,
    title: 'Secure by default',
    text: 'Mail travels over TLS 1.3 and is encrypted at rest with AES-256; we turn on two-step verification and phishing protection for every user from the start.',
  },
  {
    icon: Headset,
    title: 'Local support, 24/7',
    text: 'Our engineers in Nairobi answer by phone, email and chat around the clock, in your time zone, for the mailboxes we set up.',
  },
  {
    icon: MailCheck,
    title: 'Deliverability you can rely on',
    text: 'We monitor your domain reputation and authentication records, so invoices and quotes land in the inbox, not the spam folder.',
  },
] as const;

/**
 * Hosted email (/solutions/nyota-finance): provider and billing selectors, the plan cards of spec §9, Why Choose,
 * Request Demo (`demoForm`, intake's, given by app/hosted-email-route.tsx).
 */
export function HostedEmailPage({ demoForm }: { demoForm: ReactNode }) {
  const entry = catalogueEntry(hostedEmailRoute);
  const [provider, setProvider] = useState<EmailProviderId>(defaultProvider);
  const [billing, setBilling] = useState<Billing>(defaultBilling);

  return (
    <>
      <RouteMeta route={hostedEmailRoute} />
      <PageHero
        badge={entry.badge ?? 'Business Email'}
        title={entry.heading}
        lead="Professional email on your own domain with Google Workspace or Zoho Mail, billed monthly or yearly, set up, migrated and supported by our team."
        actions={
          <>
            <ActionLink href={`#${formId}`}>Get Started</ActionLink>
            <ActionLink href="#plans" variant="secondary">
              View Plans
            </ActionLink>
          </>
        }
      />
      <Section
        id="plans"
        title="Plans and Pricing"
        intro="Choose a provider and a billing period. Every price is per user. A struck-through figure is what the same user costs on monthly billing (Google Workspace) or after the launch offer (Zoho Mail)."
      >
        <BillingToggle value={billing} onChange={setBilling} />
        <Tabs
          className="mt-8"
          label="Email provider"
          value={provider}
          onValueChange={(value) => setProvider(value as EmailProviderId)}
          items={emailProviders.map((p) => ({
            id: p.id,
            label: p.name,
            panel: <ProviderPlans provider={p} billing={billing} />,
          }))}
        />
      </Section>
      <Section
        muted
        title={`Why Choose ${site.company} for Business Email`}
        intro="Businesses across the region trust us with the mailboxes their customers write to every day."
      >
        <StatsRow items={whyChooseStats} />
        <div className="mt-10">
          <FeatureGrid columns={4}>
            {reasons.map((reason) => (
              <FeatureCard key={reason.title} icon={reason.icon} title={reason.title} text={reason.text} />
            ))}
          </FeatureGrid>
        </div>
      </Section>
      <Section
        id={formId}
        title="Request Demo"
        intro="Tell us how many mailboxes you need and where your email lives today; an engineer will walk you through the plans and the move."
      >
        <div className="mx-auto max-w-2xl">
          {demoForm}
        </div>
      </Section>
    </>
  );
}
