import { RefreshCw } from 'lucide-react';
import type { DatabaseOverview } from '@/api-types/DatabaseOverview';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingMessage, Spinner } from '@/components/ui/spinner';
import { useDatabaseOverview } from '../api/database-overview';
import { AdminSectionPage } from '@/components/admin/admin-section-page';
import { count, DataTable } from './analytics-tables';
import { DeadLetters } from './database-dead-letters';
import { bytes, when } from './database-format';

function Streams({ overview }: { overview: DatabaseOverview }) {
  return (
    <section aria-labelledby="streams-heading" className="space-y-4">
      <h2 id="streams-heading" className="text-2xl font-semibold">
        Streams and consumers
      </h2>
      {overview.streamsError && <Alert title="Streams unavailable">{overview.streamsError}</Alert>}
      {!overview.streamsError && overview.streams.length === 0 && (
        <p className="text-gray-700 dark:text-gray-300">No JetStream stream exists yet.</p>
      )}
      {overview.streams.map((stream) => (
        <DataTable
          key={stream.name}
          caption={`${stream.name}: ${count(stream.messages)} messages, ${bytes(stream.bytes)}, last sequence ${count(stream.lastSeq)}`}
          columns={[
            { header: 'Consumer', cell: (row) => row.name },
            { header: 'Pending', cell: (row) => count(row.pending), numeric: true },
            { header: 'Ack pending', cell: (row) => count(row.ackPending), numeric: true },
            { header: 'Redelivered', cell: (row) => count(row.redelivered), numeric: true },
            { header: 'Ack floor', cell: (row) => count(row.ackFloor), numeric: true },
            { header: 'Lag', cell: (row) => count(row.lag), numeric: true },
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
      <section aria-labelledby="tables-heading" className="space-y-4">
        <h2 id="tables-heading" className="text-2xl font-semibold">
          Tables
        </h2>
        <p className="text-sm text-gray-700 dark:text-gray-300" data-testid="attachment-totals">
          Chat attachments: {count(overview.chatAttachments.count)} files, {bytes(overview.chatAttachments.bytes)} (thumbnails{' '}
          {bytes(overview.chatAttachments.thumbnailBytes)}), stored in the chat_attachments table.
        </p>
        <DataTable
          caption="Tables of the public schema (rows are Postgres's estimate)"
          columns={[
            { header: 'Table', cell: (row) => row.name },
            {
              header: 'Rows',
              cell: (row) => (row.rowEstimate === null ? 'Not analysed yet' : `≈ ${count(row.rowEstimate)}`),
              numeric: true,
            },
            { header: 'Size', cell: (row) => bytes(row.totalBytes), numeric: true },
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
            As of {new Date(overview.dataUpdatedAt).toLocaleTimeString('en-US', { hour12: false })}
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
