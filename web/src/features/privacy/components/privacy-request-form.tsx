// The form's English messages (another language's load with the page: router.tsx).
import 'virtual:catalog/en/privacy';
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
import { t } from '@/i18n/i18n';
import { isValidEmail } from '@/lib/email';
import { RequestError } from '@/lib/api-client';
import { useConfirmPrivacyRequest } from '../api/confirm-privacy-request';
import { privacyFailureText, useSubmitPrivacyRequest } from '../api/submit-privacy-request';

/** The kinds of request, each with its catalogue texts (read when shown, in the page's language). */
const kinds: { value: PrivacyRequestKind; label: () => string; hint: () => string }[] = [
  { value: 'access', label: () => t('privacy.request.access.label'), hint: () => t('privacy.request.access.hint') },
  {
    value: 'correction',
    label: () => t('privacy.request.correction.label'),
    hint: () => t('privacy.request.correction.hint'),
  },
  { value: 'erasure', label: () => t('privacy.request.erasure.label'), hint: () => t('privacy.request.erasure.hint') },
];

/** The form's rules; made when the form is, so its messages are in the page's language. */
function requestSchema() {
  return z.object({
    email: z.string().trim().refine(isValidEmail, t('privacy.request.invalidEmail')),
    kind: z.enum(['access', 'correction', 'erasure'], { message: t('privacy.request.chooseKind') }),
    details: z.string().max(2000, t('privacy.request.detailsTooLong')),
  });
}
type Values = z.infer<ReturnType<typeof requestSchema>>;

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
      ? privacyFailureText(confirm.error.failure)
      : null;
  return (
    <div className="rounded-md border border-gray-300 bg-white p-4 dark:border-gray-600 dark:bg-gray-800">
      <p className="font-semibold text-gray-900 dark:text-white">{t('privacy.request.confirm.title')}</p>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t('privacy.request.confirm.text')}</p>
      <Button onClick={act} disabled={confirm.isPending} className="mt-3 min-h-11">
        {confirm.isPending ? t('privacy.request.confirm.pending') : t('privacy.request.confirm.button')}
      </Button>
      {failure && (
        <div className="mt-3">
          <Alert title={failure}>{t('privacy.request.confirm.stillWorks')}</Alert>
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
          <Alert title={t('privacy.request.invalidLink.title')}>{t('privacy.request.invalidLink.text')}</Alert>
        )}
      </div>
    );
  }
  if (outcome === 'confirmed') {
    return (
      <div ref={ref} role="status" className="rounded-md border border-green-700 bg-green-50 p-4 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100">
        <p className="font-semibold">{t('privacy.request.confirmed.title')}</p>
        <p className="mt-1 text-sm">{t('privacy.request.confirmed.text')}</p>
      </div>
    );
  }
  if (outcome === 'invalid') {
    return (
      <div ref={ref}>
        <Alert title={t('privacy.request.invalidLink.title')}>{t('privacy.request.invalidLink.text')}</Alert>
      </div>
    );
  }
  return null;
}

/**
 * The data subject request form of /privacy: email, kind, details, in the
 * page's language (sent with the request: its emails are written in it).
 * The server answers the same for every address and emails a confirmation
 * link; nothing happens until the person opens it. `emailEnabled` is the
 * site's email status: when it sends none, the answer promises no link.
 */
export function PrivacyRequestForm({ emailEnabled }: { emailEnabled?: boolean }) {
  const submit = useSubmitPrivacyRequest();
  const [asked, setAsked] = useState(false);
  const [schema] = useState(requestSchema);
  // The answer replaces the taller form: bring it into view, or a phone is
  // left looking at the footer.
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asked) answer.current?.scrollIntoView({ block: 'center' });
  }, [asked]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '', details: '' } });

  const onSubmit = async (values: Values) => {
    const accepted = await submit.mutateAsync(values).catch(() => null);
    if (accepted) setAsked(true);
  };

  return (
    <section
      id="privacy-request"
      aria-labelledby="privacy-request-heading"
      className="mt-12 scroll-mt-24 rounded-xl border border-gray-200 bg-gray-50 p-6 dark:border-gray-700 dark:bg-gray-800"
    >
      <h2 id="privacy-request-heading" className="text-2xl font-bold text-gray-900 dark:text-white">
        {t('privacy.request.title')}
      </h2>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{t('privacy.request.intro')}</p>
      <div className="mt-4">
        <LinkOutcome />
      </div>
      {asked ? (
        <div ref={answer} role="status" className="mt-6 rounded-md border border-gray-300 bg-white p-4 text-gray-900 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100">
          <p>{emailEnabled === false ? t('privacy.request.askedEmailOff') : t('privacy.request.asked')}</p>
          <Button variant="secondary" className="mt-3" onClick={() => setAsked(false)}>
            {t('privacy.request.again')}
          </Button>
        </div>
      ) : (
        <form className="mt-6 space-y-5" noValidate onSubmit={handleSubmit(onSubmit)}>
          {submit.isError && <Alert title={t('privacy.request.error')}>{submit.error.message}</Alert>}
          <TextField
            label={t('privacy.request.email')}
            type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <fieldset>
            <legend className="mb-2 block text-sm font-medium text-gray-800 dark:text-gray-200">
              {t('privacy.request.kind')}
            </legend>
            <div className="grid gap-3 sm:grid-cols-3">
              {kinds.map((kind) => (
                <label
                  key={kind.value}
                  className="flex cursor-pointer items-start gap-2 rounded-md border border-gray-300 bg-white p-3 text-sm has-[:checked]:border-brand-dark dark:border-gray-600 dark:bg-gray-900 dark:has-[:checked]:border-brand-light"
                >
                  <input type="radio" value={kind.value} className="mt-1" {...register('kind')} />
                  <span>
                    <span className="block font-semibold text-gray-900 dark:text-white">{kind.label()}</span>
                    <span className="text-gray-700 dark:text-gray-300">{kind.hint()}</span>
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
              {t('privacy.request.details')}
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
            {submit.isPending ? t('privacy.request.sending') : t('privacy.request.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}
