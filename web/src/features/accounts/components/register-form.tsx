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
        <Alert title="Registration Failed">
          <p>{failure.text}</p>
          {failure.alreadyRegistered && (
            <Link to={loginHref} className={buttonClass('secondary', 'mt-3')}>
              Log in instead
            </Link>
          )}
        </Alert>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id={id('first-name')} label="First Name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField id={id('last-name')} label="Last Name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <TextField id={id('register-email')} label={emailLabel} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField id={id('phone')} label="Phone Number" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
      <TextField
        id={id('register-password')}
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder={passwordPlaceholder}
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        id={id('confirm-password')}
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      {note}
      <Button type="submit" className="w-full" disabled={registration.isPending}>
        {registration.isPending && <Spinner />}
        {registration.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
