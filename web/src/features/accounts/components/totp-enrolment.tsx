import { Copy, Download } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useConfirmTotp, useRemoveTotp, useStartTotp } from '../api/second-factor';
import { problemText } from '../lib/account-texts';
import { t } from '@/i18n/i18n';

/** A code typed by a person, checked before it is sent: six digits, or a recovery code. */
function codeProblem(code: string, recoveryAllowed: boolean): string | undefined {
  const typed = code.replace(/\s/g, '');
  if (!typed) return t('account.twoStep.codeRequired');
  if (/^\d{6}$/.test(typed)) return undefined;
  if (recoveryAllowed && typed.length >= 10) return undefined;
  return recoveryAllowed ? t('security.codeOrRecovery') : t('account.twoStep.codeDigits');
}

/** Setting up an authenticator app: a QR code (and the key as text), then a code to confirm. */
export function TotpEnrolment({ onEnrolled, onCancel }: { onEnrolled: (codes: string[]) => void; onCancel: () => void }) {
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const { mutate: begin } = start;
  // Once: each start makes a new key, and only the last one made can be confirmed.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    begin();
  }, [begin]);

  if (start.isPending || start.isIdle) return <p className="text-sm text-gray-700 dark:text-gray-300">{t('security.app.creatingKey')}</p>;
  if (start.isError) {
    return (
      <div className="space-y-3">
        <Alert title={t('security.app.startFailed')}>{problemText(start.error.message)}</Alert>
        <div className="flex gap-3">
          <Button onClick={() => start.mutate()}>{t('security.tryAgain')}</Button>
          <Button variant="secondary" onClick={onCancel}>
            {t('security.cancel')}
          </Button>
        </div>
      </div>
    );
  }
  const setup = start.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = codeProblem(code, false);
    setProblem(found);
    if (found) return;
    confirm.mutate(code.replace(/\s/g, ''), {
      onSuccess: (answer) => onEnrolled(answer.recoveryCodes),
      onError: () => setCode(''),
    });
  };
  return (
    <div className="space-y-6">
      <ol className="list-decimal space-y-6 pl-5 text-sm text-gray-800 dark:text-gray-200">
        <li>
          <p>{t('security.app.scan')}</p>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
            alt={t('security.app.qrAlt')}
            width={200}
            height={200}
            className="mt-3 rounded border border-gray-200 bg-white p-2 dark:border-gray-600"
          />
          <p className="mt-3">{t('security.app.cannotScan')}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code
              data-testid="totp-secret"
              className="break-all rounded bg-gray-100 px-2 py-1 font-mono text-sm tracking-wider text-gray-900 dark:bg-gray-800 dark:text-gray-100"
            >
              {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
            <CopyButton text={setup.secret} label={t('security.app.copyKey')} />
          </div>
        </li>
        <li>
          <form className="space-y-4" noValidate onSubmit={submit}>
            <p>{t('security.app.enterCode')}</p>
            {confirm.isError && <Alert title={t('security.app.turnOnFailed')}>{problemText(confirm.error.message)}</Alert>}
            <TextField
              label={t('security.app.codeLabel')}
              name="one-time-code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={8}
              placeholder="123456"
              className="max-w-xs"
              value={code}
              error={problem}
              onChange={(event) => setCode(event.target.value)}
            />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={confirm.isPending}>
                {confirm.isPending && <Spinner />}
                {confirm.isPending ? t('security.app.turningOn') : t('security.app.turnOn')}
              </Button>
              <Button variant="secondary" onClick={onCancel}>
                {t('security.cancel')}
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      <Copy className="h-4 w-4" aria-hidden="true" />
      <span aria-live="polite">{copied ? t('security.copied') : label}</span>
    </Button>
  );
}

/** The recovery codes, shown this once, with copy and download. */
export function RecoveryCodesPanel({ codes, onDone, home }: { codes: string[]; onDone: () => void; home: string }) {
  const text = `${t('security.codes.fileHeading')}\n\n${codes.join('\n')}\n`;
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  // The form that led here is gone: bring the codes into view and tell screen readers.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className="scroll-mt-24 rounded-lg border border-green-300 p-6 dark:border-green-700">
      <h2 ref={heading} tabIndex={-1} className="scroll-mt-24 text-lg font-semibold focus:outline-none">
        {t('security.codes.title')}
      </h2>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        {t('security.codes.text')}
      </p>
      <ul aria-label={t('security.codes.list')} className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded bg-gray-100 px-2 py-1 text-center text-gray-900 dark:bg-gray-800 dark:text-gray-100">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <CopyButton text={codes.join('\n')} label={t('security.codes.copy')} />
        <a
          href={download}
          download="nyota-cloud-recovery-codes.txt"
          className="inline-flex items-center justify-center gap-2 rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700"
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          {t('security.codes.download')}
        </a>
        <Button onClick={onDone}>{t('security.codes.saved')}</Button>
      </div>
      {home === '/admin' && (
        <p className="mt-4 text-sm">
          <Link to="/admin" className="text-brand-dark underline dark:text-brand-light">
            {t('security.codes.continueToStaff')}
          </Link>
        </p>
      )}
    </div>
  );
}

/** Turning the app off: a current code (or a recovery code) proves it is the owner. */
export function RemoveTotp() {
  const remove = useRemoveTotp();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('security.app.remove')}
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = codeProblem(code, true);
    setProblem(found);
    if (found) return;
    remove.mutate(code.trim(), { onError: () => setCode('') });
  };
  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {t('security.app.removeText')}
      </p>
      {remove.isError && <Alert title={t('security.app.removeFailed')}>{problemText(remove.error.message)}</Alert>}
      <TextField
        label={t('security.app.removeCodeLabel')}
        name="one-time-code"
        autoComplete="one-time-code"
        className="max-w-xs"
        value={code}
        error={problem}
        onChange={(event) => setCode(event.target.value)}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={remove.isPending}>
          {remove.isPending && <Spinner />}
          {remove.isPending ? t('security.removing') : t('security.app.removeConfirm')}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t('security.cancel')}
        </Button>
      </div>
    </form>
  );
}
