import { CalendarClock, Check, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { ActionLink } from '@/components/marketing/action-link';
import { FeatureCard, FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section } from '@/components/marketing/section';
import { StatsRow } from '@/components/marketing/stats-row';
import { site } from '@/config/site';
import { mailtoHref } from '@/lib/mailto';
import { useSiteSettings } from '@/lib/site-settings';
import { catalogueEntry } from '../page-catalogue';
import { RouteMeta } from '@/components/ui/route-meta';
import {
  financeBenefits,
  financeCoreStack,
  financeHeadlineStats,
  financeMarketStats,
  financeServices,
  financeWhyUs,
} from './finance-content';

const route = '/finance';
const formId = 'request-demo';

function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="mx-auto grid max-w-4xl gap-4 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3">
          <Check className="mt-0.5 h-5 w-5 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The fintech cloud landing page (/finance): services, core stack, benefits, market figures, why us, Request a Demo
 * (`demoForm`, intake's, given by app/finance-route.tsx).
 */
export function FinancePage({ demoForm }: { demoForm: ReactNode }) {
  const settings = useSiteSettings();
  const entry = catalogueEntry(route);
  const salesEmail = settings.salesEmail || settings.infoEmail;

  return (
    <>
      <RouteMeta route={route} />
      <PageHero
        badge={entry.badge ?? 'Fintech Cloud'}
        title={entry.heading}
        lead="Run core banking, payments and lending on infrastructure built for financial services: IaaS, managed infrastructure, co-location and PaaS in Tier-3 data centers in Africa, with your data kept on the continent."
        actions={
          <>
            <ActionLink href={`#${formId}`}>Schedule a Demo</ActionLink>
            <ActionLink href={settings.bookingUrl} variant="secondary">
              Book a Call
            </ActionLink>
          </>
        }
      />
      <div className="mx-auto max-w-6xl px-4 pt-12 lg:px-8">
        <StatsRow items={financeHeadlineStats} />
      </div>
      <Section
        id="services"
        title="Infrastructure for Financial Services"
        intro="Four ways to run your platforms with us, from raw compute to a fully managed stack. Mix them as your systems require."
      >
        <FeatureGrid columns={4}>
          {financeServices.map((card) => (
            <FeatureCard key={card.title} icon={card.icon} title={card.title} text={card.text} />
          ))}
        </FeatureGrid>
      </Section>
      <Section
        id="core-stack"
        muted
        title="Your Core Stack, Hosted and Managed"
        intro="The systems a bank, SACCO or fintech depends on every day, deployed on hardened templates and run by our engineers."
      >
        <CheckList items={financeCoreStack} />
      </Section>
      <Section id="benefits" title="Benefits for Your Institution">
        <FeatureGrid columns={4}>
          {financeBenefits.map((card) => (
            <FeatureCard key={card.title} icon={card.icon} title={card.title} text={card.text} />
          ))}
        </FeatureGrid>
      </Section>
      <Section
        id="market"
        muted
        title="A Market Moving to the Cloud"
        intro="Cloud adoption in Kenya is still at about 26%, and the market is growing at 22% a year to 2030 on its way to KES 1.4T by 2033. Institutions that still run their own data rooms spend above KES 10M per year just to keep them running."
      >
        <StatsRow items={financeMarketStats} />
      </Section>
      <Section id="why-us" title={`Why ${site.company}`}>
        <CheckList items={financeWhyUs} />
      </Section>
      <Section
        id={formId}
        muted
        title="Request a Demo"
        intro="Tell us about your platform and your plans; a solutions engineer will show you how it runs on our cloud."
      >
        <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-3">
          <div className="lg:col-span-2">
            {demoForm}
          </div>
          <aside aria-label="Other ways to reach us" className="space-y-4 text-sm">
            <p className="text-gray-700 dark:text-gray-300">Prefer to talk first?</p>
            <ActionLink href={mailtoHref(salesEmail, { subject: 'Fintech cloud demo' })} variant="secondary" className="w-full">
              <Mail className="h-4 w-4" aria-hidden="true" />
              Email {salesEmail}
            </ActionLink>
            <ActionLink href={settings.bookingUrl} variant="secondary" className="w-full">
              <CalendarClock className="h-4 w-4" aria-hidden="true" />
              Book a Call
            </ActionLink>
          </aside>
        </div>
      </Section>
    </>
  );
}
