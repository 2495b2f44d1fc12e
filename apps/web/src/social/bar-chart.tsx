import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface BarRow {
  label: string;
  value: number;
}

/** A horizontal-label bar chart; recharts loads only with this chunk. Hidden from screen readers (a table says the same). */
export default function SocialBarChart({
  rows,
  name,
  unit,
}: {
  rows: BarRow[];
  name: string;
  unit?: string;
}) {
  return (
    <div className="web-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={260}>
        <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--cui-color-border)" vertical={false} />
          <XAxis
            dataKey="label"
            tick={{ fill: 'var(--cui-color-text-muted)', fontSize: 12 }}
            interval={0}
            tickFormatter={(label: string) => (label.length > 9 ? `${label.slice(0, 8)}…` : label)}
          />
          <YAxis
            allowDecimals={false}
            unit={unit}
            tick={{ fill: 'var(--cui-color-text-muted)', fontSize: 12 }}
            {...(unit === '%' ? { domain: [0, 100] } : {})}
          />
          <Tooltip
            cursor={{ fill: 'var(--cui-color-surface-2)' }}
            contentStyle={{
              background: 'var(--cui-color-surface)',
              border: '1px solid var(--cui-color-border)',
              color: 'var(--cui-color-text)',
            }}
          />
          <Bar
            maxBarSize={56}
            dataKey="value"
            name={name}
            unit={unit}
            fill="var(--cui-color-accent)"
            radius={[4, 4, 0, 0]}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
