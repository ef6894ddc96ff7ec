import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { welcomeName } from '@/lib/error-catalogue';
import { t } from '@/i18n/i18n';
import { problemText } from '../lib/account-texts';
import { toast } from '@/lib/toast-store';
import type { User } from '@/lib/api-types';
import { usePasskeyLogin } from '../api/passkeys';
import { useSecondFactorLogin } from '../api/second-factor';

type Mode = 'code' | 'recovery' | 'passkey';

const welcome = (user: User) => toast({ title: t('account.toast.loginSuccessful'), description: t('account.toast.welcomeBack', { name: welcomeName(user) }) });

/**
 * The sign-in step after a right password, for an account with a second factor: a code from
 * the authenticator app, a passkey, or one of the recovery codes (`methods`, from the
 * challenge, says which the account has). The page redirects once the user is set.
 */
export function SecondFactorStep({
  onCancel,
  idPrefix,
  methods = ['totp', 'recovery'],
}: {
  onCancel: () => void;
  idPrefix?: string;
  methods?: string[];
}) {
  const hasTotp = methods.includes('totp');
  const hasPasskey = methods.includes('passkey');
  const [mode, setMode] = useState<Mode>(hasTotp ? 'code' : hasPasskey ? 'passkey' : 'recovery');
  const useRecovery = mode === 'recovery';
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const verify = useSecondFactorLogin();
  const passkey = usePasskeyLogin();
  const input = useRef<HTMLInputElement>(null);
  const id = (name: string) => (idPrefix ? `${idPrefix}-${name}` : name);

  useEffect(() => {
    input.current?.focus();
  }, [mode]);

  const switchTo = (next: Mode) => {
    setMode(next);
    setCode('');
    setProblem(undefined);
    verify.reset();
    passkey.reset();
  };
  const signInWithPasskey = () => {
    verify.reset();
    passkey.mutate(undefined, { onSuccess: welcome });
  };
  const passkeyButton = (variant: 'primary' | 'secondary') => (
    <Button type="button" variant={variant} className="w-full" disabled={passkey.isPending} onClick={signInWithPasskey}>
      {passkey.isPending ? <Spinner /> : <KeyRound className="h-4 w-4" aria-hidden="true" />}
      {passkey.isPending ? t('account.twoStep.passkeyWaiting') : t('account.twoStep.passkeyUse')}
    </Button>
  );
  const links = (
    <div className="flex flex-wrap justify-between gap-2 text-sm">
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {mode !== 'code' && hasTotp && (
          <button type="button" className="text-brand-dark underline dark:text-brand-light" onClick={() => switchTo('code')}>
            {t('account.twoStep.useApp')}
          </button>
        )}
        {mode !== 'recovery' && (
          <button type="button" className="text-brand-dark underline dark:text-brand-light" onClick={() => switchTo('recovery')}>
            {t('account.twoStep.useRecovery')}
          </button>
        )}
      </div>
      <button type="button" className="text-gray-700 underline dark:text-gray-300" onClick={onCancel}>
        {t('account.twoStep.startOver')}
      </button>
    </div>
  );
  const heading = (description: string) => (
    <div>
      <h2 id={id('second-factor-heading')} className="text-xl font-semibold">
        {t('account.twoStep.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{description}</p>
    </div>
  );
  const passkeyFailure = passkey.isError && <Alert title={t('account.twoStep.passkeyFailed')}>{problemText(passkey.error.message)}</Alert>;

  if (mode === 'passkey') {
    return (
      <section className="space-y-5" aria-labelledby={id('second-factor-heading')}>
        {heading(t('account.twoStep.passkeyIntro'))}
        {passkeyFailure}
        {passkeyButton('primary')}
        {links}
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setProblem(useRecovery ? t('account.twoStep.recoveryRequired') : t('account.twoStep.codeRequired'));
      return;
    }
    if (!useRecovery && !/^\d{6}$/.test(typed.replace(/\s/g, ''))) {
      setProblem(t('account.twoStep.codeDigits'));
      return;
    }
    setProblem(undefined);
    passkey.reset();
    verify.mutate(useRecovery ? typed : typed.replace(/\s/g, ''), {
      onSuccess: welcome,
      onError: () => setCode(''),
    });
  };

  return (
    <form className="space-y-5" noValidate onSubmit={submit} aria-labelledby={id('second-factor-heading')}>
      {heading(
        useRecovery
          ? t('account.twoStep.recoveryIntro')
          : t('account.twoStep.codeIntro'),
      )}
      {verify.isError && <Alert title={t('account.twoStep.verifyFailed')}>{problemText(verify.error.message)}</Alert>}
      {passkeyFailure}
      <TextField
        ref={input}
        id={id(useRecovery ? 'recovery-code' : 'one-time-code')}
        label={useRecovery ? t('account.twoStep.recoveryLabel') : t('account.twoStep.codeLabel')}
        name={useRecovery ? 'recovery-code' : 'one-time-code'}
        autoComplete="one-time-code"
        inputMode={useRecovery ? 'text' : 'numeric'}
        maxLength={useRecovery ? 32 : 8}
        placeholder={useRecovery ? 'xxxxx-xxxxx' : '123456'}
        spellCheck={false}
        autoCapitalize="off"
        value={code}
        error={problem}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending && <Spinner />}
        {verify.isPending ? t('account.twoStep.verifying') : t('account.twoStep.verify')}
      </Button>
      {hasPasskey && passkeyButton('secondary')}
      {links}
    </form>
  );
}
