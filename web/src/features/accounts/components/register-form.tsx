import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import type { RegisterRequest, User } from '@/lib/api-types';
import { registerPageMessage } from '@/lib/error-catalogue';
import { registrationPayload, type RegisterValues } from '../lib/auth-schemas';
import { problemText } from '../lib/account-texts';
import { t } from '@/i18n/i18n';

/**
 * The registration form of /register and of the Register tab of /auth. Each
 * page brings its own rules (`schema`), the registration mutation (whose state
 * it also reads) and its own words: where "Log in instead" goes, the email
 * label, the password placeholder and a note above the button.
 */
export function RegisterForm({
  registration,
  schema,
  loginHref,
  emailLabel,
  passwordPlaceholder,
  note,
  idPrefix,
  className,
}: {
  registration: UseMutationResult<User, Error, RegisterRequest>;
  schema: z.ZodType<RegisterValues, z.ZodTypeDef, RegisterValues>;
  loginHref: string;
  emailLabel: string;
  passwordPlaceholder?: string;
  note?: ReactNode;
  idPrefix?: string;
  className: string;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterValues>({
    resolver: zodResolver(schema),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' },
  });
  const id = (name: string) => (idPrefix ? `${idPrefix}-${name}` : undefined);
  const failure = registration.isError ? registerPageMessage(registration.error.message) : null;
  return (
    <form className={className} noValidate onSubmit={handleSubmit((values) => registration.mutate(registrationPayload(values)))}>
      {failure && (
        <Alert title={t('account.register.failed')}>
          <p>{problemText(failure.text)}</p>
          {failure.alreadyRegistered && (
            <Link to={loginHref} className={buttonClass('secondary', 'mt-3')}>
              {t('account.register.logInInstead')}
            </Link>
          )}
        </Alert>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id={id('first-name')} label={t('account.register.firstName')} autoComplete="given-name" error={problemText(errors.firstName?.message)} {...register('firstName')} />
        <TextField id={id('last-name')} label={t('account.register.lastName')} autoComplete="family-name" error={problemText(errors.lastName?.message)} {...register('lastName')} />
      </div>
      <TextField id={id('register-email')} label={emailLabel} type="email" autoComplete="email" error={problemText(errors.email?.message)} {...register('email')} />
      <TextField id={id('phone')} label={t('account.register.phone')} type="tel" autoComplete="tel" error={problemText(errors.phone?.message)} {...register('phone')} />
      <TextField
        id={id('register-password')}
        label={t('account.password')}
        type="password"
        autoComplete="new-password"
        placeholder={passwordPlaceholder}
        error={problemText(errors.password?.message)}
        {...register('password')}
      />
      <TextField
        id={id('confirm-password')}
        label={t('account.register.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={problemText(errors.confirmPassword?.message)}
        {...register('confirmPassword')}
      />
      {note}
      <Button type="submit" className="w-full" disabled={registration.isPending}>
        {registration.isPending && <Spinner />}
        {registration.isPending ? t('account.register.creating') : t('account.register.submit')}
      </Button>
    </form>
  );
}
