import { ActionLink } from '@/components/marketing/action-link';
import { Section } from '@/components/marketing/section';
import { Tabs } from '@/components/marketing/tabs';
import { formatShillings, t } from '@/i18n/i18n';
import { ProductCards, ProductCtaBlock, ProductHeroBlock } from '../product-parts';
import { RouteMeta } from '@/components/ui/route-meta';
import {
  defaultStorageKind,
  storageCta,
  storageFeatures,
  storageGetStarted,
  storageHero,
  storagePrices,
  storageTabs,
  storageUseCases,
  storageWhyChoose,
  type StorageKind,
} from './storage-solutions-content';

function PriceTable({ kind, label }: { kind: StorageKind; label: string }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white dark:border-gray-700 dark:bg-gray-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('storage.prices.caption', { kind: label })}</caption>
        <thead className="bg-gray-100 dark:bg-gray-900">
          <tr>
            <th scope="col" className="px-6 py-3 font-semibold">
              {t('storage.prices.capacity')}
            </th>
            <th scope="col" className="px-6 py-3 text-right font-semibold">
              {t('storage.prices.perMonth')}
            </th>
          </tr>
        </thead>
        <tbody>
          {storagePrices[kind].map((row) => (
            <tr key={row.capacity} className="border-t border-gray-200 dark:border-gray-700">
              <th scope="row" className="px-6 py-4 font-medium">
                {row.capacity}
              </th>
              <td className="px-6 py-4 text-right font-semibold text-brand-dark dark:text-brand-light">{formatShillings(row.shillings)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /storage-solutions: features, the RAM / SSD price tables, why choose us and use cases. */
export function StorageSolutionsPage() {
  const getStarted = storageGetStarted();
  return (
    <>
      <RouteMeta route="/storage-solutions" />
      <ProductHeroBlock hero={storageHero()} />
      <Section id="features" title={t('products.section.features')}>
        <ProductCards cards={storageFeatures()} columns={4} />
      </Section>
      <Section
        id="storage-options"
        title={t('storage.options.title')}
        intro={t('storage.options.intro')}
        muted
      >
        <div className="mx-auto max-w-2xl">
          <Tabs
            label={t('storage.options.tabs')}
            defaultValue={defaultStorageKind}
            items={storageTabs.map((tab) => ({
              id: tab.id,
              label: tab.label,
              panel: <PriceTable kind={tab.id} label={tab.label} />,
            }))}
          />
          <div className="mt-8 text-center">
            <ActionLink href={getStarted.href}>{getStarted.label}</ActionLink>
          </div>
        </div>
      </Section>
      <Section id="why-choose" title={t('storage.why.title')}>
        <ProductCards cards={storageWhyChoose()} />
      </Section>
      <Section id="use-cases" title={t('products.section.useCases')} muted>
        <ProductCards cards={storageUseCases()} />
      </Section>
      <ProductCtaBlock cta={storageCta()} />
    </>
  );
}
