import { useId, useState, type FormEvent } from 'react';
import type { WaitlistInterest } from '@/api-types/WaitlistInterest';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { refusalField, refusalMessage } from '@/lib/api-client';
import { useJoinWaitlist } from '../api/waitlist-join';
import { invalidEmailMessage, isValidEmail } from '@/lib/email';
import { t } from '@/i18n/i18n';
import { waitlistText } from '../lib/waitlist-texts';

/**
 * Joins the waitlist for one interest (POST /api/waitlist): email and an
 * optional name. Idle → submitting → joined (the server's thank-you, the
 * form gone) or failed: a bad address is shown by the field (checked here
 * with the site's rule, and by the server), anything else in an alert above
 * the button, with the values kept for another try.
 */
export function WaitlistForm({
  interest,
  title,
  text,
  submitLabel,
  headingLevel = 'h2',
}: {
  interest: WaitlistInterest;
  title: string;
  text: string;
  submitLabel?: string;
  headingLevel?: 'h2' | 'h3';
}) {
  const headingId = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const join = useJoinWaitlist();
  const Heading = headingLevel;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isValidEmail(email.trim())) {
      setEmailError(invalidEmailMessage);
      return;
    }
    setEmailError(null);
    join.mutate({ email, name, interest });
  };

  const refusal = refusalMessage(join.error);
  // The server's refusal of the address comes in the page's language already.
  const fieldError = emailError ?? (refusalField(join.error) === 'email' ? (refusal ?? undefined) : undefined);
  const failure = join.isError && fieldError === undefined ? join.error.message : null;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-700 dark:bg-gray-800"
    >
      <Heading id={headingId} className="text-lg font-bold">
        {title}
      </Heading>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{text}</p>
      {join.isSuccess ? (
        <div className="mt-4">
          <Alert title={t('waitlist.joinedTitle')} variant="success">
            {waitlistText(join.data.message)}
          </Alert>
        </div>
      ) : (
        <form className="mt-4 space-y-4" noValidate onSubmit={onSubmit} aria-busy={join.isPending}>
          <TextField
            label={t('waitlist.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setEmailError(null);
              if (join.isError) join.reset();
            }}
            error={fieldError ? waitlistText(fieldError) : undefined}
          />
          <TextField
            label={t('waitlist.name')}
            name="name"
            autoComplete="name"
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          {failure && <Alert title={t('waitlist.failed')}>{waitlistText(failure)}</Alert>}
          <Button type="submit" disabled={join.isPending}>
            {join.isPending && <Spinner />}
            {join.isPending ? t('waitlist.joining') : (submitLabel ?? t('waitlist.submit'))}
          </Button>
        </form>
      )}
    </section>
  );
}
