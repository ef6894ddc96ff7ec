import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The page numbers to show: all up to 7 pages, else the first, the last and the current ±1 with gaps (null). */
export function pageNumbers(current: number, total: number): (number | null)[] {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const shown = new Set([1, total, current - 1, current, current + 1].filter((n) => n >= 1 && n <= total));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push(null);
    out.push(n);
  });
  return out;
}

const buttonBase =
  'inline-flex min-w-10 items-center justify-center gap-1 rounded-md border px-3 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50';
const idle =
  'border-gray-300 bg-white text-gray-900 hover:bg-gray-50 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700';
const active = 'border-brand-dark bg-brand-dark text-white';

export interface PaginationTexts {
  previous: string;
  next: string;
  /** A page button's name, e.g. "Page 2". */
  page: (page: number) => string;
}

const englishTexts: PaginationTexts = { previous: 'Previous', next: 'Next', page: (n) => `Page ${n}` };

/**
 * Previous, numbered pages and Next; nothing at all when there is a single page
 * (spec §2: shown only if totalPages is above 1).
 */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  label = 'Pagination',
  texts = englishTexts,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  label?: string;
  /** The buttons' words, in the page's language (English by default). */
  texts?: PaginationTexts;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap items-center justify-center gap-2">
      <button
        type="button"
        className={cn(buttonBase, idle)}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        {texts.previous}
      </button>
      {pageNumbers(page, totalPages).map((n, i) =>
        n === null ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-gray-600 dark:text-gray-400">
            …
          </span>
        ) : (
          <button
            key={n}
            type="button"
            className={cn(buttonBase, n === page ? active : idle)}
            aria-current={n === page ? 'page' : undefined}
            aria-label={texts.page(n)}
            onClick={() => onPageChange(n)}
          >
            {n}
          </button>
        ),
      )}
      <button
        type="button"
        className={cn(buttonBase, idle)}
        disabled={page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        {texts.next}
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </button>
    </nav>
  );
}
