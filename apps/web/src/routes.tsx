import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { env } from './env';
import { loadMessages } from './i18n/messages';
import { DefaultLayout, MainLayout, ObsLayout } from './layouts/layouts';
import { LOCALES, type Locale } from './lib/locale';
import { PAGES, type PageDef, paramsValid } from './pages';
import { NotFoundPage } from './routes/not-found';
import { RouteError } from './routes/route-error';

type PageModule = { Component: React.ComponentType };
type Lazy = () => Promise<PageModule>;

/** One module (one chunk) per page. Placeholder screens are small modules of their own too. */
const MODULES: Record<string, Lazy> = {
  home: () => import('./routes/home'),
  kikoo: () => import('./routes/kikoo'),
  faq: () => import('./routes/faq'),
  privacy: () => import('./routes/privacy'),
  terms: () => import('./routes/terms'),
  login: () => import('./routes/login'),
  logout: () => import('./routes/logout'),
  forgot: () => import('./routes/forgot-password'),
  verifyEmail: () => import('./routes/verify-email'),
  authCallback: () => import('./routes/auth-callback'),
  authVerify: () => import('./routes/auth-callback'),
  mobileAuthCallback: () => import('./routes/mobile-auth'),
  mobileAuthVerify: () => import('./routes/mobile-auth'),
  mobileEvent: () => import('./routes/mobile-event'),
  dashboard: () => import('./routes/dashboard'),
  collection: () => import('./routes/collection'),
  collectionList: () => import('./routes/collection-list'),
  collectionLists: () => import('./routes/collection-lists'),
  collectionSearch: () => import('./routes/collection-search'),
  cardSet: () => import('./routes/card-set'),
  decks: () => import('./routes/decks'),
  deckCreate: () => import('./routes/deck-create'),
  deckEdit: () => import('./routes/deck-edit'),
  deck: () => import('./routes/deck'),
  playgroups: () => import('./routes/playgroups'),
  playgroupCreate: () => import('./routes/playgroup-create'),
  playgroup: () => import('./routes/playgroup'),
  friends: () => import('./routes/friends'),
  friendsAdd: () => import('./routes/friends-add'),
  games: () => import('./routes/games'),
  game: () => import('./routes/game'),
  notes: () => import('./routes/notes'),
  set: () => import('./routes/set'),
  user: () => import('./routes/user'),
  profile: () => import('./routes/profile'),
  settings: () => import('./routes/settings'),
  websocketReceiver: () => import('./routes/websocket-receiver'),
  websocketSender: () => import('./routes/websocket-sender'),
  obs: () => import('./routes/obs'),
  xss: () => import('./routes/xss'),
};

export interface RouteHandle {
  page: string;
}

/** The companion module (Firebase, TanStack Query, the SDK client) only loads under these routes. */
const companion = (part: 'Root' | 'RequireAuth' | 'RequireGuest') => async () => {
  const module = await import('./app/companion');
  return { Component: module[part] };
};

/** A page's module and its feature catalogues (in the route's language) load together. */
function pageRoute(page: PageDef, locale: Locale): RouteObject {
  const lazy = MODULES[page.key];
  if (!lazy) throw new Error(`No module for page ${page.key}`);
  const common = {
    handle: { page: page.key } satisfies RouteHandle,
    lazy: async () => {
      const [module] = await Promise.all([
        lazy(),
        page.messages ? loadMessages(locale, page.messages) : undefined,
      ]);
      return { Component: module.Component };
    },
    ...(page.params
      ? {
          loader: ({ params }: LoaderFunctionArgs) => {
            if (!paramsValid(page, params)) throw data(null, { status: 404, statusText: 'Not Found' });
            return null;
          },
        }
      : {}),
  };
  return page.path === '' ? { ...common, index: true } : { ...common, path: page.path };
}

const visible = PAGES.filter((p) => p.key !== 'xss' || env.VITE_E2E);

function localeRoutes(locale: Locale): RouteObject {
  const pick = (filter: (p: PageDef) => boolean) => visible.filter(filter).map((p) => pageRoute(p, locale));
  return {
    path: locale === 'en' ? '/' : '/fr',
    errorElement: <RouteError />,
    children: [
      {
        element: <DefaultLayout />,
        children: [
          ...pick((p) => (p.prerender === true && p.guard === 'none') || p.key === 'xss'),
          { path: '*', element: <NotFoundPage />, handle: { page: 'notFound' } satisfies RouteHandle },
        ],
      },
      {
        lazy: companion('Root'),
        children: [
          {
            element: <DefaultLayout />,
            children: [
              { lazy: companion('RequireGuest'), children: pick((p) => p.guard === 'guest') },
              ...pick((p) => p.layout === 'default' && p.guard === 'none' && !p.prerender && p.key !== 'xss'),
            ],
          },
          {
            element: <MainLayout />,
            children: [
              ...pick((p) => p.layout === 'main' && p.guard === 'none'),
              {
                lazy: companion('RequireAuth'),
                children: pick((p) => p.layout === 'main' && p.guard === 'auth'),
              },
            ],
          },
          { element: <ObsLayout />, children: pick((p) => p.layout === 'obs') },
        ],
      },
    ],
  };
}

export const routes: RouteObject[] = LOCALES.map(localeRoutes);
