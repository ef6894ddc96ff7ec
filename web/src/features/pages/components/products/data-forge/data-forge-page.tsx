import { Section } from '@/components/marketing/section';
import { site } from '@/config/site';
import { t } from '@/i18n/i18n';
import { ProductCards, ProductCtaBlock, ProductHeroBlock } from '../product-parts';
import { RouteMeta } from '@/components/ui/route-meta';
import { dataForgeBenefits, dataForgeCta, dataForgeFeatures, dataForgeHero, dataForgeUseCases } from './data-forge-content';

/** /data-forge: the BI and reconciliation product. */
export function DataForgePage() {
  return (
    <>
      <RouteMeta route="/data-forge" />
      <ProductHeroBlock hero={dataForgeHero()} />
      <Section id="features" title={t('products.section.features')} intro={t('dataForge.features.intro')}>
        <ProductCards cards={dataForgeFeatures()} />
      </Section>
      <Section id="benefits" title={t('dataForge.benefits.title')} muted>
        <ProductCards cards={dataForgeBenefits()} />
      </Section>
      <Section
        id="use-cases"
        title={t('products.section.useCases')}
        intro={t('dataForge.useCases.intro', { product: site.biProduct })}
      >
        <ProductCards cards={dataForgeUseCases()} />
      </Section>
      <ProductCtaBlock cta={dataForgeCta()} />
    </>
  );
}
