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

type Tab = 'login' | 'register';

const pitch = [
  {
    Icon: Building2,
    title: 'Data Centers & Cloud Infrastructure',
    text: 'Back the Tier-3 data centers and cloud platforms that African businesses run on.',
  },
  {
    Icon: TrendingUp,
    title: 'High Return Opportunities',
    text: 'Demand for local cloud capacity is growing fast across the continent.',
  },
  {
    Icon: Leaf,
    title: 'Sustainable Impact',
    text: 'Infrastructure that brings affordable, reliable digital services to SMEs.',
  },
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
      emailLabel="Email"
      idPrefix="auth"
      className="space-y-5"
      note={
        <p className="text-sm text-gray-700 dark:text-gray-300">
          By creating an account you agree to our{' '}
          <Link to="/terms" className="text-brand-dark underline dark:text-brand-light">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy" className="text-brand-dark underline dark:text-brand-light">
            Privacy Policy
          </Link>
          .
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

  if (isPending) return <LoadingMessage>Checking your session...</LoadingMessage>;
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
        title={tab === 'login' ? 'Log In | Nyota Cloud' : 'Create Account | Nyota Cloud'}
        description="Sign in or create your Nyota Cloud account, and discover investment in digital infrastructure across Africa."
        keywords="login, register, account, invest in African digital infrastructure"
      />
      <section>
        <h1 className="text-3xl font-bold">{tab === 'login' ? 'Welcome Back' : 'Create Account'}</h1>
        <div role="tablist" aria-label="Account" className="mt-6 grid grid-cols-2 rounded-md bg-gray-100 p-1 dark:bg-gray-800">
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
              {value === 'login' ? 'Login' : 'Register'}
            </button>
          ))}
        </div>
        <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} className="mt-6">
          {tab === 'login' ? <LoginTab /> : <RegisterTab />}
        </div>
      </section>
      <aside aria-labelledby="invest-heading" className="hidden rounded-2xl bg-gray-900 p-8 text-white md:block dark:bg-gray-800">
        <h2 id="invest-heading" className="text-2xl font-bold">
          Invest in Africa's digital future
        </h2>
        <p className="mt-3 text-gray-200">
          Create an account to follow and back digital infrastructure projects across Africa.
        </p>
        <ul className="mt-8 space-y-6">
          {pitch.map(({ Icon, title, text }) => (
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
