import './badge.css';
import { clsx } from 'clsx';
import type { HTMLAttributes } from 'react';

export const badgeTones = ['neutral', 'accent', 'success', 'warning', 'danger', 'info'] as const;
export type BadgeTone = (typeof badgeTones)[number];

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  /** `solid` for counters (e.g. unread notifications), `soft` for labels. */
  appearance?: 'soft' | 'solid' | 'outline';
}

/** A small status label or counter. */
export function Badge({ tone = 'neutral', appearance = 'soft', className, ...props }: BadgeProps) {
  return (
    <span className={clsx('cui-badge', className)} data-tone={tone} data-appearance={appearance} {...props} />
  );
}
