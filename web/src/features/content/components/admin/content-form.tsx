import { Fragment, useId, useState, type ReactNode } from 'react';
import {
  useForm,
  useWatch,
  type Control,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
} from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { refusalMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast-store';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { CheckboxField, InputField } from '@/components/admin/form-fields';
import { eventLimits, postLimits } from '@/api-types/input-limits';
import { UnsavedChangesGuard } from '@/components/admin/unsaved-changes-guard';
import { typingCap } from '../../lib/content-rules';
import { ImageField } from './image-field';
import { SelectField } from './select-field';
import { autosaveKey, readDraft, savedTime, useAutosave, type AutosaveState, type KeptDraft } from '../../lib/use-autosave';

/** One field of a content form, drawn with the admin's field components (or by `render`). */
export type ContentField<V extends FieldValues> =
  | { kind: 'input'; name: Path<V>; label: string; type?: string; placeholder?: string; maxLength?: number; hint?: string }
  | { kind: 'textarea'; name: Path<V>; label: string; rows: number; hint?: string }
  | { kind: 'select'; name: Path<V>; label: string; options: ReadonlyArray<{ value: string; label: string }>; hint?: string }
  | { kind: 'checkbox'; name: Path<V>; label: string; hint: string }
  | { kind: 'custom'; name: Path<V>; render: (control: Control<V>) => ReactNode };

/**
 * A save that first changes the values (Publish now, Schedule), or names the
 * field that stops it. `done` is the toast's title after the save.
 */
export interface ContentAction<V extends FieldValues> {
  label: string;
  apply: (values: V) => { values: V } | { field: Path<V>; message: string };
  done: string;
}

/** What the form edits: an item, a copy of one (not saved yet), or a new one. */
export type ContentTarget<T, V> = { kind: 'new' } | { kind: 'edit'; item: T } | { kind: 'copy'; of: T; values: V };

/**
 * What differs between the blog post form and the event form: the noun in its
 * texts, the rules, the conversions to and from the API, the fields and the
 * live preview. Every content form has a title, a category (with suggestions)
 * and an image; `gridFields` stand beside the category, `fields` after the image.
 */
export interface ContentFormSchema<T extends { id: string; title: string }, V extends FieldValues, I> {
  /** "post" or "event", as the texts say it. */
  noun: string;
  resolver: Resolver<V>;
  /** The form's first values for an item, or for a new one (a hook: it may read the user). */
  useValues: (item: T | null) => V;
  input: (values: V, item: T | null) => I;
  /** The field a server refusal names, to show the refusal there. */
  fieldFor: (message: string) => Path<V> | null;
  /** Fields with nothing to focus (a list editor). */
  unfocusable?: ReadonlyArray<Path<V>>;
  useCreate: () => { mutateAsync: (input: I) => Promise<T> };
  useUpdate: () => { mutateAsync: (change: { id: string; input: I }) => Promise<T> };
  gridFields: ReadonlyArray<ContentField<V>>;
  fields: ReadonlyArray<ContentField<V>>;
  /** Saves beside the main one, each changing the values first (Publish now, Schedule). */
  actions?: ReadonlyArray<ContentAction<V>>;
  /** The item exactly as its public page will show it once saved. */
  Preview: (props: { control: Control<V>; original: T | null }) => ReactNode;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "Saving…", "Saved 14:05" or why autosave failed, announced politely. */
function AutosaveStatus({ state }: { state: AutosaveState }) {
  let text = '';
  if (state.kind === 'saving') text = 'Saving…';
  else if (state.kind === 'saved') text = `Saved ${savedTime(state.at)} on this device`;
  else if (state.kind === 'error') text = state.message;
  return (
    <p
      role="status"
      className={
        state.kind === 'error' ? 'text-sm font-medium text-red-700 dark:text-red-300' : 'text-sm text-gray-700 dark:text-gray-300'
      }
    >
      {text}
    </p>
  );
}

/** The offer to bring back changes autosaved in an earlier visit. */
function RestorePrompt({ savedAt, noun, onRestore, onDiscard }: { savedAt: string; noun: string; onRestore: () => void; onDiscard: () => void }) {
  const at = new Date(savedAt);
  const when = Number.isNaN(at.getTime()) ? '' : ` (${at.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}, ${savedTime(at)})`;
  return (
    <div
      role="region"
      aria-label="Unsaved changes found"
      className="mt-4 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p>{`This ${noun} has changes that were never saved, kept on this device${when}.`}</p>
      <div className="flex shrink-0 gap-2">
        <Button onClick={onRestore}>Restore changes</Button>
        <Button variant="secondary" onClick={onDiscard}>
          Discard them
        </Button>
      </div>
    </div>
  );
}

/**
 * The content form, for a new item, an existing one or a copy, with the
 * inline image upload, a side-by-side live preview (below the form on
 * narrower screens) and autosave of unsaved changes in this browser (offered
 * back when the item is opened again). Every field is checked as the server
 * checks it, in its words; a refusal from the server is shown next to the
 * field it names. Leaving with unsaved changes (a copy is unsaved from the
 * start) asks first.
 */
export function ContentForm<T extends { id: string; title: string }, V extends FieldValues, I>({
  schema,
  target,
  categories,
  onDone,
}: {
  schema: ContentFormSchema<T, V, I>;
  target: ContentTarget<T, V>;
  /** Existing categories, offered as suggestions. */
  categories: string[];
  /** Called after a save (with the saved item) or a cancel. */
  onDone: (saved?: T) => void;
}) {
  const { noun, Preview } = schema;
  const existing = target.kind === 'edit' ? target.item : null;
  const categoryList = useId();
  const headingId = useId();
  const create = schema.useCreate();
  const update = schema.useUpdate();
  const values = schema.useValues(existing);
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
  } = useForm<V>({
    resolver: schema.resolver,
    defaultValues: (target.kind === 'copy' ? target.values : values) as DefaultValues<V>,
    mode: 'onTouched',
  });
  const [saved, setSaved] = useState(false);
  const unsaved = !saved && (isDirty || target.kind === 'copy');
  const errorOf = (name: Path<V>) => (errors as Partial<Record<string, FieldError>>)[name]?.message;
  const draftKey = autosaveKey(noun, existing?.id ?? null);
  const watched = useWatch({ control });
  const autosave = useAutosave(draftKey, watched, unsaved && !isSubmitting);
  // A draft kept by an earlier visit, unless it is what the form shows anyway.
  const [kept, setKept] = useState<KeptDraft<V> | null>(() => {
    const found = readDraft<V>(draftKey);
    const start = target.kind === 'copy' ? target.values : values;
    return found && JSON.stringify({ ...start, ...found.values }) !== JSON.stringify(start) ? found : null;
  });

  const onSubmit = async (submitted: V, doneTitle?: string) => {
    setFormError(null);
    const input = schema.input(submitted, existing);
    try {
      const result = existing ? await update.mutateAsync({ id: existing.id, input }) : await create.mutateAsync(input);
      setSaved(true);
      autosave.forget();
      reset(submitted);
      toast({ title: doneTitle ?? `${capitalised(noun)} ${existing ? 'saved' : 'created'}`, description: result.title });
      onDone(result);
    } catch (failure) {
      const refused = refusalMessage(failure);
      const field = refused ? schema.fieldFor(refused) : null;
      if (refused && field) {
        setError(field, { type: 'server', message: refused });
        if (!schema.unfocusable?.includes(field)) setFocus(field);
      } else {
        setFormError(failure instanceof Error ? failure.message : String(failure));
      }
    }
  };

  const runAction = (action: ContentAction<V>) =>
    handleSubmit(async (submitted) => {
      const outcome = action.apply(submitted);
      if ('field' in outcome) {
        setError(outcome.field, { type: 'action', message: outcome.message });
        setFocus(outcome.field);
        return;
      }
      await onSubmit(outcome.values, action.done);
    });

  const cancel = () => (unsaved ? setConfirmDiscard(true) : onDone());
  const heading =
    target.kind === 'edit'
      ? `Edit ${noun}: ${target.item.title}`
      : target.kind === 'copy'
        ? `Copy of: ${target.of.title}`
        : `New ${noun}`;

  const drawField = (field: ContentField<V>) => {
    switch (field.kind) {
      case 'input':
        return (
          <InputField
            key={field.name}
            label={field.label}
            type={field.type}
            placeholder={field.placeholder}
            error={errorOf(field.name)}
            hint={field.hint}
            maxLength={field.maxLength}
            {...register(field.name)}
          />
        );
      case 'select':
        return (
          <SelectField key={field.name} label={field.label} hint={field.hint} error={errorOf(field.name)} {...register(field.name)}>
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
        );
      case 'textarea':
        return (
          <InputField
            multiline
            key={field.name}
            label={field.label}
            rows={field.rows}
            error={errorOf(field.name)}
            hint={field.hint}
            {...register(field.name)}
          />
        );
      case 'checkbox':
        return (
          <CheckboxField key={field.name} label={field.label} hint={field.hint} error={errorOf(field.name)} {...register(field.name)} />
        );
      case 'custom':
        return <Fragment key={field.name}>{field.render(control)}</Fragment>;
    }
  };

  const title = 'title' as Path<V>;
  const category = 'category' as Path<V>;
  const image = 'image' as Path<V>;
  const form = (
    <form noValidate onSubmit={handleSubmit((submitted) => onSubmit(submitted))} className="space-y-5">
      <InputField label="Title" error={errorOf(title)} maxLength={typingCap(Math.max(postLimits.titleChars, eventLimits.titleChars))} {...register(title)} />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label="Category" list={categoryList} error={errorOf(category)} maxLength={typingCap(Math.max(postLimits.categoryChars, eventLimits.categoryChars))} {...register(category)} />
        <datalist id={categoryList}>
          {categories.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
        {schema.gridFields.map(drawField)}
      </div>
      <ImageField
        error={errorOf(image)}
        onUploaded={(url) => setValue(image, url as PathValue<V, Path<V>>, { shouldDirty: true, shouldValidate: true })}
        {...register(image)}
      />
      {schema.fields.map(drawField)}
      {formError && <Alert title={`The ${noun} was not saved`}>{formError}</Alert>}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {existing ? 'Save changes' : `Create ${noun}`}
        </Button>
        {schema.actions?.map((action) => (
          <Button key={action.label} variant="secondary" onClick={() => void runAction(action)()} disabled={isSubmitting}>
            {action.label}
          </Button>
        ))}
        <Button variant="secondary" onClick={cancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <AutosaveStatus state={autosave.state} />
      </div>
    </form>
  );

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-bold break-words">
        {heading}
      </h2>
      {kept && (
        <RestorePrompt
          savedAt={kept.savedAt}
          noun={noun}
          onRestore={() => {
            reset({ ...(target.kind === 'copy' ? target.values : values), ...kept.values }, { keepDefaultValues: true });
            setKept(null);
          }}
          onDiscard={() => {
            autosave.forget();
            setKept(null);
          }}
        />
      )}
      <div className="mt-6 grid gap-8 xl:grid-cols-2">
        <div className="min-w-0">{form}</div>
        <div
          role="region"
          aria-label="Live preview"
          className="h-fit min-w-0 overflow-hidden rounded-xl border border-gray-200 bg-white xl:sticky xl:top-24 xl:max-h-[calc(100vh-7rem)] xl:overflow-y-auto dark:border-gray-700 dark:bg-gray-900"
        >
          <p className="border-b border-gray-200 bg-gray-50 px-4 py-2 text-sm font-semibold text-gray-700 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-300">
            {`Live preview: the ${noun} as its page will show it`}
          </p>
          <Preview control={control} original={existing} />
        </div>
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
          autosave.forget();
          onDone();
        }}
        onCancel={() => setConfirmDiscard(false)}
      >
        <p>{`The changes you made to this ${noun} are not saved and will be lost.`}</p>
      </ConfirmDialog>
    </section>
  );
}
