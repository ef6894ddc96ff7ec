import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
// The page's English messages, with its code (another language's load with the page: app/router.tsx).
import 'virtual:catalog/en/login';
import { RouteMeta } from '@/components/ui/route-meta';
import { LoadingMessage } from '@/components/ui/spinner';
import { signInLanguage } from '@/lib/auth/account-language';
import { useUser } from '@/lib/auth/get-user';
import { localeNames } from '@/i18n/locales';
import { useLogin } from '../api/login';
import { loginSchema } from '../lib/auth-schemas';
import { LoginForm } from './login-form';
import { afterSignIn } from '../lib/role-home';
import { t } from '@/i18n/i18n';
import { Rich } from '@/i18n/rich';

export function LoginPage() {
  const navigate = useNavigate();
  // Set by the admin guard: the page a signed-out visitor opened (only a path on this site is followed).
  const next = useSearchParams()[0].get('next');
  const { data: user, isPending: checking } = useUser();
  // Set when the account's language is another than this page's: the site loads again in it.
  const [reloading, setReloading] = useState<keyof typeof localeNames | null>(null);
  const login = useLogin({
    onSuccess: (signedIn) => {
      const destination = afterSignIn(signedIn, next);
      const elsewhere = signInLanguage(signedIn, destination);
      if (elsewhere && signedIn.language) {
        setReloading(signedIn.language);
        window.location.replace(elsewhere);
      } else {
        void navigate(destination, { replace: true });
      }
    },
  });

  if (reloading) return <LoadingMessage>{t('account.openingInLanguage', { language: localeNames[reloading] })}</LoadingMessage>;
  if (checking) return <LoadingMessage>{t('account.checkingSession')}</LoadingMessage>;
  if (user && !login.isPending) return <Navigate to={afterSignIn(user, next)} replace />;

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <RouteMeta route="/login" />
      <h1 className="text-3xl font-bold">{t('login.title')}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{t('login.intro')}</p>

      <LoginForm login={login} schema={loginSchema} className="mt-8 space-y-5" />
      <p className="mt-6 text-center text-sm text-gray-700 dark:text-gray-300">
        <Rich
          id="login.noAccount"
          parts={[<Link to="/register" className="font-semibold text-brand-dark underline dark:text-brand-light" />]}
        />
      </p>
    </section>
  );
}
