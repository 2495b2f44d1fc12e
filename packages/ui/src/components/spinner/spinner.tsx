import './spinner.css';
import { clsx } from 'clsx';
import type { HTMLAttributes } from 'react';
import { useUiIntl } from '../../i18n/use-ui-intl';

export interface SpinnerProps extends HTMLAttributes<HTMLSpanElement> {
  size?: 'sm' | 'md' | 'lg';
  /** Accessible label; defaults to "Loading…". */
  label?: string;
}

/** An indeterminate loading indicator announced politely to screen readers. */
export function Spinner({ size = 'md', label, className, ...props }: SpinnerProps) {
  const { t } = useUiIntl();
  return (
    <span role="status" className={clsx('cui-spinner', className)} data-size={size} {...props}>
      <span className="cui-spinner__ring" aria-hidden="true" />
      <span className="cui-visually-hidden">{label ?? t('ui.spinner.loading')}</span>
    </span>
  );
}

export interface SkeletonProps extends HTMLAttributes<HTMLSpanElement> {
  /** Shape of the placeholder. `card` keeps a Magic card's 63×88 ratio. */
  shape?: 'text' | 'rect' | 'circle' | 'card';
  width?: number | string;
  height?: number | string;
  /** Number of text lines (shape "text"). */
  lines?: number;
}

/** A decorative placeholder shown while content loads; hidden from assistive technology. */
export function Skeleton({
  shape = 'text',
  width,
  height,
  lines = 1,
  className,
  style,
  ...props
}: SkeletonProps) {
  if (shape === 'text' && lines > 1) {
    return (
      <span className={clsx('cui-skeleton-group', className)} aria-hidden="true" {...props}>
        {Array.from({ length: lines }, (_, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder lines
            key={i}
            className="cui-skeleton"
            data-shape="text"
            style={{ width: i === lines - 1 ? '60%' : (width ?? '100%'), height }}
          />
        ))}
      </span>
    );
  }
  return (
    <span
      className={clsx('cui-skeleton', className)}
      data-shape={shape}
      aria-hidden="true"
      style={{ width, height, ...style }}
      {...props}
    />
  );
}
