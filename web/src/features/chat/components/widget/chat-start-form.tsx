// The start form: Name and Email, both required; blank or whitespace-only
// values are not sent (spec §5).

import 'virtual:catalog/en/widget';
import { useState, type FormEvent } from 'react';
import type { WidgetChat } from '@/api-types/WidgetChat';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { activeLocale, t } from '@/i18n/i18n';
import { refusalMessage } from '@/lib/api-client';
import { isValidEmail } from '@/lib/email';
import { useStartChatSession } from '@/features/chat/api/start-chat-session';
import { useChatAvailability } from '@/features/chat/api/get-chat-availability';
import { awayBeforeStart } from '@/features/chat/lib/chat-line';
import { useEmailEnabled } from '../../api/email-status';
import { useSiteSettings } from '@/lib/site-settings';
import { chatLimits } from '@/api-types/input-limits';

export interface StartFormErrors {
  name?: string;
  email?: string;
}

/** What is wrong with the form, if anything (nothing is sent while anything is). */
export function validateStartForm(name: string, email: string): StartFormErrors {
  const errors: StartFormErrors = {};
  if (!name.trim()) errors.name = t('widget.start.nameRequired');
  if (!email.trim()) errors.email = t('widget.start.emailRequired');
  else if (!isValidEmail(email.trim())) errors.email = t('widget.start.emailInvalid');
  return errors;
}

export function ChatStartForm({
  initialName,
  initialEmail,
  onStarted,
}: {
  initialName: string;
  initialEmail: string;
  onStarted: (session: WidgetChat, visitorName: string, visitorEmail: string) => void;
}) {
  const [name, setName] = useState(initialName);
  const [email, setEmail] = useState(initialEmail);
  const [errors, setErrors] = useState<StartFormErrors>({});
  const start = useStartChatSession();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateStartForm(name, email);
    setErrors(found);
    if (found.name || found.email) return;
    const visitorName = name.trim();
    const visitorEmail = email.trim();
    start.mutate(
      { visitorName, visitorEmail, pageUrl: window.location.pathname, language: activeLocale() },
      { onSuccess: (session) => onStarted(session, visitorName, visitorEmail) },
    );
  };

  // The server explains a refused form (400) in words worth showing next to it; the values stay.
  const serverProblem = refusalMessage(start.error);

  return (
    <form noValidate onSubmit={submit} className="flex flex-1 flex-col gap-4 overflow-y-auto p-4">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {t('widget.start.intro')}
      </p>
      <AwayBeforeStart />
      <TextField
        label={t('widget.start.name')}
        name="visitorName"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        maxLength={chatLimits.visitorNameChars}
      />
      <TextField
        label={t('widget.start.email')}
        name="visitorEmail"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        maxLength={254}
      />
      {serverProblem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {serverProblem}
        </p>
      )}
      <Button type="submit" disabled={start.isPending} className="mt-auto">
        {start.isPending ? t('widget.start.starting') : t('widget.start.submit')}
      </Button>
    </form>
  );
}

/** With no agent online (whatever the hours), the visitor knows before starting. */
function AwayBeforeStart() {
  const availability = useChatAvailability();
  const emailEnabled = useEmailEnabled();
  const { chatHours } = useSiteSettings();
  if (availability.data?.agentsOnline !== false) return null;
  return (
    <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
      {awayBeforeStart(new Date(), chatHours, emailEnabled === true)}
    </p>
  );
}
