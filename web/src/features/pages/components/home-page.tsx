import { ActionLink } from '@/components/marketing/action-link';
import { PageHero } from '@/components/marketing/page-hero';
import { Section } from '@/components/marketing/section';
import { StatsRow } from '@/components/marketing/stats-row';
import { useSiteSettings } from '@/lib/site-settings';
import { RouteMeta } from './route-meta';
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
        badge="Cloud built in Africa, for Africa"
        title="Making cloud solutions affordable, accessible and transformative for SMEs"
        lead="Enterprise-grade servers, storage, business intelligence and edge AI from Tier-3 data centers, with your data kept in Africa, 99.9% uptime and a support team that answers 24/7."
        actions={
          <>
            <ActionLink href={settings.bookingUrl}>Book a Call</ActionLink>
            <ActionLink href="/contact" variant="secondary">
              Request a Quote
            </ActionLink>
          </>
        }
        illustration={<HeroVideo src={settings.heroVideoUrl} />}
      />
      <div className="mx-auto max-w-6xl px-4 py-10 lg:px-8">
        <StatsRow items={homeStats} />
      </div>
      <PartnerStrip partners={settings.partners} />
      <Section
        id="products"
        title="One provider for your whole stack"
        intro="From a single virtual server to a rack of GPU nodes: pick where you start, and grow without changing providers."
      >
        <ProductTabs />
      </Section>
      <Section
        id="testimonials"
        title="What our clients say"
        intro="Businesses across the continent run on our infrastructure. Open a card to read the full story."
        muted
      >
        <TestimonialCarousel items={homeTestimonials} />
      </Section>
      <ServicesSection />
    </>
  );
}
