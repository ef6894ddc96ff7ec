import { Copy, Download } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useConfirmTotp, useRemoveTotp, useStartTotp } from '../api/second-factor';

/** A code typed by a person, checked before it is sent: six digits, or a recovery code. */
function codeProblem(code: string, recoveryAllowed: boolean): string | undefined {
  const typed = code.replace(/\s/g, '');
  if (!typed) return 'Enter the 6-digit code from your app';
  if (/^\d{6}$/.test(typed)) return undefined;
  if (recoveryAllowed && typed.length >= 10) return undefined;
  return recoveryAllowed ? 'Enter the 6-digit code from your app or a recovery code' : 'The code is 6 digits';
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

  if (start.isPending || start.isIdle) return <p className="text-sm text-gray-700 dark:text-gray-300">Creating your key...</p>;
  if (start.isError) {
    return (
      <div className="space-y-3">
        <Alert title="Could not start the set-up">{start.error.message}</Alert>
        <div className="flex gap-3">
          <Button onClick={() => start.mutate()}>Try again</Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
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
          <p>Scan this QR code with your authenticator app.</p>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
            alt="QR code with your Nyota Cloud sign-in key, for your authenticator app"
            width={200}
            height={200}
            className="mt-3 rounded border border-gray-200 bg-white p-2 dark:border-gray-600"
          />
          <p className="mt-3">Cannot scan it? Enter this key in the app instead:</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code
              data-testid="totp-secret"
              className="break-all rounded bg-gray-100 px-2 py-1 font-mono text-sm tracking-wider text-gray-900 dark:bg-gray-800 dark:text-gray-100"
            >
              {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
            <CopyButton text={setup.secret} label="Copy key" />
          </div>
        </li>
        <li>
          <form className="space-y-4" noValidate onSubmit={submit}>
            <p>Enter the 6-digit code the app shows to finish.</p>
            {confirm.isError && <Alert title="Could not turn on two-step verification">{confirm.error.message}</Alert>}
            <TextField
              label="Code from the app"
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
                {confirm.isPending ? 'Turning on...' : 'Turn on'}
              </Button>
              <Button variant="secondary" onClick={onCancel}>
                Cancel
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
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </Button>
  );
}

/** The recovery codes, shown this once, with copy and download. */
export function RecoveryCodesPanel({ codes, onDone, home }: { codes: string[]; onDone: () => void; home: string }) {
  const text = `Nyota Cloud recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  // The form that led here is gone: bring the codes into view and tell screen readers.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className="scroll-mt-24 rounded-lg border border-green-300 p-6 dark:border-green-700">
      <h2 ref={heading} tabIndex={-1} className="scroll-mt-24 text-lg font-semibold focus:outline-none">
        Two-step verification is on
      </h2>
      <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
        Save these recovery codes somewhere safe. If you lose your phone or device, each one signs you in once. This is the only
        time they are shown. Your other sessions have been signed out.
      </p>
      <ul aria-label="Recovery codes" className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded bg-gray-100 px-2 py-1 text-center text-gray-900 dark:bg-gray-800 dark:text-gray-100">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <CopyButton text={codes.join('\n')} label="Copy codes" />
        <a
          href={download}
          download="nyota-cloud-recovery-codes.txt"
          className="inline-flex items-center justify-center gap-2 rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-50 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700"
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Download
        </a>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
      {home === '/admin' && (
        <p className="mt-4 text-sm">
          <Link to="/admin" className="text-brand-dark underline dark:text-brand-light">
            Continue to the staff area
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
        Remove authenticator app
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
        Enter a code from your app (or a recovery code) to turn two-step verification off. Your other sessions will be
        signed out.
      </p>
      {remove.isError && <Alert title="Could not remove the app">{remove.error.message}</Alert>}
      <TextField
        label="Code from the app or a recovery code"
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
          {remove.isPending ? 'Removing...' : 'Remove'}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
