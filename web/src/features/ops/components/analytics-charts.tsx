// The analytics charts (recharts), in their own chunk: only /admin/analytics
// loads them. They are pictures of the daily table next to them, which is
// what screen readers get (the charts are hidden from them).

import type { ReactNode } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DayCounts } from '@/api-types/DayCounts';
import { shortDay } from './analytics-range';

// Brand (dark shade) and a blue, legible on white and on gray-900.
const brand = '#d6006b';
const blue = '#3b82f6';
const green = '#16a34a';

interface ChartProps {
  title: string;
  children: ReactNode;
}

function ChartFigure({ title, children }: ChartProps) {
  return (
    <figure className="rounded-lg border border-gray-200 p-4 dark:border-gray-700">
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      <div aria-hidden="true" className="h-64 text-gray-700 dark:text-gray-300">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
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
} as const;

export default function AnalyticsCharts({ days }: { days: DayCounts[] }) {
  const data = days.map((day) => ({ ...day, label: shortDay(day.day) }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <ChartFigure title="Page views per day">
          <AreaChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
            <XAxis dataKey="label" {...axisProps} minTickGap={16} />
            <YAxis allowDecimals={false} {...axisProps} width={40} />
            <Tooltip {...tooltipProps} />
            <Area type="monotone" dataKey="views" name="Page views" stroke={brand} fill={brand} fillOpacity={0.2} />
          </AreaChart>
        </ChartFigure>
      </div>
      <ChartFigure title="Chats per day">
        <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
          <XAxis dataKey="label" {...axisProps} minTickGap={16} />
          <YAxis allowDecimals={false} {...axisProps} width={40} />
          <Tooltip {...tooltipProps} />
          <Legend />
          <Bar dataKey="chatsStarted" name="Started" fill={blue} />
          <Bar dataKey="chatsAnswered" name="Answered" fill={green} />
        </BarChart>
      </ChartFigure>
      <ChartFigure title="Registrations and contact requests per day">
        <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
          <XAxis dataKey="label" {...axisProps} minTickGap={16} />
          <YAxis allowDecimals={false} {...axisProps} width={40} />
          <Tooltip {...tooltipProps} />
          <Legend />
          <Bar dataKey="registrations" name="Registrations" fill={brand} />
          <Bar dataKey="contactRequests" name="Contact requests" fill={blue} />
        </BarChart>
      </ChartFigure>
    </div>
  );
}
