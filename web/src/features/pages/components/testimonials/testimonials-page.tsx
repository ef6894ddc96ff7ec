import { ActionLink } from '@/components/marketing/action-link';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { PageHero } from '@/components/marketing/page-hero';
import { Section } from '@/components/marketing/section';
import { StatsRow } from '@/components/marketing/stats-row';
import { rowClasses } from '@/lib/rows';
import { site } from '@/config/site';
import { useSiteSettings } from '@/lib/site-settings';
import { RouteMeta } from '@/components/ui/route-meta';
import { TestimonialCard } from './testimonial-card';
import { featuredTestimonials, otherTestimonials, testimonialStats } from './testimonials-data';

const route = '/testimonials';

/** /testimonials: the four stats, featured success stories and the other client quotes. */
export default function TestimonialsPage() {
  const settings = useSiteSettings();
  return (
    <>
      <RouteMeta route={route} />
      <PageHero
        badge="TESTIMONIALS"
        title="Trusted by Businesses Across Africa"
        lead={`From microfinance to media, businesses in 35+ African countries run on ${site.company}. Here is what they say about working with us.`}
      />
      <section aria-label="Our clients in numbers" className="mx-auto max-w-6xl px-4 lg:px-8">
        <StatsRow items={testimonialStats} />
      </section>
      <Section id="featured" title="Featured Success Stories">
        <ul className={rowClasses(featuredTestimonials.length, { lg: 3 })}>
          {featuredTestimonials.map((item) => (
            <TestimonialCard key={item.id} item={item} featured />
          ))}
        </ul>
      </Section>
      <Section id="clients" title="What Our Clients Say" muted>
        <ul className={rowClasses(otherTestimonials.length, { lg: 3 })}>
          {otherTestimonials.map((item) => (
            <TestimonialCard key={item.id} item={item} />
          ))}
        </ul>
      </Section>
      <CtaBanner
        title="Ready to Write Your Own Success Story?"
        text="Join the businesses across Africa that run on secure, local infrastructure with 99.9% uptime and 24/7 support."
        actions={
          <>
            <ActionLink href="/register" variant="secondary">
              Get Started Today
            </ActionLink>
            <ActionLink href={settings.bookingUrl} variant="secondary">
              Schedule Consultation
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
