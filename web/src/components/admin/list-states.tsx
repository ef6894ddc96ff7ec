import { RotateCw, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { countOf } from '@/lib/use-bulk-action';

/** A list that could not be read: what went wrong, and a Retry button. */
export function LoadFailed({ title, message, onRetry, retrying }: { title: string; message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div className="space-y-3">
      <Alert title={title}>{message}</Alert>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        <RotateCw aria-hidden="true" className="h-4 w-4" />
        {retrying ? 'Retrying...' : 'Retry'}
      </Button>
    </div>
  );
}

/** An empty list, said in words, with what to do next. */
export function EmptyList({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-gray-300 p-8 text-center text-gray-700 dark:border-gray-600 dark:text-gray-300">
      <p>{children}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

/** The header checkbox that ticks every row on screen (mixed when some are). */
export function SelectAllCheckbox({
  checked,
  mixed,
  onChange,
  label,
}: {
  checked: boolean;
  mixed: boolean;
  onChange: () => void;
  label: string;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      ref={(element) => {
        if (element) element.indeterminate = mixed;
      }}
      onChange={onChange}
      className="h-4 w-4 accent-brand-dark"
    />
  );
}

export const tableClass = 'w-full min-w-[48rem] border-collapse text-left text-sm';
export const headRowClass =
  'border-b border-gray-300 bg-gray-50 text-gray-800 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-200 [&>th]:px-3 [&>th]:py-2';
export const rowClass =
  'border-b border-gray-200 align-top dark:border-gray-700 [&>td]:px-3 [&>td]:py-3 [&>th]:px-3 [&>th]:py-3';

/** A row's action (Edit, Duplicate, Delete): named with its subject for screen readers. */
export function RowAction({
  label,
  subject,
  icon: Icon,
  onClick,
  danger = false,
  className,
}: {
  label: string;
  subject: string;
  icon: LucideIcon;
  onClick: () => void;
  danger?: boolean;
  className?: string;
}) {
  return (
    <Button
      aria-label={`${label} ${subject}`}
      variant="ghost"
      className={cn(className ?? 'px-2', danger && 'text-red-700 dark:text-red-300')}
      onClick={onClick}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {label}
    </Button>
  );
}

/** How many items a list shows ("3 posts match “cloud”"), and whether it is refreshing. */
export function ListCount({
  count,
  noun,
  search,
  updating,
}: {
  count: number | undefined;
  noun: string;
  search: string;
  updating: boolean;
}) {
  const term = search.trim();
  return (
    <p role="status" className="mt-4 text-sm text-gray-700 dark:text-gray-300">
      {count !== undefined && (term ? `${countOf(count, noun)} match “${term}”` : countOf(count, noun))}
      {updating && ' (updating...)'}
    </p>
  );
}
