import { RefreshCw } from 'lucide-react';
import type { ConsumerSummary } from '@/api-types/ConsumerSummary';
import type { DatabaseOverview } from '@/api-types/DatabaseOverview';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingMessage, Spinner } from '@/components/ui/spinner';
import { useDatabaseOverview } from '../api/database-overview';
import { AdminSectionPage } from '@/components/admin/admin-section-page';
import { count, DataTable } from './analytics-tables';
import { DeadLetters } from './database-dead-letters';
import { formatEatClock } from '@/lib/admin-time';
import { bytes, tableRows, waited, when } from '../lib/database-format';
import { Retention } from './database-retention';

/** The consumer figures, each with what it means. */
const consumerFigures = {
  pending: {
    header: 'Not delivered',
    help: 'Messages on the subjects it receives that it has not been given yet.',
  },
  ackPending: {
    header: 'Unacknowledged',
    help: 'Given to it and not acknowledged yet: being worked on, or to be given again.',
  },
  redelivered: {
    header: 'Redelivered',
    help: 'Of the unacknowledged, those given more than once: its worker failed or was slow.',
  },
  oldest: {
    header: 'Oldest waiting',
    help: 'How long ago the oldest message it has not acknowledged (given or not) arrived.',
  },
  ackFloor: {
    header: 'Ack floor',
    help: 'Every message it receives up to this stream sequence is acknowledged.',
  },
} as const;

function ConsumerName({ consumer }: { consumer: ConsumerSummary }) {
  return (
    <>
      {/* Whole names: on a narrow screen the table scrolls rather than break them. */}
      <span className="font-medium whitespace-nowrap">{consumer.name}</span>{' '}
      <span className="block text-xs whitespace-nowrap text-gray-700 dark:text-gray-300">
        {consumer.filterSubjects.length === 0 ? 'every subject' : consumer.filterSubjects.join(', ')}
      </span>
    </>
  );
}

function Streams({ overview }: { overview: DatabaseOverview }) {
  return (
    <section aria-labelledby="streams-heading" className="space-y-4">
      <h2 id="streams-heading" className="text-2xl font-semibold">
        Streams and consumers
      </h2>
      <p className="text-gray-700 dark:text-gray-300">
        A stream stores messages of several subjects; each consumer receives only its own, and its figures count only
        those.
      </p>
      <dl aria-label="What the consumer figures mean" className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {Object.values(consumerFigures).map((figure) => (
          <div key={figure.header} className="contents">
            <dt className="font-semibold">{figure.header}</dt>
            <dd className="mb-2 text-gray-700 sm:mb-0 dark:text-gray-300">{figure.help}</dd>
          </div>
        ))}
      </dl>
      {overview.streamsError && <Alert title="Streams unavailable">{overview.streamsError}</Alert>}
      {!overview.streamsError && overview.streams.length === 0 && (
        <p className="text-gray-700 dark:text-gray-300">No JetStream stream exists yet.</p>
      )}
      {overview.streams.map((stream) => (
        <DataTable
          key={stream.name}
          caption={`${stream.name}: ${count(stream.messages)} messages stored (all subjects), ${bytes(stream.bytes)}, last sequence ${count(stream.lastSeq)}`}
          columns={[
            { header: 'Consumer', cell: (row) => <ConsumerName consumer={row} /> },
            { ...consumerFigures.pending, cell: (row) => count(row.pending), numeric: true },
            { ...consumerFigures.ackPending, cell: (row) => count(row.ackPending), numeric: true },
            { ...consumerFigures.redelivered, cell: (row) => count(row.redelivered), numeric: true },
            { ...consumerFigures.oldest, cell: (row) => waited(row.oldestUnackedSeconds), numeric: true },
            { ...consumerFigures.ackFloor, cell: (row) => count(row.ackFloor), numeric: true },
          ]}
          rows={stream.consumers}
          rowKey={(row) => row.name}
          empty="No consumer reads this stream."
        />
      ))}
    </section>
  );
}

function Overview({ overview }: { overview: DatabaseOverview }) {
  return (
    <div className="space-y-12">
      <DeadLetters letters={overview.deadLetters} pending={overview.deadLettersPending} />
      <Streams overview={overview} />
      <Retention retention={overview.retention} />
      <section aria-labelledby="tables-heading" className="space-y-4">
        <h2 id="tables-heading" className="text-2xl font-semibold">
          Tables
        </h2>
        <p className="text-sm text-gray-700 dark:text-gray-300" data-testid="attachment-totals">
          Chat attachments: {count(overview.chatAttachments.count)} files, {bytes(overview.chatAttachments.bytes)} as uploaded
          (thumbnails {bytes(overview.chatAttachments.thumbnailBytes)}), stored in the chat_attachments table. Postgres
          compresses them, so that table&apos;s stored size (compressed) below can be much smaller.
        </p>
        <DataTable
          caption="Tables of the public schema: rows counted, or estimated for tables over 8 MiB"
          columns={[
            { header: 'Table', cell: (row) => row.name },
            {
              header: 'Rows',
              help: 'Counted exactly when the table holds at most 8 MiB of rows; estimated from a sample or the last ANALYZE above.',
              cell: (row) => tableRows(row.rows, row.rowsEstimated),
              numeric: true,
            },
            {
              header: 'Stored size',
              help: 'Stored size (compressed): the table, its indexes and its TOAST data together, on disk.',
              cell: (row) => bytes(row.totalBytes),
              numeric: true,
            },
          ]}
          rows={overview.tables}
          rowKey={(row) => row.name}
          empty="No tables."
        />
      </section>
      <section aria-labelledby="migrations-heading" className="space-y-4">
        <h2 id="migrations-heading" className="text-2xl font-semibold">
          Migrations
        </h2>
        <DataTable
          caption={`${overview.migrations.length} applied migrations, oldest first`}
          columns={[
            { header: 'Version', cell: (row) => row.version },
            { header: 'Description', cell: (row) => row.description },
            { header: 'Applied', cell: (row) => when(row.installedOn) },
            { header: 'Status', cell: (row) => (row.success ? 'Applied' : 'Failed') },
          ]}
          rows={overview.migrations}
          rowKey={(row) => String(row.version)}
          empty="No migrations have been applied."
        />
      </section>
    </div>
  );
}

export default function AdminDatabasePage() {
  const overview = useDatabaseOverview();
  return (
    <AdminSectionPage path="/admin/database">
      <div className="flex flex-wrap items-center gap-4">
        <Button variant="secondary" onClick={() => void overview.refetch()} disabled={overview.isFetching}>
          {overview.isFetching ? <Spinner /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
          Refresh
        </Button>
        {overview.dataUpdatedAt > 0 && (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            As of {formatEatClock(overview.dataUpdatedAt)}
          </p>
        )}
      </div>
      <div className="mt-8">
        {overview.isPending ? (
          <LoadingMessage>Loading the database overview...</LoadingMessage>
        ) : overview.isError ? (
          <div className="space-y-4">
            <Alert title="The database overview could not be loaded">{overview.error.message}</Alert>
            <Button variant="secondary" onClick={() => void overview.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <Overview overview={overview.data} />
        )}
      </div>
    </AdminSectionPage>
  );
}
