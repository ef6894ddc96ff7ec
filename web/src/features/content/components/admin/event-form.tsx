import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import type { Event } from '@/api-types/Event';
import { EventDetail } from '@/features/content/components/event-detail';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { refusalMessage } from '@/lib/api-client';
import { useSiteSettings } from '@/lib/site-settings';
import { toast } from '@/lib/toast-store';
import { useCreateEvent } from '@/features/content/api/create-event';
import { useUpdateEvent } from '@/features/content/api/update-event';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import {
  eventFieldFor,
  eventInput,
  eventSchema,
  eventValues,
  highlightLimits,
  previewEvent,
  type EventValues,
} from './event-model';
import { CheckboxField, InputField, TextAreaField } from '@/components/admin/form-fields';
import { HighlightsEditor } from './highlights-editor';
import { ImageField } from './image-field';
import { UnsavedChangesGuard } from '@/components/admin/unsaved-changes-guard';

/** The live preview: the event exactly as its public page will show it once saved. */
function EventPreview({ control }: { control: Control<EventValues> }) {
  const settings = useSiteSettings();
  const values = useWatch({ control }) as EventValues;
  const event = previewEvent(values);
  return (
    <div className="px-4 pb-8 lg:px-8">
      <EventDetail
        event={{ ...event, title: event.title || 'Untitled event', category: event.category || 'Category' }}
        eventsSiteUrl={settings.eventsSiteUrl}
        headingLevel={2}
      />
    </div>
  );
}

/** What the form edits: an event, a copy of one (not saved yet), or a new one. */
export type EventFormTarget = { kind: 'new' } | { kind: 'edit'; event: Event } | { kind: 'copy'; of: Event; values: EventValues };

/**
 * The event form, for a new event, an existing one or a copy. Every field is
 * checked as the server checks it, in its words; a refusal from the server is
 * shown next to the field it names. Highlights are edited as a list. The
 * enhanced editor adds the inline image upload and a side-by-side live
 * preview. Leaving with unsaved changes (a copy is unsaved from the start)
 * asks first.
 */
export function EventForm({
  target,
  categories,
  enhanced,
  onDone,
}: {
  target: EventFormTarget;
  /** Existing categories, offered as suggestions. */
  categories: string[];
  enhanced: boolean;
  /** Called after a save (with the saved event) or a cancel. */
  onDone: (saved?: Event) => void;
}) {
  const existing = target.kind === 'edit' ? target.event : null;
  const categoryList = useId();
  const headingId = useId();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    setError,
    setFocus,
    setValue,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<EventValues>({
    resolver: zodResolver(eventSchema),
    defaultValues: target.kind === 'copy' ? target.values : eventValues(existing),
    mode: 'onTouched',
  });
  const [saved, setSaved] = useState(false);
  const unsaved = !saved && (isDirty || target.kind === 'copy');

  const onSubmit = async (values: EventValues) => {
    setFormError(null);
    const input = eventInput(values);
    try {
      const result = existing ? await update.mutateAsync({ id: existing.id, input }) : await create.mutateAsync(input);
      setSaved(true);
      reset(values);
      toast({ title: existing ? 'Event saved' : 'Event created', description: result.title });
      onDone(result);
    } catch (failure) {
      const refused = refusalMessage(failure);
      const field = refused ? eventFieldFor(refused) : null;
      if (refused && field) {
        setError(field, { type: 'server', message: refused });
        if (field !== 'highlights') setFocus(field);
      } else {
        setFormError(failure instanceof Error ? failure.message : String(failure));
      }
    }
  };

  const cancel = () => (unsaved ? setConfirmDiscard(true) : onDone());
  const heading =
    target.kind === 'edit' ? `Edit event: ${target.event.title}` : target.kind === 'copy' ? `Copy of: ${target.of.title}` : 'New event';

  const form = (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
      <InputField label="Title" error={errors.title?.message} maxLength={400} {...register('title')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label="Category"
          list={categoryList}
          error={errors.category?.message}
          maxLength={120}
          {...register('category')}
        />
        <datalist id={categoryList}>
          {categories.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <InputField label="Date" type="date" error={errors.date?.message} {...register('date')} />
        <InputField
          label="Time"
          placeholder="09:00 - 17:00 EAT"
          error={errors.time?.message}
          maxLength={200}
          {...register('time')}
        />
        <InputField label="Location" error={errors.location?.message} maxLength={400} {...register('location')} />
      </div>
      {enhanced ? (
        <ImageField
          error={errors.image?.message}
          onUploaded={(url) => setValue('image', url, { shouldDirty: true, shouldValidate: true })}
          {...register('image')}
        />
      ) : (
        <InputField
          label="Image"
          error={errors.image?.message}
          hint="A web address (https://…) or a site path such as /objects/… from Uploads."
          {...register('image')}
        />
      )}
      <InputField
        label="Registration link"
        error={errors.registerLink?.message}
        hint="Where Register Now goes; without one it opens the default events site."
        {...register('registerLink')}
      />
      <TextAreaField
        label="Description"
        rows={enhanced ? 10 : 6}
        error={errors.description?.message}
        {...register('description')}
      />
      <Controller
        control={control}
        name="highlights"
        render={({ field, fieldState }) => (
          <HighlightsEditor
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            max={highlightLimits.items}
          />
        )}
      />
      <CheckboxField
        label="Completed"
        hint="Marks the event completed before its date. Once its date has passed it shows as completed anyway."
        error={errors.completed?.message}
        {...register('completed')}
      />
      {formError && <Alert title="The event was not saved">{formError}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {existing ? 'Save changes' : 'Create event'}
        </Button>
        <Button variant="secondary" onClick={cancel} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-bold break-words">
        {heading}
      </h2>
      <div className={enhanced ? 'mt-6 grid gap-8 xl:grid-cols-2' : 'mt-6 max-w-3xl'}>
        {form}
        {enhanced && (
          <div
            role="region"
            aria-label="Live preview"
            className="h-fit overflow-hidden rounded-xl border border-gray-200 bg-white xl:sticky xl:top-24 xl:max-h-[calc(100vh-7rem)] xl:overflow-y-auto dark:border-gray-700 dark:bg-gray-900"
          >
            <p className="border-b border-gray-200 bg-gray-50 px-4 py-2 text-sm font-semibold text-gray-700 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-300">
              Live preview: the event as its page will show it
            </p>
            <EventPreview control={control} />
          </div>
        )}
      </div>
      <UnsavedChangesGuard when={unsaved && !isSubmitting} />
      <ConfirmDialog
        open={confirmDiscard}
        title="Discard changes?"
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        destructive
        onConfirm={() => {
          setConfirmDiscard(false);
          onDone();
        }}
        onCancel={() => setConfirmDiscard(false)}
      >
        <p>The changes you made to this event are not saved and will be lost.</p>
      </ConfirmDialog>
    </section>
  );
}
