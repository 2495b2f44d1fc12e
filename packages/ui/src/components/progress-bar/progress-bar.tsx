import './progress-bar.css';
import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';
import { useUiIntl } from '../../i18n/use-ui-intl';

export interface ProgressBarProps {
  /** Visible label, e.g. "Importing collection". */
  label: ReactNode;
  /** Current value; leave undefined for an indeterminate bar. */
  value?: number;
  max?: number;
  /** Show the percentage next to the label (default true when determinate). */
  showValue?: boolean;
  /** Extra text under the bar, e.g. "612 of 1,204 cards". */
  detail?: ReactNode;
  tone?: 'accent' | 'success' | 'danger';
  className?: string;
}

/** A native <progress> with a visible label and a localised percentage. */
export function ProgressBar({
  label,
  value,
  max = 100,
  showValue = true,
  detail,
  tone = 'accent',
  className,
}: ProgressBarProps) {
  const { intl } = useUiIntl();
  const id = useId();
  const determinate = value !== undefined && Number.isFinite(value) && max > 0;
  const clamped = determinate ? Math.min(Math.max(value, 0), max) : 0;
  const ratio = determinate ? clamped / max : 0;
  const percent = intl.formatNumber(ratio, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <div className={clsx('cui-progress', className)} data-tone={tone}>
      <div className="cui-progress__header">
        <label className="cui-progress__label" htmlFor={id}>
          {label}
        </label>
        {determinate && showValue ? (
          <span className="cui-progress__value" aria-hidden="true">
            {percent}
          </span>
        ) : null}
      </div>
      <progress
        id={id}
        className="cui-progress__bar"
        max={max}
        {...(determinate ? { value: clamped, 'aria-valuetext': percent } : {})}
      />
      {detail ? <div className="cui-progress__detail">{detail}</div> : null}
    </div>
  );
}
