import { ChevronDown, Quote } from 'lucide-react';
import { useId, useState } from 'react';
import { t } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import type { HomeTestimonial } from './home-content';

/**
 * The testimonial carousel: a row of cards that scrolls sideways on small
 * screens. Each card is a button (aria-expanded) that opens its full quote;
 * opening one closes the other, and pressing an open card closes it.
 */
export function TestimonialCarousel({ items }: { items: readonly HomeTestimonial[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const base = useId();
  return (
    <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-4 lg:mx-0 lg:grid lg:grid-cols-4 lg:overflow-visible lg:px-0">
      {items.map((item) => {
        const open = item.id === openId;
        const quoteId = `${base}-${item.id}`;
        return (
          <li key={item.id} className="w-[85%] shrink-0 snap-start sm:w-[45%] lg:w-auto">
            <article
              className={cn(
                'flex h-full flex-col rounded-2xl border bg-white dark:bg-gray-800',
                open ? 'border-brand-dark dark:border-brand-light' : 'border-gray-200 dark:border-gray-700',
              )}
            >
              <button
                type="button"
                aria-expanded={open}
                aria-controls={quoteId}
                onClick={() => setOpenId(open ? null : item.id)}
                className="flex flex-1 flex-col rounded-2xl p-5 text-left"
              >
                <Quote className="h-6 w-6 text-brand-dark dark:text-brand-light" aria-hidden="true" />
                <span className="mt-3 block text-gray-800 dark:text-gray-200">{item.summary}</span>
                <span className="mt-4 block font-semibold">{item.name}</span>
                <span className="block text-sm text-gray-700 dark:text-gray-300">
                  {item.position}, {item.company}
                </span>
                <span className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-dark dark:text-brand-light">
                  {open ? t('home.testimonials.showLess') : t('home.testimonials.readFull')}
                  <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
                </span>
              </button>
              <div id={quoteId} hidden={!open} className="border-t border-gray-200 px-5 pt-4 pb-5 dark:border-gray-700">
                <blockquote className="text-sm text-gray-800 dark:text-gray-200">
                  <p>“{item.quote}”</p>
                </blockquote>
                <p className="mt-3 text-xs text-gray-700 dark:text-gray-300">
                  {item.location} · {item.service}
                </p>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
