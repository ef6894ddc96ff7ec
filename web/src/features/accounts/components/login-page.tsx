import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageMeta } from '@/components/ui/page-meta';
import { LoadingMessage, Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useUser } from '@/lib/auth/get-user';
import { useLogin } from '../api/login';
import { loginSchema, type LoginValues } from './auth-schemas';
import { roleHome } from './role-home';

export function LoginPage() {
  const navigate = useNavigate();
  const { data: user, isPending: checking } = useUser();
  const login = useLogin({ onSuccess: (signedIn) => navigate(roleHome(signedIn), { replace: true }) });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  if (checking) return <LoadingMessage>Checking your session...</LoadingMessage>;
  if (user && !login.isPending) return <Navigate to={roleHome(user)} replace />;

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <PageMeta title="Log In | Nyota Cloud" description="Sign in to your Nyota Cloud account." keywords="login, sign in, account" />
      <h1 className="text-3xl font-bold">Welcome Back</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">Sign in to your account</p>

      <form className="mt-8 space-y-5" noValidate onSubmit={handleSubmit((values) => login.mutate(values))}>
        {login.isError && <Alert title="Login Failed">{login.error.message}</Alert>}
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField
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
      <p className="mt-6 text-center text-sm text-gray-700 dark:text-gray-300">
        Don't have an account?{' '}
        <Link to="/register" className="font-semibold text-brand-dark underline dark:text-brand-light">
          Create Account
        </Link>
      </p>
    </section>
  );
}
