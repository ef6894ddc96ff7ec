import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import type { LoginRequest } from '@/lib/api-types';
import { isSecondFactorChallenge, type LoginResult } from '../api/login';
import type { LoginValues } from '../lib/auth-schemas';
import { SecondFactorStep } from './second-factor-step';
import { problemText } from '../lib/account-texts';
import { t } from '@/i18n/i18n';

/**
 * The login form of /login and of the Login tab of /auth. Each page brings its
 * own rules (`schema`) and the login mutation, whose state it also reads;
 * `idPrefix` names the fields where two forms can share a page. A right password for an
 * account with a second factor leads to the code step instead.
 */
export function LoginForm({
  login,
  schema,
  idPrefix,
  className,
}: {
  login: UseMutationResult<LoginResult, Error, LoginRequest>;
  schema: z.ZodType<LoginValues, z.ZodTypeDef, LoginValues>;
  idPrefix?: string;
  className: string;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });
  const id = (name: string) => (idPrefix ? `${idPrefix}-${name}` : undefined);
  if (isSecondFactorChallenge(login.data)) {
    return (
      <div className={className}>
        <SecondFactorStep idPrefix={idPrefix} methods={login.data.methods} onCancel={() => login.reset()} />
      </div>
    );
  }
  return (
    <form className={className} noValidate onSubmit={handleSubmit((values) => login.mutate(values))}>
      {login.isError && <Alert title={t('account.login.failed')}>{problemText(login.error.message)}</Alert>}
      <TextField id={id('login-email')} label={t('account.email')} type="email" autoComplete="email" error={problemText(errors.email?.message)} {...register('email')} />
      <TextField
        id={id('login-password')}
        label={t('account.password')}
        type="password"
        autoComplete="current-password"
        error={problemText(errors.password?.message)}
        {...register('password')}
      />
      <div className="text-right text-sm">
        <Link to="/forgot-password" className="text-brand-dark underline dark:text-brand-light">
          {t('account.login.forgot')}
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending && <Spinner />}
        {login.isPending ? t('account.login.signingIn') : t('account.login.submit')}
      </Button>
    </form>
  );
}
