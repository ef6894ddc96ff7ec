// The page's English messages, with its code (another language's load with the page: app/router.tsx).
import 'virtual:catalog/en/auth';
import { Building2, Leaf, TrendingUp } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { cn } from '@/lib/cn';
import { PageMeta } from '@/components/ui/page-meta';
import { LoadingMessage } from '@/components/ui/spinner';
import { useUser } from '@/lib/auth/get-user';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { authLoginSchema, authRegisterSchema } from '../lib/auth-schemas';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { t } from '@/i18n/i18n';
import { Rich } from '@/i18n/rich';

type Tab = 'login' | 'register';

/** The investment pitch, in the page's language. */
const pitch = () => [
  { Icon: Building2, title: t('auth.pitch.dataCenters.title'), text: t('auth.pitch.dataCenters.text') },
  { Icon: TrendingUp, title: t('auth.pitch.returns.title'), text: t('auth.pitch.returns.text') },
  { Icon: Leaf, title: t('auth.pitch.impact.title'), text: t('auth.pitch.impact.text') },
];

/** The Login tab: the combined page's rules, and its own field ids. */
function LoginTab() {
  const login = useLogin();
  return <LoginForm login={login} schema={authLoginSchema} idPrefix="auth" className="space-y-5" />;
}

/** The Register tab: the combined page's rules and words, and its own field ids. */
function RegisterTab() {
  const registration = useRegister();
  return (
    <RegisterForm
      registration={registration}
      schema={authRegisterSchema}
      loginHref="/auth?tab=login"
      emailLabel={t('account.email')}
      idPrefix="auth"
      className="space-y-5"
      note={
        <p className="text-sm text-gray-700 dark:text-gray-300">
          <Rich
            id="auth.terms"
            parts={[
              <Link to="/terms" className="text-brand-dark underline dark:text-brand-light" />,
              <Link to="/privacy" className="text-brand-dark underline dark:text-brand-light" />,
            ]}
          />
        </p>
      }
    />
  );
}

/** The combined login / register page with the investment pitch. */
export function AuthPage() {
  const { data: user, isPending } = useUser();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'register' ? 'register' : 'login';
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ login: null, register: null });

  if (isPending) return <LoadingMessage>{t('account.checkingSession')}</LoadingMessage>;
  if (user) return <Navigate to="/dashboard" replace />;

  const select = (next: Tab) => setParams({ tab: next }, { replace: true });
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next: Tab = tab === 'login' ? 'register' : 'login';
    select(next);
    tabs.current[next]?.focus();
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-12 px-4 py-16 md:grid-cols-2 lg:px-8">
      <PageMeta
        title={tab === 'login' ? t('auth.meta.loginTitle') : t('auth.meta.registerTitle')}
        description={t('auth.meta.description')}
        keywords={t('auth.meta.keywords')}
      />
      <section>
        <h1 className="text-3xl font-bold">{tab === 'login' ? t('auth.title.login') : t('auth.title.register')}</h1>
        <div role="tablist" aria-label={t('auth.tabs.label')} className="mt-6 grid grid-cols-2 rounded-md bg-gray-100 p-1 dark:bg-gray-800">
          {(['login', 'register'] as const).map((value) => (
            <button
              key={value}
              ref={(el) => {
                tabs.current[value] = el;
              }}
              id={`tab-${value}`}
              type="button"
              role="tab"
              aria-selected={tab === value}
              aria-controls={`panel-${value}`}
              tabIndex={tab === value ? 0 : -1}
              onClick={() => select(value)}
              onKeyDown={onTabKey}
              className={cn(
                'rounded px-3 py-2 text-sm font-semibold',
                tab === value
                  ? 'bg-white text-gray-900 shadow dark:bg-gray-900 dark:text-white'
                  : 'text-gray-700 dark:text-gray-300',
              )}
            >
              {value === 'login' ? t('auth.tabs.login') : t('auth.tabs.register')}
            </button>
          ))}
        </div>
        <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} className="mt-6">
          {tab === 'login' ? <LoginTab /> : <RegisterTab />}
        </div>
      </section>
      <aside aria-labelledby="invest-heading" className="hidden rounded-2xl bg-gray-900 p-8 text-white md:block dark:bg-gray-800">
        <h2 id="invest-heading" className="text-2xl font-bold">
          {t('auth.invest.title')}
        </h2>
        <p className="mt-3 text-gray-200">
          {t('auth.invest.text')}
        </p>
        <ul className="mt-8 space-y-6">
          {pitch().map(({ Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <Icon className="h-6 w-6 flex-none text-pink-300" aria-hidden="true" />
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-gray-200">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
