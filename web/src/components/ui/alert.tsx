import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function Alert({
  title,
  children,
  variant = 'error',
}: {
  title: string;
  children?: ReactNode;
  variant?: 'error' | 'success';
}) {
  return (
    <div
      role="alert"
      className={cn(
        'rounded-md border p-4 text-sm',
        variant === 'error'
          ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100'
          : 'border-green-300 bg-green-50 text-green-900 dark:border-green-700 dark:bg-green-950 dark:text-green-100',
      )}
    >
      <p className="font-semibold">{title}</p>
      {children && <div className="mt-1">{children}</div>}
    </div>
  );
}
