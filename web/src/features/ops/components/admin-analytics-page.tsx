import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { AnalyticsReport } from '@/api-types/AnalyticsReport';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingMessage, Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useAnalyticsReport } from '../api/analytics-report';
import { AdminSectionPage } from '@/components/admin/admin-section-page';
import { duration, isPreset, lastDays, nairobiToday, rangePresets, rangeProblem, shortDay, type DayRange } from '../lib/analytics-range';
import { count, DataTable } from './analytics-tables';

// recharts is large: it loads with the charts, never with the public pages.
const AnalyticsCharts = lazy(() => import('./analytics-charts'));

/** Ratings of chats no agent answered (or whose agent's account is gone). */
export const noAgentRatings = 'No agent (chat not answered)';

function Summary({ report }: { report: AnalyticsReport }) {
  const total = (key: 'visitors' | 'chatsStarted' | 'chatsAnswered' | 'registrations' | 'contactRequests') =>
    report.days.reduce((sum, day) => sum + day[key], 0);
  const items: { label: string; value: string; help?: string }[] = [
    { label: 'Page views', value: count(report.totalViews) },
    {
      label: 'Unique visitors',
      value: count(total('visitors')),
      help: 'Counted per day and added up: a visitor who returns on another day counts again.',
    },
    { label: 'Chats started', value: count(total('chatsStarted')) },
    { label: 'Chats answered', value: count(total('chatsAnswered')) },
    { label: 'Median first response', value: duration(report.medianFirstResponseSeconds) },
    { label: 'Registrations', value: count(total('registrations')) },
    { label: 'Contact requests', value: count(total('contactRequests')) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="rounded-lg border border-gray-200 p-4 dark:border-gray-700">
          <dt className="text-sm text-gray-700 dark:text-gray-300">{item.label}</dt>
          <dd className="mt-1 text-2xl font-bold">{item.value}</dd>
          {item.help && <dd className="mt-1 text-xs text-gray-700 dark:text-gray-300">{item.help}</dd>}
        </div>
      ))}
    </dl>
  );
}

function Report({ report }: { report: AnalyticsReport }) {
  const quiet = report.totalViews === 0 && report.days.every((day) => day.chatsStarted + day.registrations + day.contactRequests === 0);
  return (
    <div className="space-y-8">
      <Summary report={report} />
      {quiet && (
        <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-700 dark:border-gray-600 dark:text-gray-300">
          Nothing was recorded between {shortDay(report.from)} and {shortDay(report.to)}. Page views are counted only for
          visitors who accepted cookies.
        </p>
      )}
      <Suspense fallback={<LoadingMessage>Loading charts...</LoadingMessage>}>
        <AnalyticsCharts days={report.days} />
      </Suspense>
      <div className="grid gap-6 lg:grid-cols-2">
        <DataTable
          caption="Top pages"
          columns={[
            { header: 'Page', cell: (row) => row.path },
            { header: 'Views', cell: (row) => count(row.views), numeric: true },
          ]}
          rows={report.topPages}
          rowKey={(row) => row.path}
          empty="No page views in this range."
        />
        <DataTable
          caption="Top referrers"
          columns={[
            {
              header: 'Site',
              help: 'The site a visitor came from: its host only, this site left out.',
              cell: (row) => row.host,
            },
            { header: 'Views', cell: (row) => count(row.views), numeric: true },
          ]}
          rows={report.topReferrers}
          rowKey={(row) => row.host}
          empty="No visitor came from another site in this range."
        />
      </div>
      <DataTable
        caption="Messages per agent"
        columns={[
          { header: 'Agent', cell: (row) => row.name },
          { header: 'Messages', cell: (row) => count(row.messages), numeric: true },
        ]}
        rows={report.messagesPerAgent}
        rowKey={(row) => row.agentId ?? 'deleted'}
        empty="No agent wrote in this range."
      />
      <DataTable
        caption="Chat ratings per agent and week"
        columns={[
          { header: 'Week of', cell: (row) => row.week },
          { header: 'Agent', cell: (row) => (row.agentId === null ? noAgentRatings : row.name) },
          { header: 'Ratings', cell: (row) => count(row.ratings), numeric: true },
          { header: 'Average (1–5)', cell: (row) => row.average.toFixed(1), numeric: true },
        ]}
        rows={report.ratingsPerAgentWeek}
        rowKey={(row) => `${row.week}:${row.agentId ?? 'none'}`}
        empty="No chat was rated in this range."
      />
      <details className="rounded-lg border border-gray-200 p-4 dark:border-gray-700">
        <summary className="cursor-pointer font-semibold">The daily numbers as a table</summary>
        <div className="mt-4">
          <DataTable
            caption="Per day"
            columns={[
              { header: 'Day', cell: (row) => row.day },
              { header: 'Page views', cell: (row) => count(row.views), numeric: true },
              { header: 'Unique visitors', cell: (row) => count(row.visitors), numeric: true },
              { header: 'Chats started', cell: (row) => count(row.chatsStarted), numeric: true },
              { header: 'Chats answered', cell: (row) => count(row.chatsAnswered), numeric: true },
              { header: 'Registrations', cell: (row) => count(row.registrations), numeric: true },
              { header: 'Contact requests', cell: (row) => count(row.contactRequests), numeric: true },
            ]}
            rows={report.days}
            rowKey={(row) => row.day}
            empty="No days in this range."
          />
        </div>
      </details>
    </div>
  );
}

export default function AdminAnalyticsPage() {
  const [today] = useState(() => nairobiToday());
  const [draft, setDraft] = useState<DayRange>(() => lastDays(30, today));
  const [range, setRange] = useState<DayRange>(draft);
  const [problem, setProblem] = useState<string | null>(null);
  const report = useAnalyticsReport(range);

  const show = (next: DayRange) => {
    setDraft(next);
    const wrong = rangeProblem(next);
    setProblem(wrong);
    if (!wrong) setRange(next);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    show(draft);
  };

  return (
    <AdminSectionPage path="/admin/analytics">
      <form onSubmit={onSubmit} noValidate aria-label="Date range" className="space-y-4">
        <div className="flex flex-wrap items-end gap-4">
          <TextField
            label="From"
            type="date"
            value={draft.from}
            max={today}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
          <TextField
            label="To"
            type="date"
            value={draft.to}
            max={today}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
          <Button type="submit">Show</Button>
          {report.isFetching && (
            <span role="status" className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
              <Spinner /> Loading...
            </span>
          )}
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Quick ranges">
          {rangePresets.map((preset) => {
            const active = isPreset(range, preset.days, today);
            return (
              <Button
                key={preset.days}
                variant={active ? 'primary' : 'secondary'}
                aria-pressed={active}
                onClick={() => show(lastDays(preset.days, today))}
              >
                {preset.label}
              </Button>
            );
          })}
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
      </form>
      <div className="mt-8">
        {report.isPending ? (
          <LoadingMessage>Loading analytics...</LoadingMessage>
        ) : report.isError ? (
          <div className="space-y-4">
            <Alert title="The analytics could not be loaded">{report.error.message}</Alert>
            <Button variant="secondary" onClick={() => void report.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <Report report={report.data} />
        )}
      </div>
    </AdminSectionPage>
  );
}
