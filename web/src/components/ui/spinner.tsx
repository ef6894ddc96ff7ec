import { cn } from '@/lib/cn';

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent',
        className,
      )}
    />
  );
}

/** A full-width loading state announced to screen readers. */
export function LoadingMessage({ children }: { children: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-24 text-gray-700 dark:text-gray-300">
      <Spinner className="h-6 w-6 text-brand" />
      <span>{children}</span>
    </div>
  );
}
