import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { inputClass } from '@/components/admin/form-fields';

type Props = SelectHTMLAttributes<HTMLSelectElement> & { label: string; hint?: ReactNode; error?: string };

/** A labelled select with an optional hint and its error, drawn like the admin's other fields. */
export const SelectField = forwardRef<HTMLSelectElement, Props>(function SelectField({ label, hint, error, id, children, ...props }, ref) {
  const generated = useId();
  const selectId = id ?? generated;
  const described = [hint !== undefined && `${selectId}-hint`, error && `${selectId}-error`].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-gray-800 dark:text-gray-200">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={inputClass(Boolean(error))}
        {...props}
      >
        {children}
      </select>
      {hint !== undefined && (
        <p id={`${selectId}-hint`} className="mt-1 text-sm text-gray-700 dark:text-gray-300">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${selectId}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
});
