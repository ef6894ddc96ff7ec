import { CalendarClock, Check, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { ActionLink } from '@/components/marketing/action-link';
import { FeatureCard, FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section } from '@/components/marketing/section';
import { StatsRow } from '@/components/marketing/stats-row';
import { site } from '@/config/site';
import { t } from '@/i18n/i18n';
import { mailtoHref } from '@/lib/mailto';
import { useSiteSettings } from '@/lib/site-settings';
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
  const salesEmail = settings.salesEmail || settings.infoEmail;

  return (
    <>
      <RouteMeta route={route} />
      <PageHero
        badge={t('finance.hero.badge')}
        title={t('finance.hero.title')}
        lead={t('finance.hero.lead')}
        actions={
          <>
            <ActionLink href={`#${formId}`}>{t('finance.hero.scheduleDemo')}</ActionLink>
            <ActionLink href={settings.bookingUrl} variant="secondary">
              {t('finance.bookCall')}
            </ActionLink>
          </>
        }
      />
      <div className="mx-auto max-w-6xl px-4 pt-12 lg:px-8">
        <StatsRow items={financeHeadlineStats()} />
      </div>
      <Section
        id="services"
        title={t('finance.services.title')}
        intro={t('finance.services.intro')}
      >
        <FeatureGrid columns={4}>
          {financeServices().map((card) => (
            <FeatureCard key={card.title} icon={card.icon} title={card.title} text={card.text} />
          ))}
        </FeatureGrid>
      </Section>
      <Section
        id="core-stack"
        muted
        title={t('finance.coreStack.title')}
        intro={t('finance.coreStack.intro')}
      >
        <CheckList items={financeCoreStack()} />
      </Section>
      <Section id="benefits" title={t('finance.benefits.title')}>
        <FeatureGrid columns={4}>
          {financeBenefits().map((card) => (
            <FeatureCard key={card.title} icon={card.icon} title={card.title} text={card.text} />
          ))}
        </FeatureGrid>
      </Section>
      <Section
        id="market"
        muted
        title={t('finance.market.title')}
        intro={t('finance.market.intro')}
      >
        <StatsRow items={financeMarketStats()} />
      </Section>
      <Section id="why-us" title={t('finance.whyUs.title', { company: site.company })}>
        <CheckList items={financeWhyUs()} />
      </Section>
      <Section
        id={formId}
        muted
        title={t('finance.demo.title')}
        intro={t('finance.demo.intro')}
      >
        <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-3">
          <div className="lg:col-span-2">
            {demoForm}
          </div>
          <aside aria-label={t('finance.demo.otherWays')} className="space-y-4 text-sm">
            <p className="text-gray-700 dark:text-gray-300">{t('finance.demo.talkFirst')}</p>
            <ActionLink href={mailtoHref(salesEmail, { subject: t('finance.demo.emailSubject') })} variant="secondary" className="w-full">
              <Mail className="h-4 w-4" aria-hidden="true" />
              {t('finance.demo.email', { email: salesEmail })}
            </ActionLink>
            <ActionLink href={settings.bookingUrl} variant="secondary" className="w-full">
              <CalendarClock className="h-4 w-4" aria-hidden="true" />
              {t('finance.bookCall')}
            </ActionLink>
          </aside>
        </div>
      </Section>
    </>
  );
}
