import './notification-bell.css';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export interface NotificationBellProps {
  href: string;
  /** Pending items (invitations, friend requests); no counter when 0. */
  count: number;
  /** Accessible name, including the count, e.g. "Notifications: 2 waiting". */
  label: string;
  /** Renders the link (e.g. a router Link); a plain anchor by default. */
  renderLink?: (props: {
    href: string;
    className: string;
    'aria-label': string;
    children: ReactNode;
  }) => ReactNode;
  className?: string;
}

/** A bell that links to where pending invitations and requests wait, with their count. */
export function NotificationBell({ href, count, label, renderLink, className }: NotificationBellProps) {
  const children = (
    <>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 2a6 6 0 0 0-6 6v3.6l-1.7 3.4A1 1 0 0 0 5.2 16.5h13.6a1 1 0 0 0 .9-1.5L18 11.6V8a6 6 0 0 0-6-6Zm0 20a3 3 0 0 0 2.8-2h-5.6A3 3 0 0 0 12 22Z"
        />
      </svg>
      {count > 0 ? (
        <span className="cui-notification-bell__count" aria-hidden="true" data-testid="notification-count">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </>
  );
  const props = {
    href,
    className: clsx('cui-notification-bell', className),
    'aria-label': label,
    children,
  };
  return renderLink ? (
    renderLink(props)
  ) : (
    <a href={href} className={props.className} aria-label={label} data-pending={count > 0 || undefined}>
      {children}
    </a>
  );
}
