import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageMeta } from '@/components/ui/page-meta';
import { LoadingMessage } from '@/components/ui/spinner';
import { isAgent } from '@/lib/auth/roles';
import { useUser } from '@/lib/auth/get-user';
import { hasSecondFactor, useSecondFactorStatus } from '../api/second-factor';
import { PasskeysSection } from './passkeys-section';
import { RecoveryCodesPanel, RemoveTotp, TotpEnrolment } from './totp-enrolment';

/** /account/security: the signed-in account's second factors (an authenticator app, passkeys), set up and removed here. */
export function AccountSecurityPage() {
  const { data: user, isPending: checking } = useUser();
  const status = useSecondFactorStatus(Boolean(user));
  // Shown once, right after enrolment; never fetched again.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [enrolling, setEnrolling] = useState(false);

  if (checking) return <LoadingMessage>Checking your session...</LoadingMessage>;
  if (!user) return <Navigate to="/login?next=%2Faccount%2Fsecurity" replace />;

  const home = isAgent(user) ? '/admin' : '/dashboard';
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <PageMeta
        title="Account Security | Nyota Cloud"
        description="Set up a second factor for signing in to your Nyota Cloud account: an authenticator app, passkeys and recovery codes."
      />
      <h1 className="text-3xl font-bold">Account security</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">
        Two-step verification asks for a code from an app on your phone, or a passkey on your device, after your
        password, so a stolen password alone cannot open your account.
      </p>

      <div className="mt-8 space-y-6">
        {status.isPending && <LoadingMessage>Loading your sign-in settings...</LoadingMessage>}
        {status.isError && (
          <Alert title="Could not load your sign-in settings">
            {status.error.message}{' '}
            <button type="button" className="underline" onClick={() => void status.refetch()}>
              Try again
            </button>
          </Alert>
        )}
        {status.data?.required && !hasSecondFactor(status.data) && !recoveryCodes && (
          <Alert title="Two-step verification is required for your role">
            Your administrator requires a second factor for your account. Set up an authenticator app or add a
            passkey below to continue to the staff area.
          </Alert>
        )}

        {recoveryCodes ? (
          <RecoveryCodesPanel codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} home={home} />
        ) : (
          status.data && (
            <>
              <div className="rounded-lg border border-gray-200 p-6 dark:border-gray-700">
                <div className="flex items-start gap-3">
                  <ShieldCheck className="mt-1 h-6 w-6 flex-none text-brand-dark dark:text-brand-light" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <h2 className="text-lg font-semibold">Authenticator app</h2>
                    <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
                      {status.data.totp
                        ? `On. ${status.data.recoveryCodesLeft} of 10 recovery codes left.`
                        : 'Off. Use an app such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis.'}
                    </p>
                  </div>
                </div>
                <div className="mt-6">
                  {status.data.totp ? (
                    <RemoveTotp />
                  ) : enrolling ? (
                    <TotpEnrolment
                      onEnrolled={(codes) => {
                        setEnrolling(false);
                        setRecoveryCodes(codes);
                      }}
                      onCancel={() => setEnrolling(false)}
                    />
                  ) : (
                    <Button onClick={() => setEnrolling(true)}>Set up authenticator app</Button>
                  )}
                </div>
              </div>
              <PasskeysSection
                passkeys={status.data.passkeys}
                recoveryCodesLeft={status.data.totp ? undefined : status.data.recoveryCodesLeft}
                onRecoveryCodes={setRecoveryCodes}
              />
            </>
          )
        )}
      </div>

      <p className="mt-8 text-sm">
        <Link to={home} className="text-brand-dark underline dark:text-brand-light">
          {home === '/admin' ? 'Back to the staff area' : 'Back to your dashboard'}
        </Link>
      </p>
    </section>
  );
}
