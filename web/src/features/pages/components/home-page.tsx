import { ActionLink } from '@/components/marketing/action-link';
import { PageHero } from '@/components/marketing/page-hero';
import { Section } from '@/components/marketing/section';
import { StatsRow } from '@/components/marketing/stats-row';
import { t } from '@/i18n/i18n';
import { useSiteSettings } from '@/lib/site-settings';
import { RouteMeta } from '@/components/ui/route-meta';
import { HeroVideo } from './home/hero-video';
import { homeStats, homeTestimonials } from './home/home-content';
import { PartnerStrip } from './home/partner-strip';
import { ProductTabs } from './home/product-tabs';
import { ServicesSection } from './home/services-section';
import { TestimonialCarousel } from './home/testimonial-carousel';

/** The home page (accounts-chat-and-shell.md §2 "Home page"). */
export function HomePage() {
  const settings = useSiteSettings();
  return (
    <>
      <RouteMeta route="/" />
      <PageHero
        badge={t('home.hero.badge')}
        title={t('home.hero.title')}
        lead={t('home.hero.lead')}
        actions={
          <>
            <ActionLink href={settings.bookingUrl}>{t('home.hero.bookCall')}</ActionLink>
            <ActionLink href="/contact" variant="secondary">
              {t('home.hero.requestQuote')}
            </ActionLink>
          </>
        }
        illustration={<HeroVideo src={settings.heroVideoUrl} />}
      />
      <div className="mx-auto max-w-6xl px-4 py-10 lg:px-8">
        <StatsRow items={homeStats()} />
      </div>
      <PartnerStrip partners={settings.partners} />
      <Section
        id="products"
        title={t('home.products.title')}
        intro={t('home.products.intro')}
      >
        <ProductTabs />
      </Section>
      <Section
        id="testimonials"
        title={t('home.testimonials.title')}
        intro={t('home.testimonials.intro')}
        muted
      >
        <TestimonialCarousel items={homeTestimonials()} />
      </Section>
      <ServicesSection />
    </>
  );
}
