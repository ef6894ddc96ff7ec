// /admin/audit: who did what and when — sign-ins of staff, settings, the
// team, content, privacy steps and exports — filtered, newest first, 50 at
// a time with "Load more", and exported as CSV (the export is audited too).

import { Download, RotateCw } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { AuditActor } from '@/api-types/AuditActor';
import type { AuditEntry } from '@/api-types/AuditEntry';
import { AdminSectionPage } from '@/components/admin/admin-section-page';
import { InputField, inputClass } from '@/components/admin/form-fields';
import { EmptyList, LoadFailed } from '@/components/admin/list-states';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingMessage, Spinner } from '@/components/ui/spinner';
import { formatEatDateTime } from '@/lib/admin-time';
import { emptyAuditQuery, useAuditExport, useAuditFilters, useAuditPages, type AuditQuery } from '../api/audit-log';
import { actionLabel, entityLabel } from '../lib/audit-labels';

function actorName(actor: AuditActor): string {
  switch (actor.kind) {
    case 'user':
      return actor.name;
    case 'deletedUser':
      return 'Deleted user';
    case 'noOne':
      return 'No one signed in';
  }
}

function Filters({ applied, onApply }: { applied: AuditQuery; onApply: (query: AuditQuery) => void }) {
  const [draft, setDraft] = useState(applied);
  const choices = useAuditFilters();
  const ids = { actor: useId(), entities: useId(), actions: useId() };
  const set = (key: keyof AuditQuery) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form onSubmit={submit} aria-label="Filter the audit log" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <div>
        <label htmlFor={ids.actor} className="mb-1 block text-sm font-medium text-gray-800 dark:text-gray-200">
          Who
        </label>
        <select id={ids.actor} value={draft.actor} onChange={set('actor')} className={inputClass(false)}>
          <option value="">Anyone</option>
          <option value="none">No one signed in</option>
          {choices.data?.actors.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.name} ({actor.email})
            </option>
          ))}
        </select>
      </div>
      <InputField label="What (entity)" list={ids.entities} value={draft.entity} onChange={set('entity')} placeholder="e.g. site_settings" />
      <datalist id={ids.entities}>
        {choices.data?.entities.map((entity) => (
          <option key={entity} value={entity}>
            {entityLabel(entity)}
          </option>
        ))}
      </datalist>
      <InputField label="Action" list={ids.actions} value={draft.action} onChange={set('action')} placeholder="e.g. update" />
      <datalist id={ids.actions}>
        {choices.data?.actions.map((action) => (
          <option key={action} value={action}>
            {actionLabel(action)}
          </option>
        ))}
      </datalist>
      <InputField label="From (EAT)" type="date" value={draft.from} onChange={set('from')} />
      <InputField label="To (EAT, included)" type="date" value={draft.to} onChange={set('to')} />
      <InputField label="Words in the details" type="search" value={draft.q} onChange={set('q')} />
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">Apply filters</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setDraft(emptyAuditQuery);
            onApply(emptyAuditQuery);
          }}
        >
          Clear
        </Button>
      </div>
      {choices.isError && (
        <p className="text-sm text-gray-700 sm:col-span-2 lg:col-span-3 dark:text-gray-300">
          The lists of people, entities and actions could not be read; type a name instead.
        </p>
      )}
    </form>
  );
}

const cellClass = 'block px-3 py-1 md:table-cell md:py-3';

function EntryRow({ entry }: { entry: AuditEntry }) {
  const { actor } = entry;
  return (
    <tr className="block border-b border-gray-200 py-2 align-top md:table-row md:py-0 dark:border-gray-700">
      <td className={cellClass}>
        <time dateTime={entry.at} className="whitespace-nowrap text-gray-700 dark:text-gray-300">
          {formatEatDateTime(entry.at)}
        </time>
      </td>
      <td className={cellClass}>
        <span className="font-medium">{actorName(actor)}</span>
        {actor.kind === 'user' && (
          <span className="block break-all text-xs text-gray-700 dark:text-gray-300">{actor.email}</span>
        )}
      </td>
      <td className={cellClass}>
        <span className="md:sr-only">Action: </span>
        {actionLabel(entry.action)}
      </td>
      <td className={cellClass}>
        <span className="md:sr-only">What: </span>
        {entityLabel(entry.entity)}
      </td>
      <td className={cellClass}>
        <p className="break-words">{entry.summary}</p>
        <details className="mt-1 text-sm">
          <summary className="cursor-pointer rounded text-brand-dark underline-offset-2 hover:underline focus-visible:outline-2 dark:text-brand-light">
            Details
          </summary>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
            <dt className="font-semibold">Entity id</dt>
            <dd className="break-all font-mono">{entry.entityId}</dd>
            <dt className="font-semibold">Recorded</dt>
            <dd>
              <pre className="max-w-full overflow-x-auto whitespace-pre-wrap break-all font-mono">
                {JSON.stringify(entry.details, null, 2)}
              </pre>
            </dd>
          </dl>
        </details>
      </td>
    </tr>
  );
}

function Entries({ query }: { query: AuditQuery }) {
  const pages = useAuditPages(query);
  if (pages.isPending) return <LoadingMessage>Loading the audit log...</LoadingMessage>;
  if (pages.isError && !pages.data) {
    return (
      <LoadFailed
        title="Failed to load the audit log"
        message={pages.error.message}
        onRetry={() => void pages.refetch()}
        retrying={pages.isRefetching}
      />
    );
  }
  const entries = pages.data.pages.flatMap((page) => page.items);
  if (entries.length === 0) {
    return <EmptyList>No entries match these filters.</EmptyList>;
  }
  return (
    <div>
      <p role="status" className="mb-2 text-sm text-gray-700 dark:text-gray-300">
        {entries.length} {entries.length === 1 ? 'entry' : 'entries'} shown, newest first
        {pages.hasNextPage ? '; more below' : ''}
      </p>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Audit log entries, newest first</caption>
        <thead className="sr-only md:not-sr-only">
          <tr className="border-b border-gray-300 bg-gray-50 text-gray-800 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-200 [&>th]:px-3 [&>th]:py-2">
            <th scope="col">When (EAT)</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">What</th>
            <th scope="col">Summary</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </tbody>
      </table>
      {pages.isFetchNextPageError && <Alert title="Failed to load more entries">{pages.error?.message}</Alert>}
      {pages.hasNextPage && (
        <div className="mt-4">
          <Button variant="secondary" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage ? <Spinner /> : <RotateCw aria-hidden="true" className="h-4 w-4" />}
            {pages.isFetchingNextPage ? 'Loading more...' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}

export default function AdminAuditPage() {
  const [query, setQuery] = useState<AuditQuery>(emptyAuditQuery);
  const exporting = useAuditExport();
  return (
    <AdminSectionPage path="/admin/audit">
      <div className="space-y-6">
        <Filters applied={query} onApply={setQuery} />
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => exporting.mutate(query)} disabled={exporting.isPending}>
            {exporting.isPending ? <Spinner /> : <Download aria-hidden="true" className="h-4 w-4" />}
            {exporting.isPending ? 'Exporting...' : 'Export CSV'}
          </Button>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            The entries these filters match, up to 100,000; each export is itself recorded here.
          </p>
        </div>
        {exporting.isError && <Alert title="The export failed">{exporting.error.message}</Alert>}
        <Entries query={query} />
      </div>
    </AdminSectionPage>
  );
}
