import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { get, useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { maxPartners, maxSocialLinks, type SettingsFormValues } from '../lib/settings-rules';

interface ListProps {
  control: Control<SettingsFormValues>;
  register: UseFormRegister<SettingsFormValues>;
  errors: FieldErrors<SettingsFormValues>;
}

const message = (errors: FieldErrors<SettingsFormValues>, path: string): string | undefined =>
  (get(errors, path) as { message?: string } | undefined)?.message;

const iconButton =
  'rounded-md p-2 text-gray-700 hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-40 dark:text-gray-200 dark:hover:bg-gray-800';

/** A message about the list as a whole (its length), announced. */
function ListError({ text }: { text?: string }) {
  return text ? (
    <p role="alert" className="text-sm text-red-700 dark:text-red-300">
      {text}
    </p>
  ) : null;
}

/** The partner names of the home page strip, in their order: add, remove, move. */
export function PartnersField({ control, register, errors }: ListProps) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'partners' });
  return (
    <div className="space-y-3">
      <ListError text={message(errors, 'partners')} />
      <ol className="space-y-3">
        {fields.map((field, index) => (
          <li key={field.id} className="flex items-end gap-2">
            <TextField
              className="flex-1"
              label={`Partner ${index + 1}`}
              error={message(errors, `partners.${index}.name`)}
              {...register(`partners.${index}.name`)}
            />
            <button
              type="button"
              className={iconButton}
              aria-label={`Move partner ${index + 1} up`}
              disabled={index === 0}
              onClick={() => move(index, index - 1)}
            >
              <ArrowUp className="h-4 w-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={iconButton}
              aria-label={`Move partner ${index + 1} down`}
              disabled={index === fields.length - 1}
              onClick={() => move(index, index + 1)}
            >
              <ArrowDown className="h-4 w-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={iconButton}
              aria-label={`Remove partner ${index + 1}`}
              onClick={() => remove(index)}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ol>
      <Button variant="secondary" disabled={fields.length >= maxPartners} onClick={() => append({ name: '' })}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add partner
      </Button>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {fields.length} of at most {maxPartners} names, shown in this order.
      </p>
    </div>
  );
}

/** The social network profiles linked from the footer. */
export function SocialLinksField({ control, register, errors }: ListProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'social' });
  return (
    <div className="space-y-3">
      <ListError text={message(errors, 'social')} />
      {fields.length === 0 && <p className="text-sm text-gray-700 dark:text-gray-300">No social links: the footer shows none.</p>}
      <ol className="space-y-4">
        {fields.map((field, index) => (
          <li key={field.id} className="grid items-end gap-2 sm:grid-cols-[1fr_2fr_auto]">
            <TextField
              label={`Social link ${index + 1} name`}
              error={message(errors, `social.${index}.label`)}
              {...register(`social.${index}.label`)}
            />
            <TextField
              label={`Social link ${index + 1} address`}
              type="url"
              inputMode="url"
              error={message(errors, `social.${index}.href`)}
              {...register(`social.${index}.href`)}
            />
            <button
              type="button"
              className={iconButton}
              aria-label={`Remove social link ${index + 1}`}
              onClick={() => remove(index)}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        disabled={fields.length >= maxSocialLinks}
        onClick={() => append({ label: '', href: 'https://' })}
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add social link
      </Button>
    </div>
  );
}
