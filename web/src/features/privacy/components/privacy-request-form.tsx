import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import type { PrivacyRequestKind } from '@/api-types/PrivacyRequestKind';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { invalidEmailMessage, isValidEmail } from '@/lib/email';
import { RequestError } from '@/lib/api-client';
import { readFailureMessage } from '@/lib/error-catalogue';
import { useConfirmPrivacyRequest } from '../api/confirm-privacy-request';
import { useSubmitPrivacyRequest } from '../api/submit-privacy-request';

const kinds: { value: PrivacyRequestKind; label: string; hint: string }[] = [
  { value: 'access', label: 'Access', hint: 'A copy of the data we hold about you, as one download.' },
  { value: 'correction', label: 'Correction', hint: 'Your name, email or phone on record corrected.' },
  { value: 'erasure', label: 'Erasure', hint: 'Your data deleted, and your chats anonymised.' },
];

const schema = z.object({
  email: z.string().trim().refine(isValidEmail, invalidEmailMessage),
  kind: z.enum(['access', 'correction', 'erasure'], { message: 'Please choose the kind of request' }),
  details: z.string().max(2000, 'Details must be at most 2000 characters'),
});
type Values = z.infer<typeof schema>;

/**
 * Where the emailed confirmation link leads (`/privacy?request=confirm&token=…`):
 * opening it changed nothing; this button confirms. Then the page reads
 * `?request=confirmed`, or `invalid` for a bad or stale link.
 */
function ConfirmRequest({ token }: { token: string }) {
  const [, setParams] = useSearchParams();
  const confirm = useConfirmPrivacyRequest();
  const act = () =>
    confirm.mutate(
      { token },
      {
        onSuccess: () => setParams({ request: 'confirmed' }, { replace: true }),
        onError: (error) => {
          if (error instanceof RequestError && error.status === 400) setParams({ request: 'invalid' }, { replace: true });
        },
      },
    );
  const failure =
    confirm.error instanceof RequestError && confirm.error.status !== 400
      ? readFailureMessage(confirm.error.failure)
      : null;
  return (
    <div className="rounded-md border border-gray-300 bg-white p-4 dark:border-gray-600 dark:bg-gray-800">
      <p className="font-semibold text-gray-900 dark:text-white">Confirm your privacy request</p>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
        Press the button to confirm that this address is yours and that you made this request. Nothing happens until
        you do.
      </p>
      <Button onClick={act} disabled={confirm.isPending} className="mt-3 min-h-11">
        {confirm.isPending ? 'Confirming...' : 'Confirm my request'}
      </Button>
      {failure && (
        <div className="mt-3">
          <Alert title={failure}>Your link still works.</Alert>
        </div>
      )}
    </div>
  );
}

/** What the confirmation link leads to (`/privacy?request=…`). */
function LinkOutcome() {
  const [params] = useSearchParams();
  const outcome = params.get('request');
  const token = params.get('token');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) ref.current?.scrollIntoView({ block: 'center' });
  }, [outcome]);
  if (outcome === 'confirm') {
    return (
      <div ref={ref}>
        {token ? (
          <ConfirmRequest token={token} />
        ) : (
          <Alert title="This confirmation link is not valid or has expired.">Please send your request again.</Alert>
        )}
      </div>
    );
  }
  if (outcome === 'confirmed') {
    return (
      <div ref={ref} role="status" className="rounded-md border border-green-700 bg-green-50 p-4 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100">
        <p className="font-semibold">Your request is confirmed.</p>
        <p className="mt-1 text-sm">
          We will acknowledge it within 72 hours, respond within 10 business days and complete it within 30 days.
        </p>
      </div>
    );
  }
  if (outcome === 'invalid') {
    return (
      <div ref={ref}>
        <Alert title="This confirmation link is not valid or has expired.">Please send your request again.</Alert>
      </div>
    );
  }
  return null;
}

/**
 * The data subject request form of /privacy: email, kind, details. The
 * server answers the same for every address and emails a confirmation link;
 * nothing happens until the person opens it.
 */
export function PrivacyRequestForm() {
  const submit = useSubmitPrivacyRequest();
  const [answer, setAnswer] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '', details: '' } });

  const onSubmit = async (values: Values) => {
    const accepted = await submit.mutateAsync(values).catch(() => null);
    if (accepted) setAnswer(accepted.message);
  };

  return (
    <section
      id="privacy-request"
      aria-labelledby="privacy-request-heading"
      className="mt-12 scroll-mt-24 rounded-xl border border-gray-200 bg-gray-50 p-6 dark:border-gray-700 dark:bg-gray-800"
    >
      <h2 id="privacy-request-heading" className="text-2xl font-bold text-gray-900 dark:text-white">
        Make a privacy request
      </h2>
      <p className="mt-2 text-gray-700 dark:text-gray-300">
        Ask for a copy of your data, a correction, or its erasure. We email a link to confirm the address is yours;
        we acknowledge a confirmed request within 72 hours, respond within 10 business days and complete it within 30
        days.
      </p>
      <div className="mt-4">
        <LinkOutcome />
      </div>
      {answer ? (
        <div role="status" className="mt-6 rounded-md border border-gray-300 bg-white p-4 text-gray-900 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100">
          <p>{answer}</p>
          <Button variant="secondary" className="mt-3" onClick={() => setAnswer(null)}>
            Make another request
          </Button>
        </div>
      ) : (
        <form className="mt-6 space-y-5" noValidate onSubmit={handleSubmit(onSubmit)}>
          {submit.isError && <Alert title="Error">{submit.error.message}</Alert>}
          <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <fieldset>
            <legend className="mb-2 block text-sm font-medium text-gray-800 dark:text-gray-200">Request</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              {kinds.map((kind) => (
                <label
                  key={kind.value}
                  className="flex cursor-pointer gap-2 rounded-md border border-gray-300 bg-white p-3 text-sm has-[:checked]:border-brand-dark dark:border-gray-600 dark:bg-gray-900 dark:has-[:checked]:border-brand-light"
                >
                  <input type="radio" value={kind.value} className="mt-1" {...register('kind')} />
                  <span>
                    <span className="block font-semibold text-gray-900 dark:text-white">{kind.label}</span>
                    <span className="text-gray-700 dark:text-gray-300">{kind.hint}</span>
                  </span>
                </label>
              ))}
            </div>
            {errors.kind && (
              <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
                {errors.kind.message}
              </p>
            )}
          </fieldset>
          <div>
            <label htmlFor="privacy-details" className="mb-1 block text-sm font-medium text-gray-800 dark:text-gray-200">
              Details (optional)
            </label>
            <textarea
              id="privacy-details"
              rows={4}
              aria-invalid={errors.details ? true : undefined}
              className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100"
              {...register('details')}
            />
            {errors.details && (
              <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
                {errors.details.message}
              </p>
            )}
          </div>
          <Button type="submit" disabled={submit.isPending}>
            {submit.isPending && <Spinner />}
            {submit.isPending ? 'Sending...' : 'Send request'}
          </Button>
        </form>
      )}
    </section>
  );
}
