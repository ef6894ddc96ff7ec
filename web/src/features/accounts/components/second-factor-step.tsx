import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toastTitles, welcomeBackMessage } from '@/lib/error-catalogue';
import { toast } from '@/lib/toast-store';
import { useSecondFactorLogin } from '../api/second-factor';

/**
 * The sign-in step after a right password, for an account with a second factor: a code from
 * the authenticator app, or one of the recovery codes. The page redirects once the user is set.
 */
export function SecondFactorStep({ onCancel, idPrefix }: { onCancel: () => void; idPrefix?: string }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const verify = useSecondFactorLogin();
  const input = useRef<HTMLInputElement>(null);
  const id = (name: string) => (idPrefix ? `${idPrefix}-${name}` : name);

  useEffect(() => {
    input.current?.focus();
  }, [useRecovery]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setProblem(useRecovery ? 'Enter one of your recovery codes' : 'Enter the 6-digit code from your app');
      return;
    }
    if (!useRecovery && !/^\d{6}$/.test(typed.replace(/\s/g, ''))) {
      setProblem('The code is 6 digits');
      return;
    }
    setProblem(undefined);
    verify.mutate(useRecovery ? typed : typed.replace(/\s/g, ''), {
      onSuccess: (user) => toast({ title: toastTitles.loginSuccessful, description: welcomeBackMessage(user) }),
      onError: () => setCode(''),
    });
  };

  return (
    <form className="space-y-5" noValidate onSubmit={submit} aria-labelledby={id('second-factor-heading')}>
      <div>
        <h2 id={id('second-factor-heading')} className="text-xl font-semibold">
          Two-step verification
        </h2>
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
          {useRecovery
            ? 'Enter one of the recovery codes you saved when you set up your authenticator app. Each code works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for Nyota Cloud.'}
        </p>
      </div>
      {verify.isError && <Alert title="Verification failed">{verify.error.message}</Alert>}
      <TextField
        ref={input}
        id={id(useRecovery ? 'recovery-code' : 'one-time-code')}
        label={useRecovery ? 'Recovery code' : 'Authentication code'}
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
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="text-brand-dark underline dark:text-brand-light"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setCode('');
            setProblem(undefined);
            verify.reset();
          }}
        >
          {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </button>
        <button type="button" className="text-gray-700 underline dark:text-gray-300" onClick={onCancel}>
          Start over
        </button>
      </div>
    </form>
  );
}
