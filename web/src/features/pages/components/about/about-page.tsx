import { ActionLink } from '@/components/marketing/action-link';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { FeatureCard, FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section } from '@/components/marketing/section';
import { useSiteSettings } from '@/lib/site-settings';
import { catalogueEntry } from '../page-catalogue';
import { RouteMeta } from '@/components/ui/route-meta';
import { aboutHeroLead, missionPillars, missionStatement, ourStory, ourValues } from './about-content';

const route = '/about';

/** /about: mission, story and values. */
export default function AboutPage() {
  const entry = catalogueEntry(route);
  const settings = useSiteSettings();
  return (
    <>
      <RouteMeta route={route} />
      <PageHero badge="ABOUT US" title={entry.heading} lead={aboutHeroLead} />
      <Section id="mission" title="Our Mission" intro={missionStatement}>
        <FeatureGrid columns={4}>
          {missionPillars.map((item) => (
            <FeatureCard key={item.title} icon={item.icon} title={item.title} text={item.text} />
          ))}
        </FeatureGrid>
      </Section>
      <Section id="story" title="Our Story" muted>
        <div className="mx-auto max-w-3xl space-y-5 text-lg text-gray-700 dark:text-gray-300">
          {ourStory.map((paragraph) => (
            <p key={paragraph.slice(0, 32)}>{paragraph}</p>
          ))}
        </div>
      </Section>
      <Section id="values" title="Our Values">
        <FeatureGrid>
          {ourValues.map((item) => (
            <FeatureCard key={item.title} icon={item.icon} title={item.title} text={item.text} />
          ))}
        </FeatureGrid>
      </Section>
      <CtaBanner
        title="Let’s Build Africa’s Digital Future Together"
        text="Tell us what you are building and we will help you find the right infrastructure for it."
        actions={
          <>
            <ActionLink href={settings.bookingUrl} variant="secondary">
              Book a Call
            </ActionLink>
            <ActionLink href="/contact" variant="secondary">
              Contact Us
            </ActionLink>
          </>
        }
      />
    </>
  );
}
