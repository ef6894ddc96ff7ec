// The console's alert settings, from the top bar: the agent's display name,
// sound on/off and which events sound, and desktop notifications per event.
// Saved to the agent's profile on the server. The browser's permission for
// notifications is asked only from the "Allow" button's click.

import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { AgentProfile } from '@/api-types/AgentProfile';
import type { AlertEvent } from '@/api-types/AlertEvent';
import { Button, buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useAgentProfile, useSaveAgentProfile } from '@/features/chat/api/agent-profile';
import { staffLanguages, languageNames } from '@/lib/language-names';
import { alertEventLabels } from '@/features/chat/lib/console-alerts/alert-engine';

const events: AlertEvent[] = ['new_chat', 'assigned', 'visitor_message', 'waiting_too_long'];
const maxDisplayName = 60;

/** The display name's rule, as the server applies it (after trimming). */
export function displayNameError(value: string): string | null {
  const trimmed = value.trim();
  if ([...trimmed].length > maxDisplayName) return `Display name must be at most ${maxDisplayName} characters`;
  // Control characters (C0, DEL, C1): the server refuses them too.
  const control = (c: string) => {
    const code = c.codePointAt(0) ?? 0;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  };
  if ([...trimmed].some(control)) return 'Display name must not contain control characters';
  return null;
}

type Permission = NotificationPermission | 'unsupported';

function readPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** The top bar's "Alerts" button and its dialog. */
export function AlertSettingsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2 text-sm text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
        aria-haspopup="dialog"
        title="Alerts and display name"
        onClick={() => setOpen(true)}
      >
        <Bell className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only 2xl:not-sr-only">Alerts</span>
      </button>
      <AlertSettingsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

export function AlertSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const profile = useAgentProfile();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100%-2rem))] overflow-y-auto rounded-xl border border-gray-200 bg-white p-6 text-gray-900 shadow-xl backdrop:bg-black/60 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        Alerts and display name
      </h2>
      {profile.isPending && (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm">
          <Spinner className="h-4 w-4 text-brand" /> Loading your settings...
        </p>
      )}
      {profile.isError && (
        <div className="mt-4 text-sm">
          <p role="alert" className="text-red-700 dark:text-red-300">
            {profile.error.message}
          </p>
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => void profile.refetch()}>Try again</Button>
          </div>
        </div>
      )}
      {/* Mounted while open, so the form starts from the saved profile each time. */}
      {profile.data && open && <AlertSettingsForm profile={profile.data} onClose={onClose} />}
    </dialog>
  );
}

function EventChecks({
  legend,
  chosen,
  disabled,
  onChange,
}: {
  legend: string;
  chosen: AlertEvent[];
  disabled: boolean;
  onChange: (events: AlertEvent[]) => void;
}) {
  return (
    <fieldset className="mt-2" disabled={disabled}>
      <legend className="sr-only">{legend}</legend>
      {events.map((event) => (
        <label key={event} className="flex items-center gap-2 py-1 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-dark"
            checked={chosen.includes(event)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, event] : chosen.filter((c) => c !== event))}
          />
          {alertEventLabels[event]}
        </label>
      ))}
    </fieldset>
  );
}

function AlertSettingsForm({ profile, onClose }: { profile: AgentProfile; onClose: () => void }) {
  const [displayName, setDisplayName] = useState(profile.displayName ?? '');
  const [soundEnabled, setSoundEnabled] = useState(profile.soundEnabled);
  const [soundEvents, setSoundEvents] = useState(profile.soundEvents);
  const [notifyEvents, setNotifyEvents] = useState(profile.notifyEvents);
  const [languages, setLanguages] = useState(profile.languages);
  const [touched, setTouched] = useState(false);
  // Read as the form opens (it mounts each time the dialog does) and after asking.
  const [permission, setPermission] = useState(readPermission);
  const helpId = useId();
  const save = useSaveAgentProfile();
  const nameError = touched ? displayNameError(displayName) : null;
  const languagesError = touched && languages.length === 0 ? 'Choose at least one language you answer chats in' : null;
  const languagesHelpId = useId();

  const askPermission = async () => {
    try {
      await Notification.requestPermission();
    } finally {
      setPermission(readPermission());
    }
  };

  return (
    <form
      noValidate
      className="mt-4"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (displayNameError(displayName) || languages.length === 0) return;
        save.mutate(
          { displayName: displayName.trim(), soundEnabled, soundEvents, notifyEvents, languages },
          { onSuccess: onClose },
        );
      }}
    >
      <TextField
        label="Display name"
        value={displayName}
        maxLength={maxDisplayName + 10}
        placeholder={profile.accountName}
        autoComplete="off"
        error={nameError ?? undefined}
        {...(nameError ? {} : { 'aria-describedby': helpId })}
        onChange={(event) => setDisplayName(event.target.value)}
        onBlur={() => setTouched(true)}
      />
      {!nameError && (
        <p id={helpId} className="mt-1 text-xs text-gray-700 dark:text-gray-300">
          Visitors see this name when you join a chat and on your messages. Leave it empty to use{' '}
          <bdi>{profile.accountName}</bdi>.
        </p>
      )}

      <fieldset className="mt-5" aria-describedby={languagesHelpId}>
        <legend className="text-sm font-semibold">Languages you answer chats in</legend>
        <p id={languagesHelpId} className="mt-1 text-xs text-gray-700 dark:text-gray-300">
          Chats started in these languages come to you first.
        </p>
        <div className="mt-1 flex flex-wrap gap-x-4">
          {staffLanguages.map((language) => (
            <label key={language} className="flex items-center gap-2 py-1 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-dark"
                checked={languages.includes(language)}
                onChange={(e) =>
                  setLanguages(e.target.checked ? [...languages, language] : languages.filter((l) => l !== language))
                }
              />
              {languageNames[language]}
            </label>
          ))}
        </div>
        {languagesError && (
          <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
            {languagesError}
          </p>
        )}
      </fieldset>

      <h3 className="mt-5 text-sm font-semibold">Sound (while this tab is in front)</h3>
      <label className="mt-2 flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-dark"
          checked={soundEnabled}
          onChange={(event) => setSoundEnabled(event.target.checked)}
        />
        Play a short sound
      </label>
      <EventChecks legend="Events that sound" chosen={soundEvents} disabled={!soundEnabled} onChange={setSoundEvents} />

      <h3 className="mt-5 text-sm font-semibold">Desktop notifications (while this tab is hidden)</h3>
      <p className="mt-1 text-xs text-gray-700 dark:text-gray-300" role="status">
        {permission === 'granted' && 'This browser shows desktop notifications from the console.'}
        {permission === 'default' && 'This browser has not allowed notifications from this site yet.'}
        {permission === 'denied' &&
          "Notifications are blocked for this site in the browser's settings; until they are allowed, a sound plays instead."}
        {permission === 'unsupported' && 'This browser cannot show desktop notifications; a sound plays instead.'}
      </p>
      {permission === 'default' && (
        <button type="button" className={buttonClass('secondary', 'mt-2')} onClick={() => void askPermission()}>
          Allow desktop notifications
        </button>
      )}
      <EventChecks legend="Events that show a desktop notification" chosen={notifyEvents} disabled={false} onChange={setNotifyEvents} />

      {save.isError && (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
          {save.error.message}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" className={buttonClass('secondary')} onClick={onClose}>
          Cancel
        </button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
