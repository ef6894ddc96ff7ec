import { ActionLink } from '@/components/marketing/action-link';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { PageHero } from '@/components/marketing/page-hero';
import { Section } from '@/components/marketing/section';
import { StatsRow } from '@/components/marketing/stats-row';
import { rowClasses } from '@/lib/rows';
import { site } from '@/config/site';
import { t } from '@/i18n/i18n';
import { useSiteSettings } from '@/lib/site-settings';
import { RouteMeta } from '@/components/ui/route-meta';
import { TestimonialCard } from './testimonial-card';
import { featuredTestimonials, otherTestimonials, testimonialStats } from './testimonials-data';

const route = '/testimonials';

/** /testimonials: the four stats, featured success stories and the other client quotes. */
export default function TestimonialsPage() {
  const settings = useSiteSettings();
  const featured = featuredTestimonials();
  const others = otherTestimonials();
  return (
    <>
      <RouteMeta route={route} />
      <PageHero
        badge={t('testimonials.hero.badge')}
        title={t('testimonials.hero.title')}
        lead={t('testimonials.hero.lead', { company: site.company })}
      />
      <section aria-label={t('testimonials.stats.label')} className="mx-auto max-w-6xl px-4 lg:px-8">
        <StatsRow items={testimonialStats()} />
      </section>
      <Section id="featured" title={t('testimonials.featured.title')}>
        <ul className={rowClasses(featured.length, { lg: 3 })}>
          {featured.map((item) => (
            <TestimonialCard key={item.id} item={item} featured />
          ))}
        </ul>
      </Section>
      <Section id="clients" title={t('testimonials.clients.title')} muted>
        <ul className={rowClasses(others.length, { lg: 3 })}>
          {others.map((item) => (
            <TestimonialCard key={item.id} item={item} />
          ))}
        </ul>
      </Section>
      <CtaBanner
        title={t('testimonials.cta.title')}
        text={t('testimonials.cta.text')}
        actions={
          <>
            <ActionLink href="/register" variant="secondary">
              {t('testimonials.cta.getStarted')}
            </ActionLink>
            <ActionLink href={settings.bookingUrl} variant="secondary">
              {t('testimonials.cta.consultation')}
            </ActionLink>
            <ActionLink href="/contact" variant="secondary">
              {t('testimonials.cta.contact')}
            </ActionLink>
          </>
        }
      />
    </>
  );
}
