import { ActionLink } from '@/components/marketing/action-link';
import { Section } from '@/components/marketing/section';
import { Tabs } from '@/components/marketing/tabs';
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
        <caption className="sr-only">{label} storage prices</caption>
        <thead className="bg-gray-100 dark:bg-gray-900">
          <tr>
            <th scope="col" className="px-6 py-3 font-semibold">
              Capacity
            </th>
            <th scope="col" className="px-6 py-3 text-right font-semibold">
              Price per month
            </th>
          </tr>
        </thead>
        <tbody>
          {storagePrices[kind].map((row) => (
            <tr key={row.capacity} className="border-t border-gray-200 dark:border-gray-700">
              <th scope="row" className="px-6 py-4 font-medium">
                {row.capacity}
              </th>
              <td className="px-6 py-4 text-right font-semibold text-brand-dark dark:text-brand-light">{row.price}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /storage-solutions: features, the RAM / SSD price tables, why choose us and use cases. */
export function StorageSolutionsPage() {
  return (
    <>
      <RouteMeta route="/storage-solutions" />
      <ProductHeroBlock hero={storageHero} />
      <Section id="features" title="Features">
        <ProductCards cards={storageFeatures} columns={4} />
      </Section>
      <Section
        id="storage-options"
        title="Available storage options"
        intro="Choose the storage type, then the capacity that fits your workload."
        muted
      >
        <div className="mx-auto max-w-2xl">
          <Tabs
            label="Storage type"
            defaultValue={defaultStorageKind}
            items={storageTabs.map((tab) => ({
              id: tab.id,
              label: tab.label,
              panel: <PriceTable kind={tab.id} label={tab.label} />,
            }))}
          />
          <div className="mt-8 text-center">
            <ActionLink href={storageGetStarted.href}>{storageGetStarted.label}</ActionLink>
          </div>
        </div>
      </Section>
      <Section id="why-choose" title="Why Choose Our Storage Solutions">
        <ProductCards cards={storageWhyChoose} />
      </Section>
      <Section id="use-cases" title="Use Cases" muted>
        <ProductCards cards={storageUseCases} />
      </Section>
      <ProductCtaBlock cta={storageCta} />
    </>
  );
}
