import './pagination.css';
import { clsx } from 'clsx';
import type { MouseEvent } from 'react';
import { useUiIntl } from '../../i18n/use-ui-intl';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * Pages to show: always the first and last, the current one with `siblings` on each side,
 * and ellipses for the gaps. The length stays constant (2 * siblings + 5) when pageCount allows.
 */
export function paginationRange(page: number, pageCount: number, siblings = 1): PageItem[] {
  const total = Math.max(0, Math.floor(pageCount));
  const slots = 2 * siblings + 5;
  if (total <= slots) return Array.from({ length: total }, (_, i) => i + 1);
  const current = Math.min(Math.max(1, page), total);
  const left = Math.max(current - siblings, 1);
  const right = Math.min(current + siblings, total);
  const showLeftGap = left > 3;
  const showRightGap = right < total - 2;
  if (!showLeftGap && showRightGap) {
    const count = 3 + 2 * siblings;
    return [...Array.from({ length: count }, (_, i) => i + 1), 'ellipsis-end', total];
  }
  if (showLeftGap && !showRightGap) {
    const count = 3 + 2 * siblings;
    return [1, 'ellipsis-start', ...Array.from({ length: count }, (_, i) => total - count + 1 + i)];
  }
  return [
    1,
    'ellipsis-start',
    ...Array.from({ length: right - left + 1 }, (_, i) => left + i),
    'ellipsis-end',
    total,
  ];
}

export interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  pageCount: number;
  onPageChange?: (page: number) => void;
  /** When given, pages are links (crawlable, open in new tab); clicks still call onPageChange. */
  getHref?: (page: number) => string;
  siblings?: number;
  className?: string;
}

const arrow = (direction: 'left' | 'right') => (
  <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
    <path
      fill="currentColor"
      d={
        direction === 'left'
          ? 'M9.78 3.22a.75.75 0 0 1 0 1.06L6.06 8l3.72 3.72a.75.75 0 1 1-1.06 1.06L4.47 8.53a.75.75 0 0 1 0-1.06l4.25-4.25a.75.75 0 0 1 1.06 0Z'
          : 'M6.22 3.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L9.94 8 6.22 4.28a.75.75 0 0 1 0-1.06Z'
      }
    />
  </svg>
);

/** Page navigation; on phones only previous, "Page x of y" and next are shown. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  getHref,
  siblings = 1,
  className,
}: PaginationProps) {
  const { t } = useUiIntl();
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(1, page), pageCount);

  const control = (
    target: number,
    content: React.ReactNode,
    props: Record<string, unknown>,
    disabled = false,
  ) => {
    if (disabled) {
      return (
        <span className="cui-pagination__link" aria-disabled="true" {...props}>
          {content}
        </span>
      );
    }
    if (getHref) {
      return (
        <a
          className="cui-pagination__link"
          href={getHref(target)}
          onClick={(event: MouseEvent<HTMLAnchorElement>) => {
            if (!onPageChange || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
              return;
            event.preventDefault();
            onPageChange(target);
          }}
          {...props}
        >
          {content}
        </a>
      );
    }
    return (
      <button
        type="button"
        className="cui-pagination__link"
        onClick={() => onPageChange?.(target)}
        {...props}
      >
        {content}
      </button>
    );
  };

  return (
    <nav className={clsx('cui-pagination', className)} aria-label={t('ui.pagination.label')}>
      <ul className="cui-pagination__list">
        <li className="cui-pagination__step">
          {control(
            current - 1,
            <>
              {arrow('left')}
              <span className="cui-pagination__step-text">{t('ui.pagination.previous')}</span>
            </>,
            { 'aria-label': t('ui.pagination.previousPage'), rel: getHref ? 'prev' : undefined },
            current <= 1,
          )}
        </li>
        {paginationRange(current, pageCount, siblings).map((item) =>
          typeof item === 'number' ? (
            <li key={item} className="cui-pagination__page" data-current={item === current || undefined}>
              {control(item, item, {
                'aria-label': t('ui.pagination.page', { page: item }),
                'aria-current': item === current ? 'page' : undefined,
              })}
            </li>
          ) : (
            <li key={item} className="cui-pagination__ellipsis" aria-hidden="true">
              …
            </li>
          ),
        )}
        <li className="cui-pagination__summary" aria-hidden="true">
          {t('ui.pagination.summary', { page: current, pageCount })}
        </li>
        <li className="cui-pagination__step">
          {control(
            current + 1,
            <>
              <span className="cui-pagination__step-text">{t('ui.pagination.next')}</span>
              {arrow('right')}
            </>,
            { 'aria-label': t('ui.pagination.nextPage'), rel: getHref ? 'next' : undefined },
            current >= pageCount,
          )}
        </li>
      </ul>
    </nav>
  );
}
