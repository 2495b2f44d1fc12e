import { Skeleton } from '@companion/ui';
import { lazy, type ReactNode, Suspense } from 'react';
import type { BarRow } from './bar-chart';
import { ScrollTable } from './scroll-table';

const SocialBarChart = lazy(() => import('./bar-chart'));

function TableFrame({ visible, label, children }: { visible: boolean; label: string; children: ReactNode }) {
  return visible ? (
    <ScrollTable label={label}>{children}</ScrollTable>
  ) : (
    <div className="cui-visually-hidden">{children}</div>
  );
}

export interface ChartTableColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

/**
 * A chart for the eye and the same figures as a table for screen readers (the chart is
 * aria-hidden; the table is visually hidden unless `showTable`).
 */
export function ChartWithTable<T>({
  caption,
  rows,
  chart,
  chartName,
  unit,
  columns,
  rowKey,
  showTable = false,
}: {
  caption: string;
  rows: readonly T[];
  chart: (row: T) => BarRow;
  chartName: string;
  unit?: string;
  columns: ChartTableColumn<T>[];
  rowKey: (row: T) => string;
  showTable?: boolean;
}) {
  return (
    <>
      <Suspense fallback={<Skeleton shape="rect" height={260} />}>
        <SocialBarChart rows={rows.map(chart)} name={chartName} {...(unit ? { unit } : {})} />
      </Suspense>
      <TableFrame visible={showTable} label={caption}>
        <table className="web-table">
          <caption className={showTable ? 'cui-visually-hidden' : undefined}>{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className={c.numeric ? 'web-num' : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c, i) =>
                  i === 0 ? (
                    <th key={c.header} scope="row">
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td key={c.header} className={c.numeric ? 'web-num' : undefined}>
                      {c.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
    </>
  );
}
