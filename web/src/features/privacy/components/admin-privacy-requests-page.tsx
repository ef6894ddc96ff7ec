// /admin/privacy-requests (admins only): the confirmed data subject requests
// with their due dates (acknowledge 72 h, initial response 10 business days,
// fulfil 30 days, 60 when complex); overdue ones are highlighted. Each step
// is a button; the server audits every one.

import { useState, type FormEvent } from 'react';
import type { PrivacyRequestKind } from '@/api-types/PrivacyRequestKind';
import type { PrivacyRequestSummary } from '@/api-types/PrivacyRequestSummary';
import { AdminSectionPage } from '@/components/admin/admin-section-page';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { InputField } from '@/components/admin/form-fields';
import { EmptyList, LoadFailed } from '@/components/admin/list-states';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { LoadingMessage } from '@/components/ui/spinner';
import { usePrivacyRequests, usePrivacyStep } from '../api/privacy-requests';

const kindLabels: Record<PrivacyRequestKind, string> = {
  access: 'Access (copy of data)',
  correction: 'Correction',
  erasure: 'Erasure',
};

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Nairobi' });
const when = (iso: string) => dateFormat.format(new Date(iso));

function isLate(doneAt: string | null, due: string): boolean {
  return doneAt === null && Date.now() > new Date(due).getTime();
}

/** One due date: done (when), due (by when), or overdue. */
function Due({ label, due, doneAt }: { label: string; due: string; doneAt: string | null }) {
  const late = isLate(doneAt, due);
  return (
    <li className={cn('flex flex-wrap justify-between gap-x-3', late && 'font-semibold text-red-700 dark:text-red-300')}>
      <span>{label}</span>
      <span>
        {doneAt ? `Done ${when(doneAt)}` : `${late ? 'Overdue since' : 'Due by'} ${when(due)}`}
      </span>
    </li>
  );
}

function CorrectionForm({ request, onDone }: { request: PrivacyRequestSummary; onDone: () => void }) {
  const step = usePrivacyStep();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const correction = {
      name: name.trim() || null,
      email: email.trim() || null,
      phone: phone.trim() || null,
    };
    step.mutate({ id: request.id, step: 'fulfil', correction }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-3" aria-label={`Correction for ${request.email}`}>
      <InputField label="Corrected name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      <InputField label="Corrected email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
      <InputField label="Corrected phone" value={phone} onChange={(e) => setPhone(e.target.value)} autoComplete="off" />
      <div className="sm:col-span-3">
        <Button type="submit" disabled={step.isPending || !(name.trim() || email.trim() || phone.trim())}>
          {step.isPending ? 'Correcting...' : 'Apply correction and fulfil'}
        </Button>
      </div>
    </form>
  );
}

function RequestCard({ request }: { request: PrivacyRequestSummary }) {
  const step = usePrivacyStep();
  const [confirmErase, setConfirmErase] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const done = request.nextStep === 'done';
  const who = request.email || 'Erased person';
  return (
    <li
      className={cn(
        'rounded-xl border p-4',
        request.overdue
          ? 'border-red-600 bg-red-50 dark:border-red-400 dark:bg-red-950'
          : 'border-gray-200 dark:border-gray-700',
      )}
      aria-label={`${kindLabels[request.kind]} request from ${who}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {kindLabels[request.kind]} · <bdi className="break-all">{who}</bdi>
        </h2>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {request.overdue && <span className="mr-2 rounded bg-red-700 px-2 py-0.5 text-xs font-bold text-white">Overdue</span>}
          {done ? 'Fulfilled' : request.complex ? 'Complex (60 days)' : 'Standard (30 days)'} · received {when(request.receivedAt)}
        </p>
      </div>
      {request.details && <p className="mt-2 whitespace-pre-wrap text-sm">{request.details}</p>}
      <ul className="mt-3 space-y-1 text-sm" aria-label="Due dates">
        <Due label="Acknowledge (72 hours)" due={request.acknowledgeBy} doneAt={request.acknowledgedAt} />
        <Due label="Initial response (10 business days)" due={request.respondBy} doneAt={request.respondedAt} />
        <Due label={`Fulfil (${request.complex ? 60 : 30} days)`} due={request.fulfilBy} doneAt={request.completedAt} />
      </ul>
      {done ? (
        request.outcome && (
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer">What was done</summary>
            <pre className="mt-2 overflow-x-auto rounded bg-gray-100 p-2 text-xs dark:bg-gray-800">
              {JSON.stringify(request.outcome, null, 2)}
            </pre>
          </details>
        )
      ) : (
        <>
          {!request.respondedAt && (
            <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">
              Marking it acknowledged, and the initial response sent, each emails the person with the date it will be fulfilled by.
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            {!request.acknowledgedAt && (
              <Button variant="secondary" disabled={step.isPending} onClick={() => step.mutate({ id: request.id, step: 'acknowledge' })}>
                Mark acknowledged
              </Button>
            )}
            {!request.respondedAt && (
              <Button variant="secondary" disabled={step.isPending} onClick={() => step.mutate({ id: request.id, step: 'respond' })}>
                Mark initial response sent
              </Button>
            )}
            <Button
              variant="secondary"
              disabled={step.isPending}
              onClick={() => step.mutate({ id: request.id, step: 'complex', complex: !request.complex })}
            >
              {request.complex ? 'Mark not complex' : 'Mark complex'}
            </Button>
            {request.kind === 'access' && (
              <Button disabled={step.isPending} onClick={() => step.mutate({ id: request.id, step: 'fulfil' })}>
                {step.isPending ? 'Working...' : 'Send the export'}
              </Button>
            )}
            {request.kind === 'erasure' && (
              <Button disabled={step.isPending} onClick={() => setConfirmErase(true)}>
                Erase this person's data
              </Button>
            )}
            {request.kind === 'correction' && !correcting && <Button onClick={() => setCorrecting(true)}>Correct the record</Button>}
          </div>
        </>
      )}
      {correcting && !done && <CorrectionForm request={request} onDone={() => setCorrecting(false)} />}
      <ConfirmDialog
        open={confirmErase}
        title="Erase this person's data?"
        confirmLabel="Erase"
        destructive
        busy={step.isPending}
        onCancel={() => setConfirmErase(false)}
        onConfirm={() => step.mutate({ id: request.id, step: 'fulfil' }, { onSettled: () => setConfirmErase(false) })}
      >
        Their account, contact requests, subscriptions, waitlist entries and the record of emails sent to them are
        deleted, their sessions end, and their chats are kept as "Erased visitor". This cannot be undone.
      </ConfirmDialog>
    </li>
  );
}

export default function AdminPrivacyRequestsPage() {
  const requests = usePrivacyRequests();
  return (
    <AdminSectionPage path="/admin/privacy-requests">
      {requests.isPending ? (
        <LoadingMessage>Loading privacy requests...</LoadingMessage>
      ) : requests.isError ? (
        <LoadFailed
          title="Failed to load privacy requests"
          message={requests.error.message}
          onRetry={() => void requests.refetch()}
          retrying={requests.isFetching}
        />
      ) : requests.data.requests.length === 0 ? (
        <EmptyList>No confirmed privacy requests yet.</EmptyList>
      ) : (
        <>
          <p className="mb-4 text-sm" role="status">
            {requests.data.overdue > 0
              ? `${requests.data.overdue} open ${requests.data.overdue === 1 ? 'request is' : 'requests are'} overdue.`
              : 'No request is overdue.'}
          </p>
          <ul className="space-y-4">
            {requests.data.requests.map((request) => (
              <RequestCard key={request.id} request={request} />
            ))}
          </ul>
        </>
      )}
    </AdminSectionPage>
  );
}
