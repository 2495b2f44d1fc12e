import './empty-state.css';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** Illustration or icon; decorative. Defaults to a stack of cards. */
  icon?: ReactNode;
  /** Call to action, typically a Button. */
  action?: ReactNode;
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

const defaultIcon = (
  <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
    <rect
      x="14"
      y="10"
      width="30"
      height="42"
      rx="3"
      transform="rotate(-12 29 31)"
      fill="currentColor"
      opacity=".25"
    />
    <rect
      x="20"
      y="10"
      width="30"
      height="42"
      rx="3"
      transform="rotate(8 35 31)"
      fill="currentColor"
      opacity=".45"
    />
    <rect x="17" y="12" width="30" height="42" rx="3" fill="none" stroke="currentColor" strokeWidth="2.5" />
    <path d="M26 33h12M32 27v12" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
  </svg>
);

/** What a page shows when a list is empty: a picture, a sentence and the next step. */
export function EmptyState({
  title,
  description,
  icon,
  action,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={clsx('cui-empty', className)}>
      <div className="cui-empty__icon" aria-hidden="true">
        {icon ?? defaultIcon}
      </div>
      <Heading className="cui-empty__title">{title}</Heading>
      {description ? <p className="cui-empty__description">{description}</p> : null}
      {action ? <div className="cui-empty__action">{action}</div> : null}
    </section>
  );
}
