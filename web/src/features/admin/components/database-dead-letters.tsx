import { useState } from 'react';
import type { DeadLetter } from '@/api-types/DeadLetter';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast-store';
import { useDiscardDeadLetter } from '../api/database-discard-dead-letter';
import { useReplayDeadLetter } from '../api/database-replay-dead-letter';
import { DataTable } from './analytics-tables';
import { when } from './database-format';

type Action = 'replay' | 'discard';

const texts = {
  replay: {
    button: 'Replay',
    question: 'Send it again to its subject for the worker to retry?',
    confirm: 'Confirm replay',
    done: 'Dead letter replayed',
    doneDescription: 'The message is back in its stream; if it fails again it returns here.',
    failed: 'The dead letter was not replayed',
  },
  discard: {
    button: 'Discard',
    question: 'Set it aside for good? It will not be replayed.',
    confirm: 'Confirm discard',
    done: 'Dead letter discarded',
    doneDescription: 'It stays in the database, but no longer waits for anyone.',
    failed: 'The dead letter was not discarded',
  },
} as const;

/** Replay and Discard, each asking once more in place before it acts. */
function Actions({ letter }: { letter: DeadLetter }) {
  const [asking, setAsking] = useState<Action | null>(null);
  const replay = useReplayDeadLetter();
  const discard = useDiscardDeadLetter();
  const busy = replay.isPending || discard.isPending;

  const run = (action: Action) => {
    const mutation = action === 'replay' ? replay : discard;
    mutation.mutate(letter.id, {
      onSuccess: () => toast({ title: texts[action].done, description: texts[action].doneDescription }),
      onError: (error) => toast({ title: texts[action].failed, description: error.message, variant: 'destructive' }),
      onSettled: () => setAsking(null),
    });
  };

  if (asking) {
    return (
      <div className="flex min-w-56 flex-col gap-2">
        <p>{texts[asking].question}</p>
        <div className="flex gap-2">
          <Button onClick={() => run(asking)} disabled={busy} aria-label={`${texts[asking].confirm} of ${letter.subject}`}>
            {busy && <Spinner />}
            {texts[asking].confirm}
          </Button>
          <Button variant="secondary" onClick={() => setAsking(null)} disabled={busy}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex gap-2">
      {(['replay', 'discard'] as const).map((action) => (
        <Button
          key={action}
          variant="secondary"
          onClick={() => setAsking(action)}
          aria-label={`${texts[action].button} the dead letter of ${letter.subject}`}
        >
          {texts[action].button}
        </Button>
      ))}
    </div>
  );
}

export function DeadLetters({ letters, pending }: { letters: DeadLetter[]; pending: number }) {
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
          { header: 'Actions', cell: (row) => <Actions letter={row} /> },
        ]}
        rows={letters}
        rowKey={(row) => row.id}
        empty="No dead letters."
      />
    </section>
  );
}
