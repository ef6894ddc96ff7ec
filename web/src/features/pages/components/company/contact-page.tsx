import { Briefcase, Clock, Mail, MapPin, MessageSquare, Phone, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { ActionLink } from '@/components/marketing/action-link';
import { FeatureCard, FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section } from '@/components/marketing/section';
import { site } from '@/config/site';
import { mailtoHref } from '@/lib/mailto';
import { telHref, useSiteSettings } from '@/lib/site-settings';
import { catalogueEntry } from '../page-catalogue';
import { RouteMeta } from '@/components/ui/route-meta';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';
import { contactFormId } from '../../lib/contact-link';

const route = '/contact';

/** The contact page's own success notice (spec §4): a toast, the form cleared. */
export const contactSentToast = { title: 'Message Sent', description: "Thank you! We'll get back to you soon." } as const;


/**
 * Contact (/contact): three option cards, the message form (`form`, intake's,
 * given by app/contact-route.tsx: sent to POST /api/messages, the Subject
 * prefilled from `?subject=`) and the contact details from the site settings.
 */
export function ContactPage({ form }: { form: ReactNode }) {
  const settings = useSiteSettings();
  const entry = catalogueEntry(route);
  useScrollToHash();

  return (
    <>
      <RouteMeta route={route} />
      <PageHero
        badge={entry.badge ?? 'Get in Touch'}
        title={entry.heading}
        lead={entry.intro}
        actions={
          <>
            <ActionLink href={`#${contactFormId}`}>Send a Message</ActionLink>
            <ActionLink href="/about" variant="secondary">
              About {site.company}
            </ActionLink>
          </>
        }
      />
      <Section title="How Can We Help?" intro="Choose the team you want to reach; every message gets a reply within 24 hours.">
        <FeatureGrid>
          <FeatureCard
            icon={TrendingUp}
            title="Investment & Portfolio"
            text="For investors, partners and analysts: our growth plans, data-center expansion and partnership opportunities across Africa."
          >
            <ActionLink href={mailtoHref(settings.investorEmail)} variant="text">
              <Mail className="h-4 w-4" aria-hidden="true" />
              {settings.investorEmail}
            </ActionLink>
          </FeatureCard>
          <FeatureCard
            icon={MessageSquare}
            title="General Inquiries"
            text="Questions about our services, pricing, billing or an existing account; our team will point you to the right person."
          >
            <ActionLink href={mailtoHref(settings.infoEmail)} variant="text">
              <Mail className="h-4 w-4" aria-hidden="true" />
              {settings.infoEmail}
            </ActionLink>
          </FeatureCard>
          <FeatureCard
            icon={Briefcase}
            title="Enterprise Solutions"
            text="Custom infrastructure, migrations, dedicated capacity and service levels for larger organisations. Tell us what you run and we will size it with you."
          >
            <ActionLink href={`#${contactFormId}`} variant="text">
              Send us the details
            </ActionLink>
          </FeatureCard>
        </FeatureGrid>
      </Section>
      <Section id="message" muted title="Send Us a Message">
        <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-3">
          <div className="lg:col-span-2">
            {form}
          </div>
          <aside aria-labelledby="contact-details-heading" className="space-y-5 text-sm">
            <h3 id="contact-details-heading" className="text-lg font-semibold">
              Contact Details
            </h3>
            <p className="flex items-start gap-3">
              <Phone className="mt-0.5 h-5 w-5 shrink-0 text-brand-dark dark:text-brand-light" aria-hidden="true" />
              <span>
                <span className="block font-medium">Phone</span>
                <a href={telHref(settings.phone)} className="underline">
                  {settings.phone}
                </a>
              </span>
            </p>
            <p className="flex items-start gap-3">
              <Mail className="mt-0.5 h-5 w-5 shrink-0 text-brand-dark dark:text-brand-light" aria-hidden="true" />
              <span>
                <span className="block font-medium">Email</span>
                <a href={mailtoHref(settings.infoEmail)} className="break-all underline">
                  {settings.infoEmail}
                </a>
              </span>
            </p>
            <div className="flex items-start gap-3">
              <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-brand-dark dark:text-brand-light" aria-hidden="true" />
              <div>
                <p className="font-medium">Office</p>
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
                <span className="block font-medium">Business Hours</span>
                {settings.hours}
              </span>
            </p>
            <p className="rounded-md bg-white p-3 font-medium dark:bg-gray-900">We reply within 24 hours.</p>
          </aside>
        </div>
      </Section>
    </>
  );
}
