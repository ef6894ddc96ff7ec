import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
// The page's English messages, with its code (another language's load with the page: app/router.tsx).
import 'virtual:catalog/en/register';
import { RouteMeta } from '@/components/ui/route-meta';
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
import { t } from '@/i18n/i18n';
import { Rich } from '@/i18n/rich';

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

  if (checking) return <LoadingMessage>{t('account.checkingSession')}</LoadingMessage>;
  if (user && !registered && !registration.isPending) return <Navigate to={roleHome(user)} replace />;

  // The network failure's text sends visitors to the waitlist: offer it when
  // registration cannot be reached (no answer, or no account service behind it).
  const unreachable =
    registration.error instanceof RequestError &&
    (registration.error.failure.kind === 'network' || [502, 503, 504].includes(registration.error.status ?? 0));

  return (
    <section className="mx-auto max-w-lg px-4 py-16">
      <RouteMeta route="/register" />
      <h1 className="text-3xl font-bold">{t('register.title')}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">
        <Rich
          id="register.haveAccount"
          parts={[<Link to="/login" className="font-semibold text-brand-dark underline dark:text-brand-light" />]}
        />
      </p>

      {registered ? (
        <div className="mt-8">
          <Alert title={t('register.success.title')} variant="success">
            {t('register.success.text', { name: welcomeName(registered) })}
          </Alert>
        </div>
      ) : (
        <RegisterForm
          registration={registration}
          schema={registerSchema}
          loginHref="/login"
          emailLabel={t('register.emailLabel')}
          passwordPlaceholder={t('register.passwordPlaceholder')}
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
