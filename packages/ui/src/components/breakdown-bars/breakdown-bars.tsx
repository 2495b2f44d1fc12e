import './breakdown-bars.css';
import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';

export interface BreakdownItem {
  key: string;
  label: ReactNode;
  /** What the bar length shows (e.g. value or card count). */
  value: number;
  /** Text at the end of the row, e.g. "$12.40 · 31 cards". */
  detail?: ReactNode;
  /** Bar colour (any CSS colour); the accent colour by default. */
  color?: string;
}

export interface BreakdownBarsProps {
  title: ReactNode;
  items: readonly BreakdownItem[];
  /** Shown when there is no item. */
  empty?: ReactNode;
  /** Rows shown at most (the largest first when `sorted`). */
  limit?: number;
  /** Largest first (default true). */
  sorted?: boolean;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** A labelled horizontal bar per item (collection by set, colour or rarity; mana curve…). */
export function BreakdownBars({
  title,
  items,
  empty,
  limit,
  sorted = true,
  headingLevel = 3,
  className,
}: BreakdownBarsProps) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const rows = (sorted ? [...items].sort((a, b) => b.value - a.value) : [...items]).slice(0, limit);
  const max = Math.max(0, ...rows.map((r) => r.value));
  return (
    <section className={clsx('cui-breakdown', className)} aria-labelledby={id}>
      <Heading id={id} className="cui-breakdown__title">
        {title}
      </Heading>
      {rows.length === 0 ? (
        <p className="cui-breakdown__empty">{empty}</p>
      ) : (
        <ul className="cui-breakdown__list">
          {rows.map((row) => (
            <li key={row.key} className="cui-breakdown__row">
              <span className="cui-breakdown__label">{row.label}</span>
              <span className="cui-breakdown__track" aria-hidden="true">
                <span
                  className="cui-breakdown__bar"
                  style={{
                    width: `${max > 0 ? Math.max(2, (row.value / max) * 100) : 0}%`,
                    ...(row.color ? { background: row.color } : {}),
                  }}
                />
              </span>
              {row.detail !== undefined ? <span className="cui-breakdown__detail">{row.detail}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
