import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { RequestError } from '@/lib/api-client';
import { messageTexts, useSendMessage, type SendMessageRequest } from '@/lib/api/messages';

type Fields = Required<Omit<SendMessageRequest, 'source'>>;

const empty: Fields = { name: '', email: '', subject: '', message: '', phone: '', company: '' };

/**
 * The demo / contact request form: name, email, subject and message (all
 * required), phone and company when asked for, sent to POST /api/messages with
 * the page as `source`. Idle → submitting → success (the form is cleared and
 * the spec's thank-you shown) or failure (the spec's error text), announced
 * inline. `onSent` lets a page react too (e.g. a toast); with
 * `successText={null}` the page's reaction is the only success notice.
 */
export function DemoRequestForm({
  source,
  phone = false,
  company = false,
  submitLabel = 'Submit Request',
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
  /** Prefills the subject (e.g. the plan a visitor picked). */
  defaultSubject?: string;
  /** The inline thank-you; `null` shows none (the page announces success itself). */
  successText?: string | null;
  /** The form element's id, an anchor target (`#contact-form`). */
  id?: string;
  onSent?: () => void;
}) {
  const [fields, setFields] = useState<Fields>({ ...empty, subject: defaultSubject });
  const send = useSendMessage();
  const messageId = useId();

  const set = (key: keyof Fields) => (event: { target: { value: string } }) => {
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
      },
      {
        onSuccess: () => {
          setFields({ ...empty, subject: defaultSubject });
          onSent?.();
        },
      },
    );
  };

  return (
    <form id={id} onSubmit={onSubmit} className="scroll-mt-24 space-y-4" aria-busy={send.isPending}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" name="name" autoComplete="name" required value={fields.name} onChange={set('name')} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={fields.email}
          onChange={set('email')}
        />
        {phone && (
          <TextField
            label="Phone (optional)"
            name="phone"
            type="tel"
            autoComplete="tel"
            value={fields.phone}
            onChange={set('phone')}
          />
        )}
        {company && (
          <TextField
            label="Company (optional)"
            name="company"
            autoComplete="organization"
            value={fields.company}
            onChange={set('company')}
          />
        )}
      </div>
      <TextField label="Subject" name="subject" required value={fields.subject} onChange={set('subject')} />
      <div>
        <label htmlFor={messageId} className="mb-1 block text-sm font-medium text-gray-800 dark:text-gray-200">
          Message
        </label>
        <textarea
          id={messageId}
          name="message"
          rows={4}
          required
          value={fields.message}
          onChange={set('message')}
          className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100"
        />
      </div>
      <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto">
        {send.isPending && <Spinner />}
        {send.isPending ? 'Submitting...' : submitLabel}
      </Button>
      <div role="status" className="text-sm">
        {send.isSuccess && successText !== null && (
          <p className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900 dark:border-green-700 dark:bg-green-950 dark:text-green-100">
            {successText}
          </p>
        )}
      </div>
      <div role="alert" className="text-sm">
        {send.isError && (
          <p className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100">
            {/* Anything but a described request failure (an unreadable answer) counts as not sent. */}
            {send.error instanceof RequestError ? send.error.message : messageTexts.networkFailure}
          </p>
        )}
      </div>
    </form>
  );
}
