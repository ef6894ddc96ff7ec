import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** The look of the admin forms' text inputs, red-bordered when invalid. */
export function inputClass(invalid: boolean): string {
  return cn(
    'block w-full rounded-md border bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-500 dark:bg-gray-800 dark:text-gray-100 dark:placeholder:text-gray-400',
    invalid ? 'border-red-600 dark:border-red-400' : 'border-gray-300 dark:border-gray-600',
  );
}

const labelClass = 'mb-1 block text-sm font-medium text-gray-800 dark:text-gray-200';
const hintClass = 'mt-1 text-sm text-gray-700 dark:text-gray-300';
const errorClass = 'mt-1 text-sm text-red-700 dark:text-red-300';

function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

type FieldProps = { label: string; error?: string; hint?: ReactNode; className?: string };

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

/**
 * A labelled input, or a text area when `multiline`, with an optional hint and
 * its error (linked by aria-describedby, announced).
 */
export function InputField({
  label,
  error,
  hint,
  className,
  id,
  multiline,
  ...control
}: FieldProps & ((InputProps & { multiline?: false }) | (TextAreaProps & { multiline: true }))) {
  const generated = useId();
  const inputId = id ?? generated;
  const shared = {
    id: inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(hint !== undefined && `${inputId}-hint`, error && `${inputId}-error`),
    className: inputClass(Boolean(error)),
  };
  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      {multiline ? <textarea {...shared} {...(control as TextAreaProps)} /> : <input {...shared} {...(control as InputProps)} />}
      {hint !== undefined && (
        <p id={`${inputId}-hint`} className={hintClass}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} role="alert" className={errorClass}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label beside it, an optional hint and its error. */
export const CheckboxField = forwardRef<HTMLInputElement, FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(
  function CheckboxField({ label, error, hint, className, id, ...props }, ref) {
    const generated = useId();
    const inputId = id ?? generated;
    return (
      <div className={className}>
        <div className="flex items-center gap-2">
          <input
            ref={ref}
            id={inputId}
            type="checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(hint !== undefined && `${inputId}-hint`, error && `${inputId}-error`)}
            className="h-4 w-4 rounded border-gray-400 accent-brand-dark"
            {...props}
          />
          <label htmlFor={inputId} className="text-sm font-medium text-gray-800 dark:text-gray-200">
            {label}
          </label>
        </div>
        {hint !== undefined && (
          <p id={`${inputId}-hint`} className={hintClass}>
            {hint}
          </p>
        )}
        {error && (
          <p id={`${inputId}-error`} role="alert" className={errorClass}>
            {error}
          </p>
        )}
      </div>
    );
  },
);
