import { Section } from '@/components/marketing/section';
import { site } from '@/config/site';
import { ProductCards, ProductCtaBlock, ProductHeroBlock } from '../product-parts';
import { RouteMeta } from '@/components/ui/route-meta';
import { dataForgeBenefits, dataForgeCta, dataForgeFeatures, dataForgeHero, dataForgeUseCases } from './data-forge-content';

/** /data-forge: the BI and reconciliation product. */
export function DataForgePage() {
  return (
    <>
      <RouteMeta route="/data-forge" />
      <ProductHeroBlock hero={dataForgeHero} />
      <Section
        id="features"
        title="Features"
        intro="Everything you need to collect, reconcile, analyse and share your data in one platform."
      >
        <ProductCards cards={dataForgeFeatures} />
      </Section>
      <Section id="benefits" title="Key Benefits" muted>
        <ProductCards cards={dataForgeBenefits} />
      </Section>
      <Section id="use-cases" title="Use Cases" intro={`How organisations across industries use ${site.biProduct}.`}>
        <ProductCards cards={dataForgeUseCases} />
      </Section>
      <ProductCtaBlock cta={dataForgeCta} />
    </>
  );
}
