import './app-header.css';
import { clsx } from 'clsx';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useUiIntl } from '../../i18n/use-ui-intl';
import { Avatar } from '../avatar/avatar';
import { Button } from '../button/button';
import type { MenuEntry } from '../menu/menu';
import { HeaderMenu } from './header-menu';

export interface NavLink {
  href: string;
  label: ReactNode;
  active?: boolean;
  icon?: ReactNode;
}

export interface LinkRenderProps {
  href: string;
  className: string;
  'aria-current'?: 'page';
  onClick?: () => void;
  children: ReactNode;
}

export interface LocaleOption {
  value: string;
  /** Native name, e.g. "Français". */
  label: string;
  /** Short code shown in the header, e.g. "FR". */
  short?: string;
}

export interface AppHeaderUser {
  name: string;
  picture?: string | null;
}

export interface AppHeaderProps {
  /** Brand mark; defaults to the Companion logo and name. */
  brand?: ReactNode;
  brandHref?: string;
  links: readonly NavLink[];
  /** Render links with the app's router (defaults to <a>). */
  renderLink?: (props: LinkRenderProps) => ReactNode;
  /** Slot for a notifications button with its badge. */
  notifications?: ReactNode;
  locale: string;
  locales: readonly LocaleOption[];
  onLocaleChange: (locale: string) => void;
  /** Signed-in user; null shows the sign-in action. */
  user?: AppHeaderUser | null;
  userMenuItems?: readonly MenuEntry[];
  signInHref?: string;
  className?: string;
}

const defaultRenderLink = ({ children, ...props }: LinkRenderProps) => <a {...props}>{children}</a>;

export function CompanionLogo({ size = 28 }: { size?: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" className="cui-logo">
      <defs>
        <linearGradient id="cui-logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7b5cff" />
          <stop offset="1" stopColor="#e7b94d" />
        </linearGradient>
      </defs>
      <rect
        x="5"
        y="3"
        width="17"
        height="24"
        rx="2.5"
        transform="rotate(-10 13.5 15)"
        fill="url(#cui-logo-g)"
        opacity=".55"
      />
      <rect x="10" y="5" width="17" height="24" rx="2.5" fill="url(#cui-logo-g)" />
      <path d="M18.5 10.5l1.6 3.4 3.7.5-2.7 2.6.7 3.7-3.3-1.8-3.3 1.8.7-3.7-2.7-2.6 3.7-.5z" fill="#fff" />
    </svg>
  );
}

const globeIcon = (
  <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
    <path
      fill="currentColor"
      d="M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1Zm2.4 7.75H5.6c.1 2.2.9 4.1 2.4 4.7 1.5-.6 2.3-2.5 2.4-4.7Zm3.5 0h-2c-.07 1.7-.5 3.2-1.2 4.3a5.5 5.5 0 0 0 3.2-4.3Zm-9.8 0h-2a5.5 5.5 0 0 0 3.2 4.3c-.7-1.1-1.13-2.6-1.2-4.3Zm2-5.3A5.5 5.5 0 0 0 2.1 7.25h2c.07-1.7.5-3.2 1.2-4.3Zm1.9-.4c-1.5.6-2.3 2.5-2.4 4.2h4.8c-.1-1.7-.9-3.6-2.4-4.2Zm1.9.4c.7 1.1 1.13 2.6 1.2 4.3h2a5.5 5.5 0 0 0-3.2-4.3Z"
    />
  </svg>
);

const checkIcon = (
  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
    <path
      fill="currentColor"
      d="M13.78 4.22a.75.75 0 0 1 0 1.06l-7 7a.75.75 0 0 1-1.06 0l-3.5-3.5a.75.75 0 1 1 1.06-1.06L6.25 10.7l6.47-6.47a.75.75 0 0 1 1.06 0Z"
    />
  </svg>
);

const menuIcon = (open: boolean) => (
  <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true">
    {open ? (
      <path
        fill="currentColor"
        d="M3.72 3.72a.75.75 0 0 1 1.06 0L8 6.94l3.22-3.22a.75.75 0 1 1 1.06 1.06L9.06 8l3.22 3.22a.75.75 0 1 1-1.06 1.06L8 9.06l-3.22 3.22a.75.75 0 0 1-1.06-1.06L6.94 8 3.72 4.78a.75.75 0 0 1 0-1.06Z"
      />
    ) : (
      <path
        fill="currentColor"
        d="M1.75 3.5h12.5a.75.75 0 0 1 0 1.5H1.75a.75.75 0 0 1 0-1.5Zm0 3.75h12.5a.75.75 0 0 1 0 1.5H1.75a.75.75 0 0 1 0-1.5Zm0 3.75h12.5a.75.75 0 0 1 0 1.5H1.75a.75.75 0 0 1 0-1.5Z"
      />
    )}
  </svg>
);

/**
 * The site header: brand, primary navigation with the active page, a notifications slot,
 * language switch and user menu. Below 768 px the navigation collapses behind a menu button.
 */
export function AppHeader({
  brand,
  brandHref = '/',
  links,
  renderLink = defaultRenderLink,
  notifications,
  locale,
  locales,
  onLocaleChange,
  user,
  userMenuItems = [],
  signInHref = '/login',
  className,
}: AppHeaderProps) {
  const { t } = useUiIntl();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const current = locales.find((l) => l.value === locale);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const navLinks = (variant: 'bar' | 'panel') =>
    links.map((link) => (
      <li key={link.href}>
        {renderLink({
          href: link.href,
          className: `cui-header__link cui-header__link--${variant}`,
          ...(link.active ? { 'aria-current': 'page' as const } : {}),
          ...(variant === 'panel' ? { onClick: () => setOpen(false) } : {}),
          children: (
            <>
              {link.icon ? (
                <span className="cui-header__link-icon" aria-hidden="true">
                  {link.icon}
                </span>
              ) : null}
              {link.label}
            </>
          ),
        })}
      </li>
    ));

  const languageItems: MenuEntry[] = locales.map((option) => ({
    id: option.value,
    label: (
      <span lang={option.value} className="cui-header__lang-option">
        {option.label}
      </span>
    ),
    icon: option.value === locale ? checkIcon : <span />,
    onSelect: () => onLocaleChange(option.value),
  }));

  return (
    <header className={clsx('cui-header', className)} data-open={open || undefined}>
      <div className="cui-header__inner">
        <button
          type="button"
          className="cui-header__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          {menuIcon(open)}
          <span className="cui-visually-hidden">{t('ui.header.menu')}</span>
        </button>
        {renderLink({
          href: brandHref,
          className: 'cui-header__brand',
          children: brand ?? (
            <>
              <CompanionLogo />
              <span className="cui-header__brand-name">Companion</span>
              <span className="cui-visually-hidden"> — {t('ui.header.home')}</span>
            </>
          ),
        })}
        <nav className="cui-header__nav" aria-label={t('ui.header.navigation')}>
          <ul>{navLinks('bar')}</ul>
        </nav>
        <div className="cui-header__actions">
          {notifications ? <div className="cui-header__notifications">{notifications}</div> : null}
          <HeaderMenu
            trigger={
              <Button
                variant="ghost"
                size="sm"
                className="cui-header__lang"
                aria-label={t('ui.header.language', { language: current?.label ?? locale })}
              >
                {globeIcon}
                <span aria-hidden="true">{current?.short ?? locale.slice(0, 2).toUpperCase()}</span>
              </Button>
            }
            items={languageItems}
          />
          {user ? (
            <HeaderMenu
              trigger={
                <button
                  type="button"
                  className="cui-header__user"
                  aria-label={t('ui.header.userMenu', { name: user.name })}
                >
                  <Avatar name={user.name} src={user.picture ?? null} size="sm" />
                </button>
              }
              items={[{ type: 'label', id: 'user-name', label: user.name }, ...userMenuItems]}
            />
          ) : (
            <Button asChild size="sm">
              <a href={signInHref}>{t('ui.header.signIn')}</a>
            </Button>
          )}
        </div>
      </div>
      <div className="cui-header__panel" id={panelId} hidden={!open}>
        <nav aria-label={t('ui.header.navigation')}>
          <ul>{navLinks('panel')}</ul>
        </nav>
      </div>
    </header>
  );
}
