import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The accessible text of a rating: "Rated 4 out of 5". */
export function ratingLabel(rating: number, max = 5): string {
  return `Rated ${rating} out of ${max}`;
}

/**
 * A 1–5 rating drawn as stars; screen readers hear "Rated 4 out of 5", or
 * `label` (the page's language) given the rounded rating.
 */
export function StarRating({
  rating,
  max = 5,
  className,
  label = ratingLabel,
}: {
  rating: number;
  max?: number;
  className?: string;
  label?: (rating: number, max: number) => string;
}) {
  const value = Math.max(0, Math.min(max, Math.round(rating)));
  return (
    <span role="img" aria-label={label(value, max)} className={cn('inline-flex gap-0.5', className)}>
      {Array.from({ length: max }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={cn(
            'h-4 w-4',
            index < value ? 'fill-amber-400 text-amber-500' : 'fill-none text-gray-400 dark:text-gray-500',
          )}
        />
      ))}
    </span>
  );
}
