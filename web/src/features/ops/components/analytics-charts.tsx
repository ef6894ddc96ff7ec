// The analytics charts (recharts), in their own chunk: only /admin/analytics
// loads them. They are pictures of the daily table next to them, which is
// what screen readers get (the charts are hidden from them).
//
// Bars, never lines: a day is drawn only when something happened on it. The
// axis still has every day of the range, so the quiet days show as gaps
// rather than a curve that rises before there was any traffic.

import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DayCounts } from '@/api-types/DayCounts';
import { shortDay } from '../lib/analytics-range';

// Brand (dark shade) and a blue, legible on white and on gray-900.
const brand = '#d6006b';
const blue = '#3b82f6';
const green = '#16a34a';

type Counted = Exclude<keyof DayCounts, 'day'>;

/** A chart's row per day: the counts of the day, with a day that has none
 * left empty (`null`), so that no bar, not even a flat one, is drawn. */
export function chartDays(days: DayCounts[]) {
  return days.map((day) => {
    const row: Record<string, string | number | null> = { day: day.day, label: shortDay(day.day) };
    for (const [key, value] of Object.entries(day) as [Counted | 'day', string | number][]) {
      if (key !== 'day') row[key] = value === 0 ? null : value;
    }
    return row;
  });
}

function ChartFigure({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  return (
    <figure className="rounded-lg border border-gray-200 p-4 dark:border-gray-700">
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      {empty ? (
        // No axes around nothing: a chart with no bar at all says it in words.
        <p className="flex h-64 items-center justify-center text-sm text-gray-700 dark:text-gray-300">
          Nothing was recorded in this range.
        </p>
      ) : (
        <div aria-hidden="true" className="h-64 text-gray-700 dark:text-gray-300">
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </div>
      )}
    </figure>
  );
}

const axisProps = {
  tick: { fill: 'currentColor', fontSize: 12 },
  stroke: 'currentColor',
} as const;

const tooltipProps = {
  contentStyle: { background: '#111827', border: 'none', borderRadius: 6, color: '#f9fafb' },
  labelStyle: { color: '#f9fafb' },
  cursor: { fillOpacity: 0.1 },
} as const;

interface Series {
  key: Counted;
  name: string;
  color: string;
}

function DailyBars({ title, data, series }: { title: string; data: ReturnType<typeof chartDays>; series: Series[] }) {
  const empty = data.every((day) => series.every((one) => day[one.key] === null));
  return (
    <ChartFigure title={title} empty={empty}>
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} vertical={false} />
        <XAxis dataKey="label" {...axisProps} minTickGap={16} />
        {/* Round steps (1, 2, 2.5, 5 × 10ⁿ) for labels people read at a glance. */}
        <YAxis allowDecimals={false} niceTicks="snap125" {...axisProps} width={40} />
        <Tooltip {...tooltipProps} />
        {/* The series in the order given, not sorted by name. */}
        <Legend itemSorter={null} />
        {series.map((one) => (
          <Bar key={one.key} dataKey={one.key} name={one.name} fill={one.color} isAnimationActive={false} />
        ))}
      </BarChart>
    </ChartFigure>
  );
}

export default function AnalyticsCharts({ days }: { days: DayCounts[] }) {
  const data = chartDays(days);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <DailyBars
          title="Page views and unique visitors per day"
          data={data}
          series={[
            { key: 'views', name: 'Page views', color: brand },
            { key: 'visitors', name: 'Unique visitors', color: blue },
          ]}
        />
      </div>
      <DailyBars
        title="Chats per day"
        data={data}
        series={[
          { key: 'chatsStarted', name: 'Started', color: blue },
          { key: 'chatsAnswered', name: 'Answered', color: green },
        ]}
      />
      <DailyBars
        title="Registrations and contact requests per day"
        data={data}
        series={[
          { key: 'registrations', name: 'Registrations', color: brand },
          { key: 'contactRequests', name: 'Contact requests', color: blue },
        ]}
      />
    </div>
  );
}
