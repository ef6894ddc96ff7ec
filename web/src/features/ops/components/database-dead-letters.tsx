import { useState } from 'react';
import type { DeadLetter } from '@/api-types/DeadLetter';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast-store';
import { useDiscardDeadLetter } from '../api/database-discard-dead-letter';
import { useReplayDeadLetter } from '../api/database-replay-dead-letter';
import { DataTable } from './analytics-tables';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { when } from '../lib/database-format';

type Action = 'replay' | 'discard';

const texts = {
  replay: {
    button: 'Replay',
    title: 'Replay this dead letter?',
    body: 'It is sent again to its subject, and the worker tries it once more. If it fails again it comes back here.',
    done: 'Dead letter replayed',
    doneDescription: 'The message is back in its stream.',
    failed: 'The dead letter was not replayed',
  },
  discard: {
    button: 'Discard',
    title: 'Discard this dead letter?',
    body: 'It stays in the database but is set aside for good: it will not be replayed or counted.',
    done: 'Dead letter discarded',
    doneDescription: 'It no longer waits for anyone.',
    failed: 'The dead letter was not discarded',
  },
} as const;

interface Asked {
  letter: DeadLetter;
  action: Action;
}

/** The one confirmation of the table: replay or discard the letter asked about. */
function Confirmation({ asked, onDone }: { asked: Asked | null; onDone: () => void }) {
  const replay = useReplayDeadLetter();
  const discard = useDiscardDeadLetter();
  const busy = replay.isPending || discard.isPending;
  const text = asked ? texts[asked.action] : null;

  const run = () => {
    if (!asked) return;
    const { action, letter } = asked;
    (action === 'replay' ? replay : discard).mutate(letter.id, {
      onSuccess: () => toast({ title: texts[action].done, description: texts[action].doneDescription }),
      onError: (error) => toast({ title: texts[action].failed, description: error.message, variant: 'destructive' }),
      onSettled: onDone,
    });
  };

  return (
    <ConfirmDialog
      open={asked !== null}
      title={text?.title ?? ''}
      confirmLabel={text?.button ?? ''}
      destructive={asked?.action === 'discard'}
      busy={busy}
      onConfirm={run}
      onCancel={onDone}
    >
      <p>{text?.body}</p>
      {asked && (
        <p className="mt-2 break-all text-sm text-gray-700 dark:text-gray-300">
          {asked.letter.role}: {asked.letter.subject}
        </p>
      )}
    </ConfirmDialog>
  );
}

export function DeadLetters({ letters, pending }: { letters: DeadLetter[]; pending: number }) {
  const [asked, setAsked] = useState<Asked | null>(null);
  const actions = (letter: DeadLetter) => (
    <div className="flex gap-2">
      {(['replay', 'discard'] as const).map((action) => (
        <Button
          key={action}
          variant="secondary"
          onClick={() => setAsked({ letter, action })}
          aria-label={`${texts[action].button} the dead letter of ${letter.subject}`}
        >
          {texts[action].button}
        </Button>
      ))}
    </div>
  );
  return (
    <section aria-labelledby="dead-letters-heading" className="space-y-3">
      <h2 id="dead-letters-heading" className="text-2xl font-semibold">
        Dead letters
      </h2>
      <p className="text-gray-700 dark:text-gray-300">
        {pending === 0
          ? 'No message is waiting: every worker has handled or retried what it received.'
          : `${pending} ${pending === 1 ? 'message' : 'messages'} a worker gave up on${
              pending > letters.length ? ` (the newest ${letters.length} are listed)` : ''
            }. Fix the cause, then replay; discard what needs no replay.`}
      </p>
      <DataTable
        caption="Waiting dead letters, newest first"
        columns={[
          { header: 'Created', cell: (row) => when(row.createdAt) },
          { header: 'Role', cell: (row) => row.role },
          { header: 'Subject', cell: (row) => row.subject },
          { header: 'Reason', cell: (row) => (row.reason === 'data' ? 'Bad data' : 'Retries ran out') },
          { header: 'Error', cell: (row) => row.error },
          { header: 'Deliveries', cell: (row) => row.deliveries, numeric: true },
          { header: 'Actions', cell: actions },
        ]}
        rows={letters}
        rowKey={(row) => row.id}
        empty="No dead letters."
      />
      <Confirmation asked={asked} onDone={() => setAsked(null)} />
    </section>
  );
}
