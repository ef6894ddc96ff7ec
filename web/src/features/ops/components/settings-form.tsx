import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { get, set, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { SiteSettings } from '@/api-types/SiteSettings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { refusalField, refusalMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast-store';
import { useSaveSiteSettings } from '../api/site-settings-save';
import { PartnersField, SocialLinksField } from './settings-list-fields';
import { RetentionSettingsFields } from './retention-settings-fields';
import { ChatHoursPromise } from './chat-hours-promise';
import {
  formPath,
  toFormValues,
  toSettings,
  validateSettings,
  videoEmbedPrefix,
  type SettingsFormValues,
} from '../lib/settings-rules';
import { UnsavedChangesGuard } from '@/components/admin/unsaved-changes-guard';
import { maxAgentIdleMinutes, maxChatAttachmentMib, maxReplyEmailMinutes, maxStaffSignInHours } from '@/api-types/site-settings-defaults';
import { settingsLimits } from '@/api-types/input-limits';

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export const settingsTexts = {
  saved: 'Settings saved',
  savedDescription: 'Every page shows the new settings from its next load.',
  notSaved: 'The settings were not saved',
  unsaved: 'You have unsaved changes.',
} as const;

export type SettingsSectionId = 'brand' | 'chat' | 'email' | 'security' | 'analytics' | 'data';

/** The sections of the page, in order, with the settings (first path segment) each holds. */
export const settingsSections: { id: SettingsSectionId; title: string; description: string; holds: string[] }[] = [
  {
    id: 'brand',
    title: 'Brand and contact',
    description: 'How the site presents the company: phone, office, external links, partners and social profiles.',
    holds: ['phone', 'hours', 'office', 'bookingUrl', 'enterpriseAgentUrl', 'eventsSiteUrl', 'heroVideoUrl', 'partners', 'social'],
  },
  {
    id: 'chat',
    title: 'Chat and business hours',
    description: 'When live chat is staffed, what visitors may attach, when a waiting chat alerts the agents, when unseen replies are emailed, and whether visitors see that an agent read them.',
    holds: ['chatHours', 'chatAttachmentMaxMib', 'firstReplyAlertMinutes', 'agentIdleMinutes', 'replyEmailMinutes', 'showAgentsSeenToVisitors', 'autoPending'],
  },
  {
    id: 'email',
    title: 'Email',
    description: 'Where visitors write, where contact requests and offline chats are sent, and where visitors\' email replies to chats arrive.',
    holds: ['infoEmail', 'investorEmail', 'salesEmail', 'supportEmail', 'chatReplyAddress'],
  },
  {
    id: 'security',
    title: 'Security',
    description: 'How long the team stays signed in, and which roles need a second factor.',
    holds: ['staffSignInHours', 'secondFactorRoles'],
  },
  {
    id: 'analytics',
    title: 'Analytics',
    description: 'Whether page views are counted for the analytics page.',
    holds: ['countPageViews'],
  },
  {
    id: 'data',
    title: 'Data protection',
    description: 'How long each kind of personal data is kept before it is deleted.',
    holds: ['retention'],
  },
];

/** The section a field (form or server path, e.g. `office.city`) is in. */
export function sectionOf(path: string): SettingsSectionId {
  const head = path.split('.')[0] ?? path;
  return settingsSections.find((section) => section.holds.includes(head))?.id ?? 'brand';
}

/** Every field path that has a message in react-hook-form's nested errors. */
function errorPaths(errors: unknown, prefix = ''): string[] {
  if (!errors || typeof errors !== 'object') return [];
  const record = errors as Record<string, unknown>;
  if (typeof record.message === 'string' && prefix) return [prefix];
  return Object.entries(record)
    .filter(([key]) => key !== 'ref' && key !== 'type' && key !== 'message' && key !== 'root')
    .flatMap(([key, value]) => errorPaths(value, prefix ? `${prefix}.${key}` : key));
}

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
    <fieldset className="rounded-lg border border-gray-200 p-4 sm:p-6 dark:border-gray-700">
      <legend className="px-2 text-lg font-semibold">{legend}</legend>
      {hint && <p className="mb-4 text-sm text-gray-700 dark:text-gray-300">{hint}</p>}
      {children}
    </fieldset>
  );
}

const hint = 'mt-1 text-sm text-gray-700 dark:text-gray-300';

/** The section named by the address's fragment (`/admin/settings#email`), else the first. */
function sectionFromHash(): SettingsSectionId {
  const named = typeof window === 'undefined' ? '' : window.location.hash.slice(1);
  return settingsSections.find((section) => section.id === named)?.id ?? 'brand';
}

/**
 * Every site setting, in sections shown one at a time; saved all at once from
 * a bar that appears with the first change and stays in view. A refusal
 * (the browser's rules or the server's) opens the section of its field and
 * focuses it.
 */
export function SettingsForm({ initial }: { initial: SiteSettings }) {
  const save = useSaveSiteSettings();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setFocus,
    getValues,
    formState: { errors, isDirty },
  } = useForm<SettingsFormValues>({
    defaultValues: toFormValues(initial),
    resolver: settingsResolver,
    mode: 'onTouched',
  });
  const [active, setActive] = useState<SettingsSectionId>(sectionFromHash);
  // A field to focus once its section is on screen.
  const [focusNext, setFocusNext] = useState<string | null>(null);
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});

  useEffect(() => {
    if (!focusNext) return;
    setFocus(focusNext as Parameters<typeof setFocus>[0]);
    setFocusNext(null);
  }, [focusNext, setFocus]);

  const open = (id: SettingsSectionId) => {
    setActive(id);
    // The fragment remembers the section (Back keeps its own entry; no router navigation).
    window.history.replaceState(window.history.state, '', `#${id}`);
  };
  const showField = (path: string) => {
    open(sectionOf(path));
    setFocusNext(path);
  };

  const error = (path: string) => (get(errors, path) as { message?: string } | undefined)?.message;
  const field = (name: Parameters<typeof register>[0], label: string, extra: Record<string, string> = {}) => (
    <TextField label={label} error={error(name)} {...extra} {...register(name)} />
  );

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const saved = await save.mutateAsync(toSettings(values));
        reset(toFormValues(saved));
        toast({ title: settingsTexts.saved, description: settingsTexts.savedDescription });
      } catch (failure) {
        // The server's words go beside the field it names (the bar says it too).
        const serverField = refusalField(failure);
        const message = refusalMessage(failure);
        if (serverField && message) {
          const path = formPath(serverField);
          setError(path as Parameters<typeof setError>[0], { type: 'server', message });
          showField(path);
        }
      }
    },
    () => {
      // The first failing field in the form's order.
      const first = Object.keys(validateSettings(getValues()))[0];
      if (first) showField(first);
    },
  );

  const failure = save.error ? (refusalMessage(save.error) ?? save.error.message) : null;
  const problems = errorPaths(errors);
  const problemsIn = (id: SettingsSectionId) => problems.filter((path) => sectionOf(path) === id).length;

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = settingsSections.length - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? index === last ? 0 : index + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? index === 0 ? last : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const section = settingsSections[next]!;
    open(section.id);
    tabs.current[section.id]?.focus();
  };

  const panel = (id: SettingsSectionId, children: ReactNode) => {
    const section = settingsSections.find((each) => each.id === id)!;
    return (
      <div
        role="tabpanel"
        id={`settings-panel-${id}`}
        aria-labelledby={`settings-tab-${id}`}
        hidden={active !== id}
        className="space-y-6"
      >
        <div>
          <h2 className="text-xl font-semibold">{section.title}</h2>
          <p className={hint}>{section.description}</p>
        </div>
        {children}
      </div>
    );
  };

  const showBar = isDirty || save.isPending || failure !== null;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Site settings" className="lg:flex lg:items-start lg:gap-8">
      <UnsavedChangesGuard when={isDirty && !save.isPending} />

      <div
        role="tablist"
        aria-label="Settings sections"
        className="-mx-4 mb-6 flex gap-1 overflow-x-auto border-b border-gray-200 px-4 lg:sticky lg:top-0 lg:mx-0 lg:mb-0 lg:w-56 lg:shrink-0 lg:flex-col lg:overflow-visible lg:border-b-0 lg:px-0 dark:border-gray-700"
      >
        {settingsSections.map((section, index) => {
          const selected = active === section.id;
          const count = problemsIn(section.id);
          return (
            <button
              key={section.id}
              ref={(element) => {
                tabs.current[section.id] = element;
              }}
              type="button"
              role="tab"
              id={`settings-tab-${section.id}`}
              aria-selected={selected}
              aria-controls={`settings-panel-${section.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => open(section.id)}
              onKeyDown={(event) => onTabKey(event, index)}
              className={cn(
                'flex shrink-0 items-center justify-between gap-2 whitespace-nowrap border-b-2 px-3 py-2 text-left text-sm font-medium lg:rounded-md lg:border-b-0',
                selected
                  ? 'border-brand-dark text-brand-dark lg:bg-pink-50 dark:border-brand-light dark:text-brand-light lg:dark:bg-gray-800'
                  : 'border-transparent text-gray-700 hover:text-gray-900 lg:hover:bg-gray-100 dark:text-gray-300 dark:hover:text-white lg:dark:hover:bg-gray-800',
              )}
            >
              {section.title}
              {count > 0 && (
                <>
                  <span className="sr-only">{`, ${count} ${count === 1 ? 'problem' : 'problems'}`}</span>
                  <span
                    aria-hidden="true"
                    className="rounded-full bg-red-700 px-1.5 text-xs font-semibold text-white dark:bg-red-400 dark:text-gray-950"
                  >
                    {count}
                  </span>
                </>
              )}
            </button>
          );
        })}
      </div>

      <div className="min-w-0 flex-1">
        {panel(
          'brand',
          <>
            <Group legend="Contact" hint="Shown in the footer, on the contact page and on the dashboard.">
              <div className="grid gap-4 sm:grid-cols-2">
                {field('phone', 'Phone', { type: 'tel', autoComplete: 'off' })}
                {field('hours', 'Office hours')}
              </div>
            </Group>
            <Group legend="Office">
              <div className="grid gap-4 sm:grid-cols-3">
                {field('office.building', 'Office building')}
                {field('office.street', 'Office street')}
                {field('office.city', 'Office city')}
              </div>
            </Group>
            <Group legend="Links" hint="External pages opened in a new tab.">
              <div className="grid gap-4">
                {field('bookingUrl', 'Booking calendar URL', { type: 'url', inputMode: 'url' })}
                {field('enterpriseAgentUrl', 'Enterprise agent URL', { type: 'url', inputMode: 'url' })}
                {field('eventsSiteUrl', 'Events site URL', { type: 'url', inputMode: 'url' })}
                {field('heroVideoUrl', 'Hero video URL', { type: 'url', inputMode: 'url' })}
                <p className="text-sm text-gray-700 dark:text-gray-300">
                  The hero video must be a YouTube embed address ({videoEmbedPrefix}…): the only video site the home page
                  may show.
                </p>
              </div>
            </Group>
            <Group legend="Partners" hint="Names shown in the home page's partner strip.">
              <PartnersField control={control} register={register} errors={errors} />
            </Group>
            <Group legend="Social" hint="Profiles linked from the footer; addresses must start with https://.">
              <SocialLinksField control={control} register={register} errors={errors} />
            </Group>
          </>,
        )}

        {panel(
          'chat',
          <>
            <Group
              legend="Live chat hours"
              hint="In East Africa Time (UTC+3); closing at 00:00 is midnight. Outside these hours the chat widget says when the team is back and that the reply will come by email."
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
              </div>
              <ChatHoursPromise control={control} />
            </Group>
            <Group legend="Conversations">
              <div className="grid gap-4 sm:grid-cols-2">
                <div>
                  <TextField
                    label="Largest chat attachment (MiB)"
                    type="number"
                    min={1}
                    max={maxChatAttachmentMib}
                    step={1}
                    inputMode="numeric"
                    error={error('chatAttachmentMaxMib')}
                    {...register('chatAttachmentMaxMib', { valueAsNumber: true })}
                  />
                  <p className={hint}>Images and PDFs visitors and agents send in a chat; at most {maxChatAttachmentMib} MiB.</p>
                </div>
                <div>
                  {field('firstReplyAlertMinutes', 'First-reply alert (minutes)', {
                    type: 'number',
                    inputMode: 'numeric',
                    min: '1',
                    max: String(settingsLimits.firstReplyAlertMinutes),
                  })}
                  <p className={hint}>
                    A chat without an agent's reply after this long is marked in the agents' inbox and alerts them once
                    more.
                  </p>
                </div>
                <div>
                  <TextField
                    label="Agent idle time (minutes)"
                    type="number"
                    min={1}
                    max={maxAgentIdleMinutes}
                    step={1}
                    inputMode="numeric"
                    error={error('agentIdleMinutes')}
                    {...register('agentIdleMinutes', { valueAsNumber: true })}
                  />
                  <p className={hint}>
                    An agent with no key press or mouse move in any admin tab for this long is set to Away, after a
                    warning a minute before.
                  </p>
                </div>
                <div>
                  <TextField
                    label="Email unseen replies after (minutes)"
                    type="number"
                    min={1}
                    max={maxReplyEmailMinutes}
                    step={1}
                    inputMode="numeric"
                    error={error('replyEmailMinutes')}
                    {...register('replyEmailMinutes', { valueAsNumber: true })}
                  />
                  <p className={hint}>
                    A reply the visitor has not seen this long after it was sent is emailed to them, with any other
                    unseen replies, so a visitor who left still gets the answer.
                  </p>
                </div>
              </div>
              <label className="mt-4 flex items-start gap-3 text-sm">
                <input type="checkbox" className="mt-1" {...register('showAgentsSeenToVisitors')} />
                <span>
                  <span className="block font-medium">Show visitors when an agent has seen their message</span>
                  <span className="block text-gray-700 dark:text-gray-300">
                    Their messages then say "Seen" once an agent had the chat open. Off, they show only that the
                    message was delivered. Agents always see when the visitor has seen theirs.
                  </span>
                </span>
              </label>
              <label className="mt-4 flex items-start gap-3 text-sm">
                <input type="checkbox" className="mt-1" {...register('autoPending')} />
                <span>
                  <span className="block font-medium">Mark a chat pending when an agent's reply is its last message</span>
                  <span className="block text-gray-700 dark:text-gray-300">
                    The chat then waits on the visitor, out of the Open list, until they write again. Off, agents mark
                    chats pending themselves.
                  </span>
                </span>
              </label>
            </Group>
          </>,
        )}

        {panel(
          'email',
          <Group legend="Mailboxes">
            <div className="grid gap-4 sm:grid-cols-2">
              {field('infoEmail', 'Info email', { type: 'email' })}
              {field('investorEmail', 'Investor email', { type: 'email' })}
              {field('salesEmail', 'Sales email', { type: 'email' })}
              {field('supportEmail', 'Support email', { type: 'email' })}
            </div>
            <div className="mt-4 max-w-md">
              {field('chatReplyAddress', 'Chat reply address (optional)', { type: 'email' })}
              <p className={hint}>
                A mailbox the platform reads (set up by your operator). Emails about a chat then ask visitors to reply
                to this address with the chat added after a +, and their replies appear in the chat. Empty, replies go
                to the support email.
              </p>
            </div>
          </Group>,
        )}

        {panel(
          'security',
          <>
          <Group legend="Sign-in">
            <div className="max-w-sm">
              <TextField
                label="Staff sign-in lasts (hours)"
                type="number"
                min={1}
                max={maxStaffSignInHours}
                step={1}
                inputMode="numeric"
                error={error('staffSignInHours')}
                {...register('staffSignInHours', { valueAsNumber: true })}
              />
            </div>
            <p className={hint}>
              Admins and support agents sign in again after this many hours, however active they are (at most a week,{' '}
              {maxStaffSignInHours} hours). Visitors' accounts are not affected.
            </p>
          </Group>
          <Group legend="Two-step verification">
            <p className={hint}>
              Members of a checked role must sign in with a code from an authenticator app. Those without one can only
              set one up (on their Account security page) until they do; their open sessions are held to it at their next
              request.
            </p>
            <div className="mt-3 space-y-2">
              {(['admin', 'support'] as const).map((role) => (
                <label key={role} className="flex items-start gap-3 text-sm">
                  <input type="checkbox" className="mt-1" value={role} {...register('secondFactorRoles')} />
                  <span className="font-medium">{role === 'admin' ? 'Required for admins' : 'Required for support agents'}</span>
                </label>
              ))}
            </div>
            {error('secondFactorRoles') && (
              <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
                {error('secondFactorRoles')}
              </p>
            )}
          </Group>
          </>,
        )}

        {panel(
          'analytics',
          <Group legend="Page views">
            <label className="flex items-start gap-3 text-sm">
              <input type="checkbox" className="mt-1" {...register('countPageViews')} />
              <span>
                <span className="block font-medium">Count page views</span>
                <span className="block text-gray-700 dark:text-gray-300">
                  Only visitors who accepted analytics cookies are counted, without anything that identifies them. Turn
                  this off to stop counting for everyone; the figures already counted stay.
                </span>
              </span>
            </label>
          </Group>,
        )}

        {panel(
          'data',
          <Group legend="Retention">
            <RetentionSettingsFields register={register} errors={errors} />
          </Group>,
        )}

        {showBar && (
          <div
            role="region"
            aria-label="Save changes"
            className="sticky bottom-0 z-10 -mx-4 mt-8 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur sm:mx-0 sm:rounded-t-lg sm:border-x dark:border-gray-700 dark:bg-gray-900/95"
          >
            {failure && (
              <div className="mb-3">
                <Alert title={settingsTexts.notSaved}>{failure}</Alert>
              </div>
            )}
            <div className="flex flex-wrap items-center justify-end gap-3">
              {isDirty && (
                <p role="status" className="mr-auto text-sm text-gray-700 dark:text-gray-300">
                  {settingsTexts.unsaved}
                </p>
              )}
              <Button
                variant="secondary"
                disabled={!isDirty || save.isPending}
                onClick={() => {
                  reset();
                  save.reset();
                }}
              >
                Discard changes
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending && <Spinner />}
                {save.isPending ? 'Saving...' : 'Save settings'}
              </Button>
            </div>
          </div>
        )}
      </div>
    </form>
  );
}
