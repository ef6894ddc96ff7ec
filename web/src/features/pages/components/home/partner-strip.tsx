import { Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { t } from '@/i18n/i18n';

/**
 * The partner wordmarks (names from site settings) as an endless strip: the
 * list is drawn twice so the CSS loop is seamless, and the copy is hidden from
 * assistive technology. The loop stops on hover and focus, under
 * prefers-reduced-motion (the names then wrap), and with the pause button.
 */
export function PartnerStrip({ partners }: { partners: readonly string[] }) {
  const [paused, setPaused] = useState(false);
  return (
    <section aria-labelledby="partners-heading" className="border-y border-gray-200 py-10 dark:border-gray-800">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 lg:px-8">
        <h2 id="partners-heading" className="text-sm font-semibold tracking-wide text-gray-700 uppercase dark:text-gray-300">
          {t('home.partners.title')}
        </h2>
        <button
          type="button"
          aria-pressed={paused}
          onClick={() => setPaused((value) => !value)}
          className="partner-marquee-toggle inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
        >
          {paused ? <Play className="h-4 w-4" aria-hidden="true" /> : <Pause className="h-4 w-4" aria-hidden="true" />}
          {paused ? t('home.partners.play') : t('home.partners.pause')}
          <span className="sr-only">{t('home.partners.animation')}</span>
        </button>
      </div>
      <div className="partner-marquee mt-6" data-paused={paused}>
        <div className="partner-marquee-track">
          <ul className="partner-marquee-list" aria-label={t('home.partners.list')}>
            {partners.map((name) => (
              <li key={name}>
                <Wordmark name={name} />
              </li>
            ))}
          </ul>
          <ul className="partner-marquee-list partner-marquee-copy" aria-hidden="true">
            {partners.map((name) => (
              <li key={name}>
                <Wordmark name={name} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** A neutral wordmark: the name set in type, never a company's logo. */
function Wordmark({ name }: { name: string }) {
  return (
    <span className="inline-flex h-12 items-center rounded-lg border border-gray-200 bg-white px-5 text-base font-semibold whitespace-nowrap text-gray-700 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-200">
      {name}
    </span>
  );
}
