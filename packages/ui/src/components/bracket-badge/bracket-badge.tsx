import './bracket-badge.css';
import { clsx } from 'clsx';
import { lazy, type ReactElement, Suspense, useState } from 'react';
import type { UiMessageId } from '../../i18n/messages';
import { useUiIntl } from '../../i18n/use-ui-intl';

export type Bracket = 1 | 2 | 3 | 4 | 5;

const names: Record<Bracket, UiMessageId> = {
  1: 'ui.bracket.1.name',
  2: 'ui.bracket.2.name',
  3: 'ui.bracket.3.name',
  4: 'ui.bracket.4.name',
  5: 'ui.bracket.5.name',
};

const descriptions: Record<Bracket, UiMessageId> = {
  1: 'ui.bracket.1.description',
  2: 'ui.bracket.2.description',
  3: 'ui.bracket.3.description',
  4: 'ui.bracket.4.description',
  5: 'ui.bracket.5.description',
};

export function isBracket(value: unknown): value is Bracket {
  return value === 1 || value === 2 || value === 3 || value === 4 || value === 5;
}

export interface BracketBadgeProps {
  bracket: Bracket;
  /** `full` shows "3 · Upgraded", `compact` only the number. */
  display?: 'full' | 'compact';
  /** Tooltip with the bracket's description (default true). */
  tooltip?: boolean;
  className?: string;
}

/** A Commander bracket (1 Exhibition … 5 cEDH) with its colour and an explanatory tooltip. */
export function BracketBadge({ bracket, display = 'full', tooltip = true, className }: BracketBadgeProps) {
  const { t } = useUiIntl();
  const name = t(names[bracket]);
  const label = t('ui.bracket.label', { bracket, name });
  const badge = (
    <span className={clsx('cui-bracket', className)} data-bracket={bracket} data-display={display}>
      <span className="cui-bracket__number" aria-hidden="true">
        {bracket}
      </span>
      {display === 'full' ? (
        <span className="cui-bracket__name" aria-hidden="true">
          {name}
        </span>
      ) : null}
      <span className="cui-visually-hidden">{label}</span>
    </span>
  );
  if (!tooltip) return badge;
  return <LazyTooltip badge={badge} label={label} description={t(descriptions[bracket])} />;
}

// The tooltip (Radix, Floating UI: about 20 KB gzipped) loads on first hover or focus of a badge.
const BracketTooltip = lazy(() => import('./bracket-tooltip'));

function LazyTooltip({
  badge,
  label,
  description,
}: {
  badge: ReactElement;
  label: string;
  description: string;
}) {
  const [state, setState] = useState<'idle' | 'open' | 'focus' | 'closed'>('idle');
  const trigger = (
    <button
      type="button"
      className="cui-bracket__trigger"
      {...(state === 'idle'
        ? { onPointerEnter: () => setState('open'), onFocus: () => setState('focus') }
        : { onPointerLeave: () => setState('closed'), onBlur: () => setState('closed') })}
    >
      {badge}
    </button>
  );
  if (state === 'idle') return trigger;
  return (
    <Suspense fallback={trigger}>
      <BracketTooltip
        defaultOpen={state !== 'closed'}
        focus={state === 'focus'}
        label={label}
        description={description}
      >
        {badge}
      </BracketTooltip>
    </Suspense>
  );
}
