// The page's English messages, with the page's code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/contact';
import { Briefcase, Clock, Mail, MapPin, MessageSquare, Phone, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { ActionLink } from '@/components/marketing/action-link';
import { FeatureCard, FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section } from '@/components/marketing/section';
import { site } from '@/config/site';
import { t } from '@/i18n/i18n';
import { mailtoHref } from '@/lib/mailto';
import { telHref, useSiteSettings } from '@/lib/site-settings';
import { RouteMeta } from '@/components/ui/route-meta';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';
import { contactFormId } from '../../lib/contact-link';

const route = '/contact';

/** The contact page's own success notice (spec §4): a toast, the form cleared. */
export const contactSentToast = () => ({ title: t('contact.sent.title'), description: t('contact.sent.text') });


/**
 * Contact (/contact): three option cards, the message form (`form`, intake's,
 * given by app/contact-route.tsx: sent to POST /api/messages, the Subject
 * prefilled from `?subject=`) and the contact details from the site settings.
 */
export function ContactPage({ form }: { form: ReactNode }) {
  const settings = useSiteSettings();
  useScrollToHash();

  return (
    <>
      <RouteMeta route={route} />
      <PageHero
        badge={t('contact.hero.badge')}
        title={t('contact.hero.title')}
        lead={t('contact.hero.lead')}
        actions={
          <>
            <ActionLink href={`#${contactFormId}`}>{t('contact.hero.sendMessage')}</ActionLink>
            <ActionLink href="/about" variant="secondary">
              {t('contact.hero.about', { company: site.company })}
            </ActionLink>
          </>
        }
      />
      <Section title={t('contact.options.title')} intro={t('contact.options.intro')}>
        <FeatureGrid>
          <FeatureCard
            icon={TrendingUp}
            title={t('contact.options.investment.title')}
            text={t('contact.options.investment.text')}
          >
            <ActionLink href={mailtoHref(settings.investorEmail)} variant="text">
              <Mail className="h-4 w-4" aria-hidden="true" />
              {settings.investorEmail}
            </ActionLink>
          </FeatureCard>
          <FeatureCard
            icon={MessageSquare}
            title={t('contact.options.general.title')}
            text={t('contact.options.general.text')}
          >
            <ActionLink href={mailtoHref(settings.infoEmail)} variant="text">
              <Mail className="h-4 w-4" aria-hidden="true" />
              {settings.infoEmail}
            </ActionLink>
          </FeatureCard>
          <FeatureCard
            icon={Briefcase}
            title={t('contact.options.enterprise.title')}
            text={t('contact.options.enterprise.text')}
          >
            <ActionLink href={`#${contactFormId}`} variant="text">
              {t('contact.options.enterprise.link')}
            </ActionLink>
          </FeatureCard>
        </FeatureGrid>
      </Section>
      <Section id="message" muted title={t('contact.form.title')}>
        <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-3">
          <div className="lg:col-span-2">
            {form}
          </div>
          <aside aria-labelledby="contact-details-heading" className="space-y-5 text-sm">
            <h3 id="contact-details-heading" className="text-lg font-semibold">
              {t('contact.details.title')}
            </h3>
            <p className="flex items-start gap-3">
              <Phone className="mt-0.5 h-5 w-5 shrink-0 text-brand-dark dark:text-brand-light" aria-hidden="true" />
              <span>
                <span className="block font-medium">{t('contact.details.phone')}</span>
                <a href={telHref(settings.phone)} className="underline">
                  {settings.phone}
                </a>
              </span>
            </p>
            <p className="flex items-start gap-3">
              <Mail className="mt-0.5 h-5 w-5 shrink-0 text-brand-dark dark:text-brand-light" aria-hidden="true" />
              <span>
                <span className="block font-medium">{t('contact.details.email')}</span>
                <a href={mailtoHref(settings.infoEmail)} className="break-all underline">
                  {settings.infoEmail}
                </a>
              </span>
            </p>
            <div className="flex items-start gap-3">
              <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-brand-dark dark:text-brand-light" aria-hidden="true" />
              <div>
                <p className="font-medium">{t('contact.details.office')}</p>
                <address className="not-italic">
                  {settings.office.building}
                  <br />
                  {settings.office.street}
                  <br />
                  {settings.office.city}
                </address>
              </div>
            </div>
            <p className="flex items-start gap-3">
              <Clock className="mt-0.5 h-5 w-5 shrink-0 text-brand-dark dark:text-brand-light" aria-hidden="true" />
              <span>
                <span className="block font-medium">{t('contact.details.hours')}</span>
                {settings.hours}
              </span>
            </p>
            <p className="rounded-md bg-white p-3 font-medium dark:bg-gray-900">{t('contact.details.reply')}</p>
          </aside>
        </div>
      </Section>
    </>
  );
}
