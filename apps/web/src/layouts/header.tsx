import {
  AppHeader,
  type LinkRenderProps,
  type MenuEntry,
  type NavLink,
  NotificationBell,
} from '@companion/ui';
import { Link, useLocation, useNavigate } from 'react-router';
import { loadMessages } from '../i18n/messages';
import { useT } from '../i18n/use-t';
import { isLocale, LANGUAGE_NAMES, LOCALES, localizePath, stripLocale } from '../lib/locale';
import { useSession } from '../lib/session';
import { useTheme } from '../lib/theme';
import { useLocale, useLocalePath } from '../lib/use-locale';

const LOCALE_OPTIONS = LOCALES.map((value) => ({ value, ...LANGUAGE_NAMES[value] }));

const renderLink = ({ href, children, ...props }: LinkRenderProps) => (
  <Link to={href} {...props}>
    {children}
  </Link>
);

/**
 * Both icons and labels are rendered and CSS shows the ones for the current theme (`data-theme` on
 * <html>, set before the first paint): right on a prerendered page before the app runs.
 */
function ThemeToggle() {
  const t = useT();
  const [, toggle] = useTheme();
  return (
    <button type="button" className="web-theme-toggle" onClick={toggle}>
      <span className="web-theme-toggle__to-light">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="12" cy="12" r="4.5" fill="currentColor" />
          <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </g>
        </svg>
        <span className="cui-visually-hidden">{t('web.theme.toLight')}</span>
      </span>
      <span className="web-theme-toggle__to-dark">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="M20.5 14.6A8.5 8.5 0 0 1 9.4 3.5a8.5 8.5 0 1 0 11.1 11.1Z" />
        </svg>
        <span className="cui-visually-hidden">{t('web.theme.toDark')}</span>
      </span>
    </button>
  );
}

/** The site header: navigation (app links when signed in), theme, language switch and account menu. */
export function Header({ variant }: { variant: 'public' | 'app' }) {
  const t = useT();
  const session = useSession();
  const locale = useLocale();
  const lp = useLocalePath();
  const location = useLocation();
  const navigate = useNavigate();
  const here = stripLocale(location.pathname);

  const appLinks: [string, string][] = [
    ['/dashboard', 'web.nav.dashboard'],
    ['/collection', 'web.nav.collection'],
    ['/decks', 'web.nav.decks'],
    ['/games', 'web.nav.games'],
    ['/playgroups', 'web.nav.playgroups'],
    ['/friends', 'web.nav.friends'],
  ];
  const publicLinks: [string, string][] = [
    ['/#features', 'web.nav.features'],
    ['/faq', 'web.nav.faq'],
  ];
  const source = session.authenticated || variant === 'app' ? appLinks : publicLinks;
  const links: NavLink[] = source.map(([path, id]) => ({
    href: lp(path),
    label: t(id),
    active: here === path || (path !== '/' && here.startsWith(`${path}/`)),
  }));

  const userMenuItems: MenuEntry[] = [
    { id: 'profile', label: t('web.nav.profile'), href: lp('/profile') },
    { id: 'settings', label: t('web.nav.settings'), href: lp('/settings') },
    { type: 'separator', id: 'sep' },
    { id: 'logout', label: t('web.nav.logout'), href: lp('/logout') },
  ];

  // The same page in the other language; the app's language store follows the route (and saves it).
  const onLocaleChange = (value: string) => {
    if (!isLocale(value) || value === locale) return;
    const go = () => navigate(localizePath(`${location.pathname}${location.search}${location.hash}`, value));
    void loadMessages(value).then(go, go);
  };

  return (
    <AppHeader
      brandHref={lp('/')}
      links={links}
      renderLink={renderLink}
      notifications={
        <>
          {session.authenticated ? (
            <NotificationBell
              href={lp(
                session.invites > 0 && session.invites === session.pending ? '/playgroups' : '/friends',
              )}
              count={session.pending}
              label={
                session.pending > 0
                  ? t('web.header.notifications.waiting', { count: session.pending })
                  : t('web.header.notifications.none')
              }
              renderLink={({ href, children, ...props }) => (
                <Link to={href} {...props}>
                  {children}
                </Link>
              )}
            />
          ) : null}
          <ThemeToggle />
        </>
      }
      locale={locale}
      locales={LOCALE_OPTIONS}
      onLocaleChange={onLocaleChange}
      user={
        session.authenticated
          ? { name: session.name ?? t('web.nav.account'), picture: session.picture }
          : null
      }
      userMenuItems={userMenuItems}
      signInHref={lp(
        `/login${here !== '/' && here !== '/login' ? `?redirect=${encodeURIComponent(here)}` : ''}`,
      )}
    />
  );
}
