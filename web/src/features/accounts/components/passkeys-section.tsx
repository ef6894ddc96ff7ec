import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { formatLongDate } from '@/lib/content/dates';
import {
  PASSKEY_NAME_MAX,
  passkeyNameProblem,
  useAddPasskey,
  useRemovePasskey,
  type PasskeySummary,
} from '../api/passkeys';

/**
 * The account's passkeys on /account/security: listed with when they were added and last
 * used, added under a name, removed after a confirmation. A first factor's recovery codes go
 * to `onRecoveryCodes`, which shows them once.
 */
export function PasskeysSection({
  passkeys,
  recoveryCodesLeft,
  onRecoveryCodes,
}: {
  passkeys: PasskeySummary[];
  /** Shown with the passkeys when no authenticator app shows it. */
  recoveryCodesLeft?: number;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const [adding, setAdding] = useState(false);
  return (
    <div className="rounded-lg border border-gray-200 p-6 dark:border-gray-700">
      <div className="flex items-start gap-3">
        <KeyRound className="mt-1 h-6 w-6 flex-none text-brand-dark dark:text-brand-light" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold">Passkeys</h2>
          <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
            Sign in with your fingerprint, face or device PIN instead of a code. A passkey stays on your device and
            works only on this site.
            {passkeys.length > 0 && recoveryCodesLeft !== undefined && ` ${recoveryCodesLeft} of 10 recovery codes left.`}
          </p>
        </div>
      </div>
      {passkeys.length === 0 ? (
        <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">No passkeys yet.</p>
      ) : (
        <ul aria-label="Your passkeys" className="mt-4 divide-y divide-gray-200 dark:divide-gray-700">
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      <div className="mt-6">
        {adding ? (
          <AddPasskey
            onAdded={(codes) => {
              setAdding(false);
              if (codes.length > 0) onRecoveryCodes(codes);
            }}
            onCancel={() => setAdding(false)}
          />
        ) : (
          <Button onClick={() => setAdding(true)}>Add a passkey</Button>
        )}
      </div>
    </div>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeySummary }) {
  const remove = useRemovePasskey();
  const [confirming, setConfirming] = useState(false);
  // The question replaces the button that asked it: focus moves to its answer.
  const question = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirming) question.current?.querySelector('button')?.focus();
  }, [confirming]);
  const used = passkey.lastUsedAt ? `last used ${formatLongDate(passkey.lastUsedAt)}` : 'not used yet';
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="break-words font-medium">{passkey.name}</p>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            Added {formatLongDate(passkey.createdAt)}, {used}
          </p>
        </div>
        {!confirming && (
          <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`Remove passkey ${passkey.name}`}>
            Remove
          </Button>
        )}
      </div>
      {confirming && (
        <div
          ref={question}
          role="group"
          aria-label={`Remove passkey ${passkey.name}`}
          className="mt-3 space-y-3 rounded-md bg-gray-50 p-3 dark:bg-gray-800"
        >
          <p className="text-sm text-gray-800 dark:text-gray-200">
            Remove “{passkey.name}”? It will no longer sign you in, and your other sessions will be signed out.
          </p>
          {remove.isError && <Alert title="Could not remove the passkey">{remove.error.message}</Alert>}
          <div className="flex flex-wrap gap-3">
            <Button disabled={remove.isPending} onClick={() => remove.mutate(passkey.id)}>
              {remove.isPending && <Spinner />}
              {remove.isPending ? 'Removing...' : 'Remove passkey'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setConfirming(false);
                remove.reset();
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

/** A name for the new passkey, then the browser's prompt. */
function AddPasskey({ onAdded, onCancel }: { onAdded: (codes: string[]) => void; onCancel: () => void }) {
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = passkeyNameProblem(name);
    setProblem(found);
    if (found) return;
    add.mutate(name.trim(), { onSuccess: (answer) => onAdded(answer.recoveryCodes) });
  };
  return (
    <form className="space-y-4" noValidate onSubmit={submit}>
      {add.isError && <Alert title="Could not add the passkey">{add.error.message}</Alert>}
      <TextField
        ref={input}
        label="Passkey name"
        name="passkey-name"
        autoComplete="off"
        placeholder="Work laptop"
        maxLength={PASSKEY_NAME_MAX}
        className="max-w-xs"
        value={name}
        error={problem}
        onChange={(event) => {
          setName(event.target.value);
          // A message about the name as it was would contradict the field once it is typed in.
          if (problem && !passkeyNameProblem(event.target.value)) setProblem(undefined);
        }}
      />
      <p className="text-sm text-gray-700 dark:text-gray-300">
        A name helps you tell your passkeys apart. Your browser will then ask you to confirm with your device.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending && <Spinner />}
          {add.isPending ? 'Waiting for your device...' : 'Add passkey'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
