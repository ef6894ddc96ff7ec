import { Section } from '@/components/marketing/section';
import { t } from '@/i18n/i18n';
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
      <ProductHeroBlock hero={managedHero()} />
      <Section id="services" title={t('managedInfra.offered.title')} intro={t('managedInfra.offered.intro')}>
        <ProductCards cards={managedServicesOffered()} columns={4} />
      </Section>
      <Section id="benefits" title={t('managedInfra.benefits.title')} muted>
        <ProductCards cards={managedBenefits()} />
      </Section>
      <Section id="managed-services" title={t('managedInfra.services.title')}>
        <ProductCards cards={managedServices()} />
      </Section>
      <ProductCtaBlock cta={managedCta()} />
    </>
  );
}
