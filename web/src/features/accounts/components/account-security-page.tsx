import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { RouteMeta } from '@/components/ui/route-meta';
import { LoadingMessage } from '@/components/ui/spinner';
import { isAgent } from '@/lib/auth/roles';
import { useUser } from '@/lib/auth/get-user';
import { problemText } from '../lib/account-texts';
import { hasSecondFactor, useSecondFactorStatus } from '../api/second-factor';
import { PasskeysSection } from './passkeys-section';
import { RecoveryCodesPanel, RemoveTotp, TotpEnrolment } from './totp-enrolment';
// The page's English messages, with its code (another language's load with the page: app/router.tsx).
import 'virtual:catalog/en/security';
import { t } from '@/i18n/i18n';

/** /account/security: the signed-in account's second factors (an authenticator app, passkeys), set up and removed here. */
export function AccountSecurityPage() {
  const { data: user, isPending: checking } = useUser();
  const status = useSecondFactorStatus(Boolean(user));
  // Shown once, right after enrolment; never fetched again.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [enrolling, setEnrolling] = useState(false);

  if (checking) return <LoadingMessage>{t('account.checkingSession')}</LoadingMessage>;
  if (!user) return <Navigate to="/login?next=%2Faccount%2Fsecurity" replace />;

  const home = isAgent(user) ? '/admin' : '/dashboard';
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <RouteMeta route="/account/security" />
      <h1 className="text-3xl font-bold">{t('security.title')}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{t('security.intro')}</p>

      <div className="mt-8 space-y-6">
        {status.isPending && <LoadingMessage>{t('security.loading')}</LoadingMessage>}
        {status.isError && (
          <Alert title={t('security.loadFailed')}>
            {problemText(status.error.message)}{' '}
            <button type="button" className="underline" onClick={() => void status.refetch()}>
              {t('security.tryAgain')}
            </button>
          </Alert>
        )}
        {status.data?.required && !hasSecondFactor(status.data) && !recoveryCodes && (
          <Alert title={t('security.required.title')}>{t('security.required.text')}</Alert>
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
                    <h2 className="text-lg font-semibold">{t('security.app.title')}</h2>
                    <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
                      {status.data.totp
                        ? t('security.app.on', { left: status.data.recoveryCodesLeft })
                        : t('security.app.off')}
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
                    <Button onClick={() => setEnrolling(true)}>{t('security.app.setUp')}</Button>
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
          {home === '/admin' ? t('security.backToStaff') : t('security.backToDashboard')}
        </Link>
      </p>
    </section>
  );
}
