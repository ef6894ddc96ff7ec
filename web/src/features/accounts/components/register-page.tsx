import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { PageMeta } from '@/components/ui/page-meta';
import { LoadingMessage } from '@/components/ui/spinner';
import { limits } from '@/config/site';
import { RequestError } from '@/lib/api-client';
import type { User } from '@/lib/api-types';
import { useUser } from '@/lib/auth/get-user';
import { welcomeName } from '@/lib/error-catalogue';
import { useRegister } from '../api/register';
import { registerSchema } from '../lib/auth-schemas';
import { RegisterForm } from './register-form';
import { roleHome } from '../lib/role-home';

/**
 * /register: the registration form; while registration cannot be reached, the
 * waitlist form under it (`waitlistForm`, intake's, given by app/register-route.tsx).
 */
export function RegisterPage({ waitlistForm }: { waitlistForm: ReactNode }) {
  const navigate = useNavigate();
  const { data: user, isPending: checking } = useUser();
  const [registered, setRegistered] = useState<User | null>(null);
  const registration = useRegister({ onSuccess: setRegistered });

  useEffect(() => {
    if (!registered) return;
    const timer = window.setTimeout(
      () => navigate('/dashboard', { replace: true }),
      limits.registerRedirectDelayMs,
    );
    return () => window.clearTimeout(timer);
  }, [registered, navigate]);

  if (checking) return <LoadingMessage>Checking your session...</LoadingMessage>;
  if (user && !registered && !registration.isPending) return <Navigate to={roleHome(user)} replace />;

  // The network failure's text sends visitors to the waitlist: offer it when
  // registration cannot be reached (no answer, or no account service behind it).
  const unreachable =
    registration.error instanceof RequestError &&
    (registration.error.failure.kind === 'network' || [502, 503, 504].includes(registration.error.status ?? 0));

  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <PageMeta
        title="Create Account | Nyota Cloud"
        description="Create your Nyota Cloud account."
        keywords="register, sign up, create account"
      />
      <h1 className="text-3xl font-bold">Create Account</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-brand-dark underline dark:text-brand-light">
          Sign In
        </Link>
      </p>

      {registered ? (
        <div className="mt-8">
          <Alert title="Registration Successful!" variant="success">
            Welcome {welcomeName(registered)}! You are now registered. Redirecting to
            dashboard...
          </Alert>
        </div>
      ) : (
        <RegisterForm
          registration={registration}
          schema={registerSchema}
          loginHref="/login"
          emailLabel="Email Address"
          passwordPlaceholder="Password (min 6 characters)"
          className="mt-8 space-y-5"
        />
      )}
      {unreachable && (
        <div className="mt-8">
          {waitlistForm}
        </div>
      )}
    </section>
  );
}
