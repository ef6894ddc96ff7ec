import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, Leaf, TrendingUp } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { PageMeta } from '@/components/ui/page-meta';
import { LoadingMessage, Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useUser } from '@/lib/auth/get-user';
import { registerPageMessage } from '@/lib/error-catalogue';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import {
  authLoginSchema,
  authRegisterSchema,
  registrationPayload,
  type AuthLoginValues,
  type AuthRegisterValues,
} from './auth-schemas';

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

function LoginForm() {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AuthLoginValues>({ resolver: zodResolver(authLoginSchema), defaultValues: { email: '', password: '' } });
  return (
    <form className="space-y-5" noValidate onSubmit={handleSubmit((values) => login.mutate(values))}>
      {login.isError && <Alert title="Login Failed">{login.error.message}</Alert>}
      <TextField id="auth-login-email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField
        id="auth-login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="text-right text-sm">
        <Link to="/forgot-password" className="text-brand-dark underline dark:text-brand-light">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending && <Spinner />}
        {login.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}

function RegisterForm() {
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AuthRegisterValues>({
    resolver: zodResolver(authRegisterSchema),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' },
  });
  const failure = registration.isError ? registerPageMessage(registration.error.message) : null;
  return (
    <form
      className="space-y-5"
      noValidate
      onSubmit={handleSubmit((values) => registration.mutate(registrationPayload(values)))}
    >
      {failure && (
        <Alert title="Registration Failed">
          <p>{failure.text}</p>
          {failure.alreadyRegistered && (
            <Link to="/auth?tab=login" className={buttonClass('secondary', 'mt-3')}>
              Log in instead
            </Link>
          )}
        </Alert>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id="auth-first-name" label="First Name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField id="auth-last-name" label="Last Name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <TextField id="auth-register-email" label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField id="auth-phone" label="Phone Number" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
      <TextField
        id="auth-register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        id="auth-confirm-password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
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
      <Button type="submit" className="w-full" disabled={registration.isPending}>
        {registration.isPending && <Spinner />}
        {registration.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
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
          {tab === 'login' ? <LoginForm /> : <RegisterForm />}
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
