import type { Stats } from '@companion/sdk/contract';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export interface MonthRow {
  label: string;
  games: number;
  wins: number;
  winRate: number;
}

/**
 * Games (bars) and win rate (line) by month; recharts loads only with this chunk. The chart takes the
 * keyboard focus (recharts' accessibility layer: the arrow keys move the tooltip from month to month)
 * and is named and described for assistive technologies: `describedBy` is the id of the summary the
 * page renders next to it, with the table of every value.
 */
export default function DashboardChart({
  rows,
  labels,
  describedBy,
}: {
  rows: MonthRow[];
  labels: { games: string; winRate: string; chart: string };
  describedBy: string;
}) {
  return (
    <div className="web-chart">
      <ResponsiveContainer width="100%" height={260}>
        <ComposedChart
          data={rows}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          accessibilityLayer
          role="application"
          aria-label={labels.chart}
          aria-describedby={describedBy}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="var(--cui-color-border)" vertical={false} />
          <XAxis dataKey="label" tick={{ fill: 'var(--cui-color-text-muted)', fontSize: 12 }} />
          <YAxis
            yAxisId="games"
            allowDecimals={false}
            tick={{ fill: 'var(--cui-color-text-muted)', fontSize: 12 }}
          />
          <YAxis
            yAxisId="rate"
            orientation="right"
            domain={[0, 100]}
            unit="%"
            tick={{ fill: 'var(--cui-color-text-muted)', fontSize: 12 }}
          />
          <Tooltip
            contentStyle={{
              background: 'var(--cui-color-surface)',
              border: '1px solid var(--cui-color-border)',
              color: 'var(--cui-color-text)',
            }}
          />
          <Bar
            yAxisId="games"
            dataKey="games"
            name={labels.games}
            fill="var(--cui-color-accent)"
            radius={[4, 4, 0, 0]}
          />
          <Line
            yAxisId="rate"
            type="monotone"
            dataKey="winRate"
            name={labels.winRate}
            stroke="var(--cui-color-gold)"
            strokeWidth={2}
            dot={{ r: 3 }}
            unit="%"
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

export type { Stats };
