import './error-page.css';
import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';
import { useUiIntl } from '../../i18n/use-ui-intl';
import { Button } from '../button/button';

export type ErrorPageVariant = 'not-found' | 'server';

export interface ErrorPageProps {
  /** HTTP-like status. 404 selects the not-found variant; the server variant defaults to 500. */
  status?: number;
  /** Force a variant; otherwise derived from `status`. */
  variant?: ErrorPageVariant;
  /** Overrides the default heading ("Page Not Found" / "Internal Server Error"). */
  message?: ReactNode;
  /** Path that was not found: the heading becomes "Page Not Found: {path}". */
  path?: string;
  /** The error behind a server error; its message is shown. */
  error?: { message?: string } | null;
  /** Where "Back to home" goes (default "/"). */
  homeHref?: string;
  /** Shows a "Try again" button on the server variant. */
  onRetry?: () => void;
  /** Replace the default actions. */
  actions?: ReactNode;
  className?: string;
}

/** The 404 and server-error page body, following the spec's error catalogue. */
export function ErrorPage({
  status,
  variant,
  message,
  path,
  error,
  homeHref = '/',
  onRetry,
  actions,
  className,
}: ErrorPageProps) {
  const { t } = useUiIntl();
  const titleId = useId();
  const kind: ErrorPageVariant = variant ?? (status === 404 ? 'not-found' : 'server');
  const code = kind === 'not-found' ? (status ?? 404) : (status ?? 500);
  const heading =
    message ??
    (kind === 'not-found'
      ? path
        ? t('ui.errorPage.notFoundWithPath', { path })
        : t('ui.errorPage.notFound')
      : t('ui.errorPage.serverError'));
  const hint = kind === 'not-found' ? t('ui.errorPage.notFoundHint') : t('ui.errorPage.serverHint');
  const detail = kind === 'server' ? error?.message : undefined;
  return (
    <section className={clsx('cui-error-page', className)} data-variant={kind} aria-labelledby={titleId}>
      <p className="cui-error-page__status" aria-hidden="true">
        {code}
      </p>
      <h1 className="cui-error-page__title" id={titleId}>
        <span className="cui-visually-hidden">{t('ui.errorPage.status', { status: code })} </span>
        {heading}
      </h1>
      <p className="cui-error-page__hint">{hint}</p>
      {detail ? (
        <p className="cui-error-page__detail">
          <span className="cui-error-page__detail-label">{t('ui.errorPage.details')}</span>{' '}
          <code>{detail}</code>
        </p>
      ) : null}
      <div className="cui-error-page__actions">
        {actions ?? (
          <>
            {kind === 'server' && onRetry ? (
              <Button variant="primary" onClick={onRetry}>
                {t('ui.errorPage.retry')}
              </Button>
            ) : null}
            <Button asChild variant={kind === 'server' && onRetry ? 'secondary' : 'primary'}>
              <a href={homeHref}>{t('ui.errorPage.home')}</a>
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
