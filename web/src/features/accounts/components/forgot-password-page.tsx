// The page's English messages, with its code (another language's load with the page: app/router.tsx).
import 'virtual:catalog/en/password';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { RouteMeta } from '@/components/ui/route-meta';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { emailField } from '../lib/auth-schemas';
import { problemText } from '../lib/account-texts';
import { t } from '@/i18n/i18n';
import { Rich } from '@/i18n/rich';

export const forgotPasswordSchema = z.object({ email: emailField() });
type Values = z.infer<typeof forgotPasswordSchema>;

type State = 'idle' | 'submitting' | 'sent' | 'error';

/**
 * Asks for reset instructions (POST /api/password-reset) and waits for the
 * answer: idle → submitting → sent (the same for every address, as the server
 * answers) or error, with the spec's texts (content spec §4, §8).
 */
export function ForgotPasswordPage() {
  const [state, setState] = useState<State>('idle');
  const [sentTo, setSentTo] = useState('');
  // Where focus goes when the view changes: the confirmation, or back to the email field.
  const [focusTarget, setFocusTarget] = useState<'confirmation' | 'email' | null>(null);
  const resetRequest = useRequestPasswordReset();
  const confirmationRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  useEffect(() => {
    if (focusTarget === 'confirmation' && state === 'sent') confirmationRef.current?.focus();
    if (focusTarget === 'email' && state === 'idle') setFocus('email');
  }, [focusTarget, state, setFocus]);

  const tryAnotherEmail = () => {
    reset({ email: '' });
    setState('idle');
    setFocusTarget('email');
  };

  const onSubmit = async ({ email }: Values) => {
    setState('submitting');
    try {
      await resetRequest.mutateAsync({ email });
      setSentTo(email);
      setState('sent');
      setFocusTarget('confirmation');
    } catch {
      setState('error');
    }
  };

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <RouteMeta route="/forgot-password" />
      <Link to="/login" className="inline-flex items-center gap-1 text-sm text-brand-dark underline dark:text-brand-light">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('password.backToLogin')}
      </Link>
      <h1 className="mt-6 text-3xl font-bold">{t('password.forgot.title')}</h1>
      {state === 'sent' ? (
        <div
          ref={confirmationRef}
          tabIndex={-1}
          aria-labelledby="reset-sent-heading"
          className="mt-6 space-y-4 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-brand-dark"
        >
          <h2 id="reset-sent-heading" className="text-xl font-semibold">
            {t('password.forgot.sent.title')}
          </h2>
          <p className="text-gray-700 dark:text-gray-300">
            <Rich id="password.forgot.sent.text" values={{ email: sentTo }} parts={[<strong className="break-all" />]} />
          </p>
          <Button variant="secondary" onClick={tryAnotherEmail}>
            {t('password.forgot.tryAnother')}
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-2 text-gray-700 dark:text-gray-300">
            {t('password.forgot.intro')}
          </p>
          <form className="mt-8 space-y-5" noValidate onSubmit={handleSubmit(onSubmit)}>
            {state === 'error' && (
              <Alert title={t('password.forgot.errorTitle')}>{t('password.forgot.errorText')}</Alert>
            )}
            <TextField
              label={t('account.email')}
              type="email"
              autoComplete="email"
              error={problemText(errors.email?.message)}
              {...register('email')}
            />
            <Button type="submit" className="w-full" disabled={state === 'submitting'}>
              {state === 'submitting' && <Spinner />}
              {state === 'submitting' ? t('password.forgot.sending') : t('password.forgot.submit')}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
