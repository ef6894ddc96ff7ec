import { ActionLink } from '@/components/marketing/action-link';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { FeatureCard, FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section } from '@/components/marketing/section';
import { useSiteSettings } from '@/lib/site-settings';
import { RouteMeta } from '@/components/ui/route-meta';
import { site } from '@/config/site';
import { t } from '@/i18n/i18n';
import { aboutHeroLead, missionPillars, missionStatement, ourStory, ourValues } from './about-content';

const route = '/about';

/** /about: mission, story and values. */
export default function AboutPage() {
  const settings = useSiteSettings();
  return (
    <>
      <RouteMeta route={route} />
      <PageHero badge={t('about.hero.badge')} title={t('about.hero.title', { company: site.company })} lead={aboutHeroLead()} />
      <Section id="mission" title={t('about.mission.title')} intro={missionStatement()}>
        <FeatureGrid columns={4}>
          {missionPillars().map((item) => (
            <FeatureCard key={item.title} icon={item.icon} title={item.title} text={item.text} />
          ))}
        </FeatureGrid>
      </Section>
      <Section id="story" title={t('about.story.title')} muted>
        <div className="mx-auto max-w-3xl space-y-5 text-lg text-gray-700 dark:text-gray-300">
          {ourStory().map((paragraph) => (
            <p key={paragraph.slice(0, 32)}>{paragraph}</p>
          ))}
        </div>
      </Section>
      <Section id="values" title={t('about.values.title')}>
        <FeatureGrid>
          {ourValues().map((item) => (
            <FeatureCard key={item.title} icon={item.icon} title={item.title} text={item.text} />
          ))}
        </FeatureGrid>
      </Section>
      <CtaBanner
        title={t('about.cta.title')}
        text={t('about.cta.text')}
        actions={
          <>
            <ActionLink href={settings.bookingUrl} variant="secondary">
              {t('about.cta.bookCall')}
            </ActionLink>
            <ActionLink href="/contact" variant="secondary">
              {t('about.cta.contact')}
            </ActionLink>
          </>
        }
      />
    </>
  );
}
