import { ActionLink } from '@/components/marketing/action-link';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { FeatureCard, FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { PlanCard } from '@/components/marketing/plan-card';
import { Section } from '@/components/marketing/section';
import { site } from '@/config/site';
import { contactFormHref } from '../../lib/contact-link';
import { mailtoHref } from '@/lib/mailto';
import { useSiteSettings } from '@/lib/site-settings';
import { catalogueEntry } from '../page-catalogue';
import { RouteMeta } from '@/components/ui/route-meta';
import {
  cctvPlans,
  kaaRadaHeroLead,
  kaaRadaQuoteSubject,
  kaaRadaUptime,
  keyFeatures,
  useCases,
  whyChoose,
  whyNyota,
  type CctvPlan,
  type KaaRadaCard,
} from './kaa-rada-content';

const route = '/kaa-rada';

function Cards({ items, columns }: { items: readonly KaaRadaCard[]; columns?: 2 | 3 | 4 }) {
  return (
    <FeatureGrid columns={columns}>
      {items.map((item) => (
        <FeatureCard key={item.title} icon={item.icon} title={item.title} text={item.text} />
      ))}
    </FeatureGrid>
  );
}

function planHref(plan: CctvPlan, salesEmail: string): string {
  if (plan.action.target === 'cta') return '#cta';
  return mailtoHref(salesEmail, { subject: `${plan.name} enquiry` });
}

/** /kaa-rada: Kaa Rada cloud CCTV. */
export default function KaaRadaPage() {
  const entry = catalogueEntry(route);
  const settings = useSiteSettings();
  const quote = contactFormHref(kaaRadaQuoteSubject);
  return (
    <>
      <RouteMeta route={route} />
      <PageHero
        badge="CLOUD CCTV"
        title={entry.heading}
        lead={kaaRadaHeroLead}
        actions={
          <>
            <ActionLink href={quote}>Get Quote</ActionLink>
            <ActionLink href={settings.bookingUrl} variant="secondary">
              Book a Demo
            </ActionLink>
          </>
        }
      />
      <Section
        id="features"
        title="Key Features"
        intro="Everything you need to record, store and watch your cameras securely, without a recorder on site."
      >
        <Cards items={keyFeatures} />
      </Section>
      <Section id="why-kaa-rada" title="Why Choose Kaa Rada" muted>
        <Cards items={whyChoose} columns={4} />
      </Section>
      <Section
        id="use-cases"
        title="Use Cases"
        intro="Built for the people who are responsible for keeping premises, people and assets safe."
      >
        <Cards items={useCases} columns={4} />
      </Section>
      <Section
        id="pricing"
        title="Indicative Pricing"
        intro={`Monthly prices in Kenya shillings, with a ${kaaRadaUptime} uptime commitment. Final pricing depends on retention period and camera resolution.`}
        muted
      >
        <div className="grid gap-8 pt-3 md:grid-cols-3">
          {cctvPlans.map((plan) => (
            <PlanCard
              key={plan.id}
              name={plan.name}
              tagline={plan.tagline}
              price={plan.price}
              period={plan.period}
              specs={plan.specs}
              badge={plan.badge}
              action={
                <ActionLink
                  href={planHref(plan, settings.salesEmail)}
                  variant={plan.badge ? 'primary' : 'secondary'}
                  aria-label={`${plan.action.label}: ${plan.name}`}
                >
                  {plan.action.label}
                </ActionLink>
              }
            />
          ))}
        </div>
      </Section>
      <Section id="why-nyota" title={`Why ${site.company}`}>
        <Cards items={whyNyota} columns={4} />
      </Section>
      <CtaBanner
        id="cta"
        title="Ready to Move Your Cameras to the Cloud?"
        text="Book a demo to see Kaa Rada live, or tell us about your sites and cameras and we will send you a tailored quote."
        actions={
          <>
            <ActionLink href={settings.bookingUrl} variant="secondary">
              Book a Demo
            </ActionLink>
            <ActionLink href={quote} variant="secondary">
              Get Custom Quote
            </ActionLink>
          </>
        }
      />
    </>
  );
}
