import { Quote } from 'lucide-react';
import { FallbackImage } from '@/components/marketing/fallback-image';
import { StarRating } from '@/components/marketing/star-rating';
import { t } from '@/i18n/i18n';
import { cn } from '@/lib/cn';
import { formatTestimonialDate, serviceLabel, type Testimonial } from './testimonials-data';

/**
 * One testimonial: the rating as stars (announced "Rated 5 out of 5"), the quote,
 * the client's initials avatar, name, position, company and location, the
 * service and the date. `featured` gives the larger card of the success stories.
 */
export function TestimonialCard({ item, featured = false }: { item: Testimonial; featured?: boolean }) {
  return (
    <li
      className={cn(
        'flex flex-col rounded-2xl border bg-white p-6 shadow-sm dark:bg-gray-800',
        featured ? 'border-pink-200 dark:border-pink-900' : 'border-gray-200 dark:border-gray-700',
      )}
    >
      <figure className="flex flex-1 flex-col">
        <div className="flex items-center justify-between gap-3">
          <StarRating rating={item.rating} label={(rating, max) => t('testimonials.card.rating', { rating, max })} />
          <span className="rounded-full bg-pink-100 px-3 py-1 text-xs font-semibold text-pink-900 dark:bg-pink-950 dark:text-pink-100">
            {serviceLabel(item.service)}
          </span>
        </div>
        <blockquote className={cn('mt-4 flex-1 text-gray-800 dark:text-gray-200', featured && 'text-lg')}>
          <Quote className="mb-2 h-6 w-6 text-brand-dark dark:text-brand-light" aria-hidden="true" />
          <p>{item.testimonial}</p>
        </blockquote>
        <figcaption className="mt-6 flex items-center gap-4">
          <FallbackImage src={item.image} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-full" />
          <div className="min-w-0 text-sm">
            <p className="font-semibold text-gray-900 dark:text-white">{item.name}</p>
            <p className="text-gray-700 dark:text-gray-300">
              {item.position}, {item.company}
            </p>
            <p className="text-gray-700 dark:text-gray-300">
              {item.location} · <time dateTime={item.date}>{formatTestimonialDate(item.date)}</time>
            </p>
          </div>
        </figcaption>
      </figure>
    </li>
  );
}
