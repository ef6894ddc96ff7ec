import type { RetentionOverview } from '@/api-types/RetentionOverview';
import { count, DataTable } from './analytics-tables';
import { when } from '../lib/database-format';

/** What one run removed, in words: "12 resolved_chats, 3 dead_letters" by label. */
function removedSummary(removed: Record<string, number>, labels: Map<string, string>): string {
  const parts = Object.entries(removed)
    .filter(([, rows]) => rows > 0)
    .map(([kind, rows]) => `${count(rows)} ${labels.get(kind) ?? kind}`);
  return parts.length === 0 ? 'Nothing past its period' : parts.join('; ');
}

/**
 * The retention worker on the database page: what its next run would remove
 * if it ran now (per kind of data, with the period that applies) and what its
 * latest runs removed.
 */
export function Retention({ retention }: { retention: RetentionOverview }) {
  const labels = new Map(retention.nextRun.map((row) => [row.kind, row.label.toLowerCase()]));
  const due = retention.nextRun.reduce((sum, row) => sum + row.rows, 0);
  return (
    <section aria-labelledby="retention-heading" className="space-y-4">
      <h2 id="retention-heading" className="text-2xl font-semibold">
        Retention
      </h2>
      <p className="text-gray-700 dark:text-gray-300">
        The retention worker deletes personal data past its period every hour, in small batches. Periods are set in the
        site settings.{' '}
        {retention.nextRunAt ? `Next run due around ${when(retention.nextRunAt)}.` : 'It has not run yet.'}
      </p>
      <DataTable
        caption={`Next run: ${count(due)} rows past their period now`}
        columns={[
          { header: 'Data', cell: (row) => row.label },
          { header: 'Kept for', cell: (row) => row.period },
          {
            header: 'Would remove',
            help: 'Rows past their period right now: what the next run deletes.',
            cell: (row) => count(row.rows),
            numeric: true,
          },
        ]}
        rows={retention.nextRun}
        rowKey={(row) => row.kind}
        empty="No kinds of data."
      />
      <DataTable
        caption="Latest runs, newest first"
        columns={[
          { header: 'Started', cell: (row) => when(row.startedAt) },
          { header: 'Finished', cell: (row) => when(row.finishedAt) },
          { header: 'Removed', cell: (row) => removedSummary(row.removed, labels) },
        ]}
        rows={retention.runs}
        rowKey={(row) => row.id}
        empty="The retention worker has not run yet."
      />
    </section>
  );
}
