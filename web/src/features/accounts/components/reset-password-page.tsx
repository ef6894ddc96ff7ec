// The page's English messages, with its code (another language's load with the page: app/router.tsx).
import 'virtual:catalog/en/password';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { RouteMeta } from '@/components/ui/route-meta';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { refusalField } from '@/lib/api-client';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { resetPasswordSchema, type ResetPasswordValues } from '../lib/auth-schemas';
import { problemText } from '../lib/account-texts';
import { t } from '@/i18n/i18n';

/**
 * /reset-password?token=…: the page a reset email links to. A new password
 * (at least 6 characters, the registration rule) typed twice is sent with
 * the link's token; on success the visitor is told every earlier sign-in
 * ended and is offered the sign-in page. A bad link offers a new one.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  // An invitation to the support team links here too, to choose a first password.
  const invite = params.get('invite') === '1';
  const reset = useConfirmPasswordReset();
  const outcomeRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (reset.isSuccess) outcomeRef.current?.focus();
  }, [reset.isSuccess]);

  // The server refuses an unknown, used or expired link as a problem with the token.
  const linkRefused = refusalField(reset.error) === 'token';

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <RouteMeta route="/reset-password" />
      <Link to="/login" className="inline-flex items-center gap-1 text-sm text-brand-dark underline dark:text-brand-light">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('password.backToLogin')}
      </Link>
      <h1 className="mt-6 text-3xl font-bold">{invite ? t('password.invite.title') : t('password.reset.title')}</h1>
      {reset.isSuccess ? (
        <div ref={outcomeRef} tabIndex={-1} className="mt-6 space-y-4 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-brand-dark">
          {invite ? (
            <Alert title={t('password.invite.doneTitle')} variant="success">
              {t('password.invite.done')}
            </Alert>
          ) : (
            <Alert title={t('password.reset.doneTitle')} variant="success">
              {t('password.reset.signedOut', { message: reset.data.message })}
            </Alert>
          )}
          <Link to="/login" className={buttonClass('primary')}>
            {t('password.signIn')}
          </Link>
        </div>
      ) : !token || linkRefused ? (
        <div className="mt-6 space-y-4">
          {invite ? (
            <Alert title={t('password.linkNotValid')}>{t('password.invite.invalidLink')}</Alert>
          ) : (
            <>
              <Alert title={t('password.linkNotValid')}>
                {linkRefused ? reset.error?.message : t('password.reset.invalidLink')}
              </Alert>
              <Link to="/forgot-password" className={buttonClass('secondary')}>
                {t('password.reset.requestNew')}
              </Link>
            </>
          )}
        </div>
      ) : (
        <>
          <p className="mt-2 text-gray-700 dark:text-gray-300">
            {invite ? t('password.invite.intro') : t('password.reset.intro')}
          </p>
          <form
            className="mt-8 space-y-5"
            noValidate
            onSubmit={handleSubmit(({ password }) => reset.mutate({ token, password }))}
          >
            {reset.isError && (
              <Alert title={invite ? t('password.invite.failed') : t('password.reset.failed')}>
                {problemText(reset.error.message)}
              </Alert>
            )}
            <TextField
              label={t('password.newPassword')}
              type="password"
              autoComplete="new-password"
              error={problemText(errors.password?.message)}
              {...register('password')}
            />
            <TextField
              label={t('password.confirmNewPassword')}
              type="password"
              autoComplete="new-password"
              error={problemText(errors.confirmPassword?.message)}
              {...register('confirmPassword')}
            />
            <Button type="submit" className="w-full" disabled={reset.isPending}>
              {reset.isPending && <Spinner />}
              {invite
                ? reset.isPending
                  ? t('password.invite.submitting')
                  : t('password.invite.submit')
                : reset.isPending
                  ? t('password.reset.submitting')
                  : t('password.reset.submit')}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
