import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { formatLongDate } from '@/lib/content/dates';
import { t } from '@/i18n/i18n';
import { problemText } from '../lib/account-texts';
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
          <h2 className="text-lg font-semibold">{t('security.passkeys.title')}</h2>
          <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
            {t('security.passkeys.intro')}
            {passkeys.length > 0 &&
              recoveryCodesLeft !== undefined &&
              ` ${t('security.passkeys.codesLeft', { left: recoveryCodesLeft })}`}
          </p>
        </div>
      </div>
      {passkeys.length === 0 ? (
        <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">{t('security.passkeys.none')}</p>
      ) : (
        <ul aria-label={t('security.passkeys.list')} className="mt-4 divide-y divide-gray-200 dark:divide-gray-700">
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
          <Button onClick={() => setAdding(true)}>{t('security.passkeys.add')}</Button>
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
  const added = formatLongDate(passkey.createdAt);
  const removeLabel = t('security.passkeys.removeLabel', { name: passkey.name });
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="break-words font-medium">{passkey.name}</p>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {passkey.lastUsedAt
              ? t('security.passkeys.addedUsed', { added, used: formatLongDate(passkey.lastUsedAt) })
              : t('security.passkeys.addedUnused', { added })}
          </p>
        </div>
        {!confirming && (
          <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={removeLabel}>
            {t('security.passkeys.remove')}
          </Button>
        )}
      </div>
      {confirming && (
        <div
          ref={question}
          role="group"
          aria-label={removeLabel}
          className="mt-3 space-y-3 rounded-md bg-gray-50 p-3 dark:bg-gray-800"
        >
          <p className="text-sm text-gray-800 dark:text-gray-200">
            {t('security.passkeys.removeQuestion', { name: passkey.name })}
          </p>
          {remove.isError && <Alert title={t('security.passkeys.removeFailed')}>{problemText(remove.error.message)}</Alert>}
          <div className="flex flex-wrap gap-3">
            <Button disabled={remove.isPending} onClick={() => remove.mutate(passkey.id)}>
              {remove.isPending && <Spinner />}
              {remove.isPending ? t('security.removing') : t('security.passkeys.removeConfirm')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setConfirming(false);
                remove.reset();
              }}
            >
              {t('security.cancel')}
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
      {add.isError && <Alert title={t('security.passkeys.addFailed')}>{problemText(add.error.message)}</Alert>}
      <TextField
        ref={input}
        label={t('security.passkeys.name')}
        name="passkey-name"
        autoComplete="off"
        placeholder={t('security.passkeys.namePlaceholder')}
        maxLength={PASSKEY_NAME_MAX}
        className="max-w-xs"
        value={name}
        error={problemText(problem)}
        onChange={(event) => {
          setName(event.target.value);
          // A message about the name as it was would contradict the field once it is typed in.
          if (problem && !passkeyNameProblem(event.target.value)) setProblem(undefined);
        }}
      />
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {t('security.passkeys.nameHelp')}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending && <Spinner />}
          {add.isPending ? t('security.passkeys.waiting') : t('security.passkeys.addSubmit')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('security.cancel')}
        </Button>
      </div>
    </form>
  );
}
