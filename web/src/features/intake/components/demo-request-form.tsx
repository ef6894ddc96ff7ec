// The form's English messages, with its code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/messageForm';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { RequestError, refusalField, refusalMessage } from '@/lib/api-client';
import { messageTexts, useSendMessage } from '../api/messages-send';
import { t } from '@/i18n/i18n';
import { fieldOfRefusal, honeypotName, newFormFill, type ContactField } from '../lib/contact-form';

type Fields = Record<ContactField, string>;

const empty: Fields = { name: '', email: '', subject: '', message: '', phone: '', company: '' };

/**
 * The demo / contact request form: name, email, subject and message (all
 * required), phone and company when asked for, sent to POST /api/messages with
 * the page as `source`. Idle → submitting → success (the form is cleared and
 * the spec's thank-you shown) or failure: a refusal of one field (400) shows
 * the server's words by that field, any other failure the spec's error text.
 * Each fill carries one idempotency key (kept when a failed send is retried,
 * so the request is filed once), the time the form was first shown, and a
 * hidden honeypot field that only bots fill. `onSent` lets a page react too
 * (e.g. a toast); with `successText={null}` the page's reaction is the only
 * success notice.
 */
export function DemoRequestForm({
  source,
  phone = false,
  company = false,
  submitLabel = t('messageForm.submit'),
  pendingLabel = t('messageForm.submitting'),
  defaultSubject = '',
  successText = messageTexts.success,
  id,
  onSent,
}: {
  /** The page the request comes from, e.g. "/finance". */
  source: string;
  /** Show an optional phone field. */
  phone?: boolean;
  /** Show an optional company field. */
  company?: boolean;
  submitLabel?: string;
  /** The button's label while the request is on its way. */
  pendingLabel?: string;
  /** Prefills the subject (e.g. the plan a visitor picked). */
  defaultSubject?: string;
  /** The inline thank-you; `null` shows none (the page announces success itself). */
  successText?: string | null;
  /** The form element's id, an anchor target (`#contact-form`). */
  id?: string;
  onSent?: () => void;
}) {
  const [fields, setFields] = useState<Fields>({ ...empty, subject: defaultSubject });
  const [fill, setFill] = useState(() => newFormFill());
  const [honeypot, setHoneypot] = useState('');
  const send = useSendMessage();
  const messageId = useId();
  const honeypotId = useId();

  const refusal = refusalMessage(send.error);
  const refusedField = refusal === null ? null : fieldOfRefusal(refusalField(send.error));
  const fieldError = (key: ContactField) => (refusedField === key && refusal !== null ? refusal : undefined);

  const set = (key: ContactField) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [key]: event.target.value }));
    if (send.isSuccess || send.isError) send.reset();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send.mutate(
      {
        name: fields.name,
        email: fields.email,
        subject: fields.subject,
        message: fields.message,
        phone: phone ? fields.phone : undefined,
        company: company ? fields.company : undefined,
        source,
        website: honeypot,
        fill,
      },
      {
        onSuccess: () => {
          setFields({ ...empty, subject: defaultSubject });
          // The next message is a new fill with a key of its own.
          setFill(newFormFill());
          onSent?.();
        },
      },
    );
  };

  const messageError = fieldError('message');
  return (
    <form id={id} onSubmit={onSubmit} className="relative scroll-mt-24 space-y-4" aria-busy={send.isPending}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('messageForm.name')}
          name="name"
          autoComplete="name"
          required
          value={fields.name}
          onChange={set('name')}
          error={fieldError('name')}
        />
        <TextField
          label={t('messageForm.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={fields.email}
          onChange={set('email')}
          error={fieldError('email')}
        />
        {phone && (
          <TextField
            label={t('messageForm.phone')}
            name="phone"
            type="tel"
            autoComplete="tel"
            value={fields.phone}
            onChange={set('phone')}
            error={fieldError('phone')}
          />
        )}
        {company && (
          <TextField
            label={t('messageForm.company')}
            name="company"
            autoComplete="organization"
            value={fields.company}
            onChange={set('company')}
            error={fieldError('company')}
          />
        )}
      </div>
      <TextField
        label={t('messageForm.subject')}
        name="subject"
        required
        value={fields.subject}
        onChange={set('subject')}
        error={fieldError('subject')}
      />
      <div>
        <label htmlFor={messageId} className="mb-1 block text-sm font-medium text-gray-800 dark:text-gray-200">
          {t('messageForm.message')}
        </label>
        <textarea
          id={messageId}
          name="message"
          rows={4}
          required
          value={fields.message}
          onChange={set('message')}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? `${messageId}-error` : undefined}
          className={`block w-full rounded-md border bg-white px-3 py-2 text-sm text-gray-900 dark:bg-gray-800 dark:text-gray-100 ${
            messageError ? 'border-red-600 dark:border-red-400' : 'border-gray-300 dark:border-gray-600'
          }`}
        />
        {messageError && (
          <p id={`${messageId}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
            {messageError}
          </p>
        )}
      </div>
      {/* The honeypot: off screen, out of the tab order, hidden from assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
        <label htmlFor={honeypotId}>{t('messageForm.website')}</label>
        <input
          id={honeypotId}
          name={honeypotName}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(event) => setHoneypot(event.target.value)}
        />
      </div>
      <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto">
        {send.isPending && <Spinner />}
        {send.isPending ? pendingLabel : submitLabel}
      </Button>
      <div role="status" className="text-sm">
        {send.isSuccess && successText !== null && (
          <p className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900 dark:border-green-700 dark:bg-green-950 dark:text-green-100">
            {successText}
          </p>
        )}
      </div>
      <div role="alert" className="text-sm">
        {send.isError && refusedField === null && (
          <p className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100">
            {/* Anything but a described request failure (an unreadable answer) counts as not sent. */}
            {send.error instanceof RequestError ? send.error.message : messageTexts.networkFailure}
          </p>
        )}
      </div>
    </form>
  );
}
