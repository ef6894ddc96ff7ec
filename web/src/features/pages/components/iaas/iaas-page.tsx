import { ActionLink } from '@/components/marketing/action-link';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { FeatureCard, FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section } from '@/components/marketing/section';
import { StatsRow } from '@/components/marketing/stats-row';
import { site } from '@/config/site';
import { contactFormHref } from '../../lib/contact-link';
import { useSiteSettings } from '@/lib/site-settings';
import { catalogueEntry } from '../page-catalogue';
import { RouteMeta } from '@/components/ui/route-meta';
import { iaasFeatures, iaasHeroLead, iaasQuoteSubject, iaasReasons, iaasStats } from './iaas-content';

const route = '/iaas';

/** /iaas: infrastructure services. */
export default function IaasPage() {
  const entry = catalogueEntry(route);
  const settings = useSiteSettings();
  const quote = contactFormHref(iaasQuoteSubject);
  return (
    <>
      <RouteMeta route={route} />
      <PageHero
        badge="INFRASTRUCTURE AS A SERVICE"
        title={entry.heading}
        lead={iaasHeroLead}
        actions={
          <>
            <ActionLink href={settings.bookingUrl}>Book a Call</ActionLink>
            <ActionLink href={quote} variant="secondary">
              Request a Quote
            </ActionLink>
          </>
        }
      />
      <Section
        id="features"
        title="Everything Your Infrastructure Needs"
        intro="The building blocks of your platform, run by our engineers so your team can focus on the product."
      >
        <FeatureGrid columns={4}>
          {iaasFeatures.map((item) => (
            <FeatureCard key={item.title} icon={item.icon} title={item.title} text={item.text} />
          ))}
        </FeatureGrid>
      </Section>
      <Section id="why-choose" title={`Why Choose ${site.company}`} muted>
        <StatsRow items={iaasStats} />
        <div className="mt-10">
          <FeatureGrid>
            {iaasReasons.map((item) => (
              <FeatureCard key={item.title} icon={item.icon} title={item.title} text={item.text} />
            ))}
          </FeatureGrid>
        </div>
      </Section>
      <CtaBanner
        title="Build on Infrastructure Made for Africa"
        text="See the platform in a live demo, or tell us what you run today and we will size and price it for you."
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
