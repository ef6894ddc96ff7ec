import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DayCounts } from '@/api-types/DayCounts';
import AnalyticsCharts, { chartDays } from './analytics-charts';

beforeEach(() => {
  // jsdom has no layout: the chart's box measures 600 × 256 (and the
  // legend nothing, so the bars get the height).
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const chart = this.classList.contains('recharts-responsive-container');
    return DOMRect.fromRect(chart ? { width: 600, height: 256 } : { width: 0, height: 0 });
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const quiet = { views: 0, visitors: 0, chatsStarted: 0, chatsAnswered: 0, registrations: 0, contactRequests: 0 };

// Ten days; traffic on the 6th, 8th and 9th only, one chat on the 9th.
const days: DayCounts[] = Array.from({ length: 10 }, (_, index) => {
  const day = `2026-03-${String(index + 1).padStart(2, '0')}`;
  const views = { 5: 40, 7: 12, 8: 3 }[index] ?? 0;
  return { ...quiet, day, views, visitors: Math.ceil(views / 4), chatsStarted: index === 8 ? 1 : 0 };
});

/** The bars of one series, by its colour, that have a height. */
function bars(container: HTMLElement, fill: string) {
  return [...container.querySelectorAll(`.recharts-bar-rectangle path[fill="${fill}"]`)].filter(
    (bar) => Number(bar.getAttribute('height')) > 0,
  );
}

describe('analytics charts', () => {
  it('leave the days without data empty', () => {
    const rows = chartDays(days);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({ day: '2026-03-01', views: null, visitors: null });
    expect(rows[5]).toMatchObject({ day: '2026-03-06', views: 40, visitors: 10 });
  });

  it('draw a bar only on the days that have data, and no line or area', async () => {
    const { container } = render(<AnalyticsCharts days={days} />);
    // Page views on three days (no registration at all).
    await waitFor(() => expect(bars(container, '#d6006b')).toHaveLength(3));
    // Visitors on the same three days, and the one chat started.
    expect(bars(container, '#3b82f6')).toHaveLength(4);
    expect(container.querySelector('.recharts-bar')).not.toBeNull();
    expect(container.querySelector('.recharts-line, .recharts-area, .recharts-curve')).toBeNull();
    // The quiet days keep their place on the axis: the 6th is two days'
    // width from the 8th, which is one from the 9th.
    const [sixth, eighth, ninth] = bars(container, '#d6006b').map((bar) => Number(bar.getAttribute('x')));
    expect(eighth! - sixth!).toBeCloseTo(2 * (ninth! - eighth!), 5);
  });

  it('says so in words, without axes, for a chart with nothing to draw', async () => {
    const { container } = render(<AnalyticsCharts days={days} />);
    // Traffic and chats have data; registrations and requests none.
    await waitFor(() => expect(container.querySelectorAll('.recharts-wrapper')).toHaveLength(2));
    const quietChart = screen.getByText('Registrations and contact requests per day').closest('figure')!;
    expect(quietChart).toHaveTextContent('Nothing was recorded in this range.');
    expect(quietChart.querySelector('svg')).toBeNull();
  });

  it('draws nothing for a range without data', () => {
    const { container } = render(<AnalyticsCharts days={days.map((day) => ({ ...day, ...quiet }))} />);
    expect(container.querySelectorAll('.recharts-bar-rectangle path')).toHaveLength(0);
    expect(screen.getAllByText('Nothing was recorded in this range.')).toHaveLength(3);
  });
});
