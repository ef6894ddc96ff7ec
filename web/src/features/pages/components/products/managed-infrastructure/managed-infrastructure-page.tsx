import { Section } from '@/components/marketing/section';
import { ProductCards, ProductCtaBlock, ProductHeroBlock } from '../product-parts';
import { RouteMeta } from '@/components/ui/route-meta';
import {
  managedBenefits,
  managedCta,
  managedHero,
  managedServices,
  managedServicesOffered,
} from './managed-infrastructure-content';

/** /managed-infrastructure: what our engineers run for you and why it pays off. */
export function ManagedInfrastructurePage() {
  return (
    <>
      <RouteMeta route="/managed-infrastructure" />
      <ProductHeroBlock hero={managedHero} />
      <Section
        id="services"
        title="Services Offered"
        intro="From a single server to your whole estate, we take over the day-to-day operations your business depends on."
      >
        <ProductCards cards={managedServicesOffered} columns={4} />
      </Section>
      <Section id="benefits" title="Benefits" muted>
        <ProductCards cards={managedBenefits} />
      </Section>
      <Section id="managed-services" title="Our Managed Services Include">
        <ProductCards cards={managedServices} />
      </Section>
      <ProductCtaBlock cta={managedCta} />
    </>
  );
}
