import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * A value at each price snapshot (a collection's, a printing's price); recharts loads only with this
 * chunk. The chart takes the
 * keyboard focus (the arrow keys move the tooltip from snapshot to snapshot) and is named and
 * described for assistive technologies: `describedBy` is the id of the summary the page renders.
 */
export default function ValueChart({
  rows,
  format,
  label,
  describedBy,
}: {
  rows: Array<{ date: string; value: number }>;
  format: (value: number) => string;
  label: string;
  describedBy: string;
}) {
  return (
    <div className="web-chart">
      <ResponsiveContainer width="100%" height={220}>
        <AreaChart
          data={rows}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer
          role="application"
          aria-label={label}
          aria-describedby={describedBy}
        >
          <defs>
            <linearGradient id="value-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="var(--cui-color-accent)" stopOpacity={0.45} />
              <stop offset="100%" stopColor="var(--cui-color-accent)" stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--cui-color-border)" vertical={false} />
          <XAxis dataKey="date" tick={{ fill: 'var(--cui-color-text-muted)', fontSize: 12 }} />
          <YAxis
            width={64}
            tickFormatter={format}
            tick={{ fill: 'var(--cui-color-text-muted)', fontSize: 12 }}
          />
          <Tooltip
            formatter={(v) => format(Number(v))}
            contentStyle={{
              background: 'var(--cui-color-surface)',
              border: '1px solid var(--cui-color-border)',
              color: 'var(--cui-color-text)',
            }}
          />
          <Area
            type="monotone"
            dataKey="value"
            stroke="var(--cui-color-accent)"
            fill="url(#value-fill)"
            strokeWidth={2}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
