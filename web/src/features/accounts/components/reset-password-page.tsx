import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { PageMeta } from '@/components/ui/page-meta';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { RequestError } from '@/lib/api-client';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { resetPasswordSchema, type ResetPasswordValues } from '../lib/auth-schemas';

/** The server's words for a link that is unknown, used or expired (and the page's for a missing one). */
export const invalidLinkText = 'This reset link is invalid or has expired. Please request a new one.';

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

  const linkRefused = reset.error instanceof RequestError && reset.error.status === 400 && reset.error.message === invalidLinkText;

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <PageMeta
        title="Reset Password | Nyota Cloud"
        description="Choose a new password for your Nyota Cloud account."
        keywords="reset password, new password"
      />
      <Link to="/login" className="inline-flex items-center gap-1 text-sm text-brand-dark underline dark:text-brand-light">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to login
      </Link>
      <h1 className="mt-6 text-3xl font-bold">{invite ? 'Set your password' : 'Choose a new password'}</h1>
      {reset.isSuccess ? (
        <div ref={outcomeRef} tabIndex={-1} className="mt-6 space-y-4 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-brand-dark">
          {invite ? (
            <Alert title="Password set" variant="success">
              Welcome to the team. You can now sign in with your email address and this password.
            </Alert>
          ) : (
            <Alert title="Password reset" variant="success">
              {reset.data.message} For your security, you have been signed out everywhere.
            </Alert>
          )}
          <Link to="/login" className={buttonClass('primary')}>
            Sign in
          </Link>
        </div>
      ) : !token || linkRefused ? (
        <div className="mt-6 space-y-4">
          {invite ? (
            <Alert title="Link not valid">
              This invitation link is invalid, used or older than 48 hours. Please ask your administrator to invite you again.
            </Alert>
          ) : (
            <>
              <Alert title="Link not valid">{invalidLinkText}</Alert>
              <Link to="/forgot-password" className={buttonClass('secondary')}>
                Request a new link
              </Link>
            </>
          )}
        </div>
      ) : (
        <>
          <p className="mt-2 text-gray-700 dark:text-gray-300">
            {invite
              ? 'Welcome to the Nyota Cloud support team. Choose the password you will sign in with. It must be at least 6 characters.'
              : 'Enter a new password for your account. It must be at least 6 characters.'}
          </p>
          <form
            className="mt-8 space-y-5"
            noValidate
            onSubmit={handleSubmit(({ password }) => reset.mutate({ token, password }))}
          >
            {reset.isError && <Alert title={invite ? 'Password not set' : 'Password not reset'}>{reset.error.message}</Alert>}
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <TextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
            <Button type="submit" className="w-full" disabled={reset.isPending}>
              {reset.isPending && <Spinner />}
              {invite
                ? reset.isPending
                  ? 'Setting password...'
                  : 'Set password'
                : reset.isPending
                  ? 'Resetting password...'
                  : 'Reset password'}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
