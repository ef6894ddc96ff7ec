import { Check } from 'lucide-react';
import { ActionLink } from '@/components/marketing/action-link';
import { Tabs } from '@/components/marketing/tabs';
import { t } from '@/i18n/i18n';
import { Rich } from '@/i18n/rich';
import { defaultHomeTab, productTabs } from './home-content';

/** The tabbed product preview: nodes first and selected, each panel with a Read More. */
export function ProductTabs() {
  return (
    <Tabs
      label={t('home.products.tabs')}
      defaultValue={defaultHomeTab}
      items={productTabs().map((tab) => ({
        id: tab.id,
        label: tab.label,
        panel: (
          <div className="grid gap-8 rounded-2xl border border-gray-200 bg-white p-6 sm:p-8 md:grid-cols-2 dark:border-gray-700 dark:bg-gray-800">
            <div>
              <h3 className="text-xl font-bold">{tab.title}</h3>
              <p className="mt-3 text-gray-700 dark:text-gray-300">{tab.description}</p>
              <ActionLink href={tab.href} className="mt-6">
                <Rich id="home.products.readMore" values={{ product: tab.label }} parts={[<span className="sr-only" />]} />
              </ActionLink>
            </div>
            <ul className="space-y-3 self-center">
              {tab.highlights.map((point) => (
                <li key={point} className="flex items-start gap-3">
                  <Check className="mt-0.5 h-5 w-5 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
          </div>
        ),
      }))}
    />
  );
}
