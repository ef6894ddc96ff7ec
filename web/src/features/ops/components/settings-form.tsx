import type { ReactNode } from 'react';
import { get, set, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { SiteSettings } from '@/api-types/SiteSettings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { refusalMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast-store';
import { useSaveSiteSettings } from '../api/site-settings-save';
import { PartnersField, SocialLinksField } from './settings-list-fields';
import {
  maxAttachmentMib,
  toFormValues,
  toSettings,
  validateSettings,
  videoEmbedPrefix,
  type SettingsFormValues,
} from './settings-rules';
import { UnsavedChangesGuard } from '@/components/admin/unsaved-changes-guard';

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export const settingsTexts = {
  saved: 'Settings saved',
  savedDescription: 'Every page shows the new settings from its next load.',
  notSaved: 'The settings were not saved',
  unsaved: 'You have unsaved changes.',
} as const;

/** The rules of settings-rules.ts as react-hook-form errors, by field path. */
const settingsResolver: Resolver<SettingsFormValues> = (values) => {
  const found = validateSettings(values);
  const paths = Object.keys(found);
  if (paths.length === 0) return { values, errors: {} };
  const errors: FieldErrors<SettingsFormValues> = {};
  for (const path of paths) set(errors, path, { type: 'rule', message: found[path] });
  return { values: {}, errors };
};

function Group({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-gray-200 p-6 dark:border-gray-700">
      <legend className="px-2 text-lg font-semibold">{legend}</legend>
      {hint && <p className="mb-4 text-sm text-gray-700 dark:text-gray-300">{hint}</p>}
      {children}
    </fieldset>
  );
}

/** Every site setting, grouped as the pages use them; saved all at once. */
export function SettingsForm({ initial }: { initial: SiteSettings }) {
  const save = useSaveSiteSettings();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<SettingsFormValues>({
    defaultValues: toFormValues(initial),
    resolver: settingsResolver,
    mode: 'onTouched',
  });

  const error = (path: string) => (get(errors, path) as { message?: string } | undefined)?.message;
  const field = (name: Parameters<typeof register>[0], label: string, extra: Record<string, string> = {}) => (
    <TextField label={label} error={error(name)} {...extra} {...register(name)} />
  );

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(toSettings(values));
      reset(toFormValues(saved));
      toast({ title: settingsTexts.saved, description: settingsTexts.savedDescription });
    } catch {
      // Shown above the form from the mutation's state.
    }
  });

  const failure = save.error ? (refusalMessage(save.error) ?? save.error.message) : null;

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-8" aria-label="Site settings">
      <UnsavedChangesGuard when={isDirty && !save.isPending} />
      {failure && <Alert title={settingsTexts.notSaved}>{failure}</Alert>}

      <Group legend="Contact" hint="Shown in the footer, on the contact page and on the dashboard.">
        <div className="grid gap-4 sm:grid-cols-2">
          {field('phone', 'Phone', { type: 'tel', autoComplete: 'off' })}
          {field('hours', 'Office hours')}
        </div>
      </Group>

      <Group
        legend="Live chat hours"
        hint="In East Africa Time (UTC+3). Outside these hours the chat widget says when the team is back and that the reply will come by email."
      >
        <fieldset aria-describedby={error('chatHours.days') ? 'chat-days-problem' : undefined}>
          <legend className="text-sm font-medium">Days</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {weekdays.map((day, index) => (
              <label key={day} className="flex items-center gap-2 text-sm">
                <input type="checkbox" value={String(index + 1)} {...register('chatHours.days')} />
                {day}
              </label>
            ))}
          </div>
          {error('chatHours.days') && (
            <p id="chat-days-problem" role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {error('chatHours.days')}
            </p>
          )}
        </fieldset>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {field('chatHours.opens', 'Opens (EAT)', { type: 'time' })}
          {field('chatHours.closes', 'Closes (EAT)', { type: 'time' })}
          <TextField
            label="Largest chat attachment (MiB)"
            type="number"
            min={1}
            max={maxAttachmentMib}
            step={1}
            inputMode="numeric"
            error={error('chatAttachmentMaxMib')}
            {...register('chatAttachmentMaxMib', { valueAsNumber: true })}
          />
        </div>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {field('firstReplyAlertMinutes', 'First-reply alert (minutes)', {
            type: 'number',
            inputMode: 'numeric',
            min: '1',
            max: '60',
          })}
        </div>
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
          A chat without an agent's reply after this long is marked in the agents' inbox and alerts them once more.
        </p>
      </Group>

      <Group legend="Mailboxes" hint="Where visitors write, and where contact requests and offline chats are sent.">
        <div className="grid gap-4 sm:grid-cols-2">
          {field('infoEmail', 'Info email', { type: 'email' })}
          {field('investorEmail', 'Investor email', { type: 'email' })}
          {field('salesEmail', 'Sales email', { type: 'email' })}
          {field('supportEmail', 'Support email', { type: 'email' })}
        </div>
      </Group>

      <Group legend="Links" hint="External pages opened in a new tab.">
        <div className="grid gap-4">
          {field('bookingUrl', 'Booking calendar URL', { type: 'url', inputMode: 'url' })}
          {field('enterpriseAgentUrl', 'Enterprise agent URL', { type: 'url', inputMode: 'url' })}
          {field('eventsSiteUrl', 'Events site URL', { type: 'url', inputMode: 'url' })}
          {field('heroVideoUrl', 'Hero video URL', { type: 'url', inputMode: 'url' })}
          <p className="text-sm text-gray-700 dark:text-gray-300">
            The hero video must be a YouTube embed address ({videoEmbedPrefix}…): the only video site the home page may
            show.
          </p>
        </div>
      </Group>

      <Group legend="Office">
        <div className="grid gap-4 sm:grid-cols-3">
          {field('office.building', 'Office building')}
          {field('office.street', 'Office street')}
          {field('office.city', 'Office city')}
        </div>
      </Group>

      <Group legend="Partners" hint="Names shown in the home page's partner strip.">
        <PartnersField control={control} register={register} errors={errors} />
      </Group>

      <Group legend="Social" hint="Profiles linked from the footer; addresses must start with https://.">
        <SocialLinksField control={control} register={register} errors={errors} />
      </Group>

      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          {save.isPending ? 'Saving...' : 'Save settings'}
        </Button>
        <Button variant="secondary" disabled={!isDirty || save.isPending} onClick={() => reset()}>
          Discard changes
        </Button>
        {isDirty && (
          <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
            {settingsTexts.unsaved}
          </p>
        )}
      </div>
    </form>
  );
}
