import './page-layout.css';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useUiIntl } from '../../i18n/use-ui-intl';

export interface PageLayoutProps {
  /** Usually an AppHeader. */
  header?: ReactNode;
  /** Page title, rendered as the h1. */
  title?: ReactNode;
  /** Line under the title. */
  description?: ReactNode;
  /** Buttons on the right of the title (wrap under it on phones). */
  actions?: ReactNode;
  /** Above the title, e.g. breadcrumbs. */
  eyebrow?: ReactNode;
  footer?: ReactNode;
  /** `wide` for tables and card grids, `narrow` for forms and text. */
  width?: 'narrow' | 'default' | 'wide';
  children?: ReactNode;
  className?: string;
}

/** Page frame: skip link, header slot, one main landmark with title, actions and content. */
export function PageLayout({
  header,
  title,
  description,
  actions,
  eyebrow,
  footer,
  width = 'default',
  children,
  className,
}: PageLayoutProps) {
  const { t } = useUiIntl();
  return (
    <div className={clsx('cui-page', className)}>
      <a className="cui-page__skip" href="#cui-main">
        {t('ui.page.skipToContent')}
      </a>
      {header}
      <main id="cui-main" className="cui-page__main" data-width={width} tabIndex={-1}>
        {title || actions || eyebrow ? (
          <div className="cui-page__heading">
            <div className="cui-page__titles">
              {eyebrow ? <div className="cui-page__eyebrow">{eyebrow}</div> : null}
              {title ? <h1 className="cui-page__title">{title}</h1> : null}
              {description ? <p className="cui-page__description">{description}</p> : null}
            </div>
            {actions ? <div className="cui-page__actions">{actions}</div> : null}
          </div>
        ) : null}
        {children}
      </main>
      {footer ? <footer className="cui-page__footer">{footer}</footer> : null}
    </div>
  );
}
