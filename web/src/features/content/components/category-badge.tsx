import { cn } from '@/lib/cn';

/** Badge colours of the blog categories named in spec §9; any other category is neutral grey. */
export const categoryColours: Record<string, string> = {
  News: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
  Infrastructure: 'bg-purple-100 text-purple-900 dark:bg-purple-950 dark:text-purple-100',
  Technology: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  Compliance: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-100',
  Innovation: 'bg-pink-100 text-pink-900 dark:bg-pink-950 dark:text-pink-100',
  Security: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  Tech: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100',
  Business: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-100',
};

const neutral = 'bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100';

export function categoryColour(category: string): string {
  return categoryColours[category] ?? neutral;
}

export function CategoryBadge({ category, className }: { category: string; className?: string }) {
  return (
    <span
      className={cn('inline-block rounded-full px-3 py-1 text-xs font-semibold', categoryColour(category), className)}
    >
      {category}
    </span>
  );
}
