import type { Feature } from './i18n/messages';

/**
 * Every route of the product (spec §2) as data: its path without locale prefix, layout, guard and
 * the page key its title and description come from (`web.page.<key>.title` / `.description`).
 * `routes.tsx` turns this into the router; the prerender script and the i18n test read it too.
 */
export type Layout = 'default' | 'main' | 'obs';
export type Guard = 'none' | 'auth' | 'guest';

export interface PageDef {
  key: string;
  /** Path relative to the locale root ('' is the index). */
  path: string;
  layout: Layout;
  guard: Guard;
  /** Screens whose content comes in a later issue show a described page frame. */
  placeholder?: boolean;
  /**
   * Rendered to static HTML at build time, in both languages. A page with guard `guest` (login) is
   * rendered as a signed-out visitor sees it, inside the companion routes.
   */
  prerender?: boolean;
  /** Param checks: a failure shows the 404 page. */
  params?: Record<string, 'id' | 'slug' | 'provider' | 'setCode'>;
  /** The page itself shows a description (meta) of its own, not the default one. */
  description?: boolean;
  /** Feature catalogues (`i18n/features/<feature>.*.json`) the page's strings come from: loaded with the route. */
  messages?: readonly Feature[];
}

export const PAGES: readonly PageDef[] = [
  {
    key: 'home',
    path: '',
    layout: 'default',
    guard: 'none',
    messages: ['public'],
    prerender: true,
    description: true,
  },
  {
    key: 'kikoo',
    path: 'index.kikoo',
    layout: 'default',
    guard: 'none',
    messages: ['public'],
    prerender: true,
    description: true,
  },
  {
    key: 'faq',
    path: 'faq',
    layout: 'default',
    guard: 'none',
    messages: ['public'],
    prerender: true,
    description: true,
  },
  {
    key: 'privacy',
    path: 'privacy-policy',
    layout: 'default',
    guard: 'none',
    messages: ['public'],
    prerender: true,
    description: true,
  },
  {
    key: 'terms',
    path: 'terms-of-service',
    layout: 'default',
    guard: 'none',
    messages: ['public'],
    prerender: true,
    description: true,
  },
  {
    key: 'login',
    path: 'login',
    layout: 'default',
    guard: 'guest',
    messages: ['account'],
    prerender: true,
    description: true,
  },
  { key: 'logout', path: 'logout', layout: 'default', guard: 'none' },
  {
    key: 'forgot',
    path: 'auth/password/forgot',
    layout: 'default',
    guard: 'none',
    messages: ['account'],
    description: true,
  },
  { key: 'verifyEmail', path: 'verify-email', layout: 'default', guard: 'none', messages: ['account'] },
  {
    key: 'authCallback',
    path: 'auth/:provider/callback',
    layout: 'default',
    guard: 'none',
    messages: ['account'],
    params: { provider: 'provider' },
  },
  {
    key: 'authVerify',
    path: 'auth/:provider/verify',
    layout: 'default',
    guard: 'none',
    messages: ['account'],
    params: { provider: 'provider' },
  },
  {
    key: 'mobileAuthCallback',
    path: 'mobile/auth/:provider/callback',
    layout: 'default',
    guard: 'none',
    messages: ['account', 'social'],
    params: { provider: 'provider' },
  },
  {
    key: 'mobileAuthVerify',
    path: 'mobile/auth/:provider/verify',
    layout: 'default',
    guard: 'none',
    messages: ['account', 'social'],
    params: { provider: 'provider' },
  },
  {
    key: 'mobileEvent',
    path: 'mobile/event/:id',
    layout: 'main',
    guard: 'none',
    messages: ['social'],
    params: { id: 'id' },
  },
  { key: 'dashboard', path: 'dashboard', layout: 'main', guard: 'auth' },
  { key: 'collection', path: 'collection', layout: 'main', guard: 'auth', messages: ['cards'] },
  {
    key: 'collectionList',
    path: 'collection/list/:id/:name',
    layout: 'main',
    guard: 'auth',
    messages: ['cards'],
    params: { id: 'id', name: 'slug' },
  },
  { key: 'collectionLists', path: 'collection/lists', layout: 'main', guard: 'auth', messages: ['cards'] },
  { key: 'collectionSearch', path: 'collection/search', layout: 'main', guard: 'auth', messages: ['cards'] },
  {
    key: 'cardSet',
    path: 'cards/set/:code',
    layout: 'main',
    guard: 'auth',
    messages: ['cards'],
    params: { code: 'setCode' },
  },
  { key: 'decks', path: 'decks', layout: 'main', guard: 'auth', messages: ['cards'] },
  { key: 'deckCreate', path: 'decks/create', layout: 'main', guard: 'auth', messages: ['cards'] },
  {
    key: 'deckEdit',
    path: 'decks/:id/edit',
    layout: 'main',
    guard: 'auth',
    messages: ['cards'],
    params: { id: 'id' },
  },
  {
    key: 'deck',
    path: 'deck/:id/:name',
    layout: 'main',
    guard: 'auth',
    messages: ['cards'],
    params: { id: 'id', name: 'slug' },
  },
  {
    key: 'sharedDeck',
    path: 'deck/shared/:token',
    layout: 'main',
    guard: 'none',
    messages: ['cards'],
    params: { token: 'id' },
    description: true,
  },
  { key: 'playgroups', path: 'playgroups', layout: 'main', guard: 'auth', messages: ['social'] },
  { key: 'playgroupCreate', path: 'playgroups/create', layout: 'main', guard: 'auth', messages: ['social'] },
  {
    key: 'playgroup',
    path: 'playgroup/:id/:name',
    layout: 'main',
    guard: 'auth',
    messages: ['social'],
    params: { id: 'id', name: 'slug' },
  },
  { key: 'friends', path: 'friends', layout: 'main', guard: 'auth', messages: ['social'] },
  { key: 'friendsAdd', path: 'friends/add', layout: 'main', guard: 'auth', messages: ['social'] },
  { key: 'games', path: 'games', layout: 'main', guard: 'auth', messages: ['social'] },
  { key: 'notes', path: 'notes', layout: 'main', guard: 'auth', messages: ['social'] },
  {
    key: 'game',
    path: 'game/:id',
    layout: 'main',
    guard: 'auth',
    messages: ['social'],
    params: { id: 'id' },
  },
  { key: 'set', path: 'set/:id', layout: 'main', guard: 'auth', messages: ['social'], params: { id: 'id' } },
  { key: 'sets', path: 'sets', layout: 'main', guard: 'auth', messages: ['social'] },
  {
    key: 'user',
    path: 'user/:id/:name',
    layout: 'main',
    guard: 'auth',
    messages: ['social'],
    params: { id: 'id', name: 'slug' },
  },
  { key: 'profile', path: 'profile', layout: 'main', guard: 'auth', messages: ['account'] },
  { key: 'settings', path: 'settings', layout: 'main', guard: 'auth', messages: ['account', 'live'] },
  { key: 'websocketReceiver', path: 'websocket/receiver', layout: 'main', guard: 'auth', messages: ['live'] },
  { key: 'websocketSender', path: 'websocket/sender', layout: 'main', guard: 'auth', messages: ['live'] },
  { key: 'obs', path: 'obs', layout: 'obs', guard: 'none' },
  { key: 'xss', path: '__test/markdown', layout: 'default', guard: 'none' },
];

/** Page keys whose description the head uses (the others fall back to the default description). */
export const pageKeys = PAGES.map((p) => p.key);

const PARAM_RULES = {
  id: /^[A-Za-z0-9_-]{1,64}$/,
  slug: /^[^/]{1,200}$/,
  provider: /^(google|apple)$/,
  setCode: /^[A-Za-z0-9]{2,8}$/,
} as const;

/** True when every declared param of `page` passes its rule. */
export function paramsValid(page: PageDef, params: Record<string, string | undefined>): boolean {
  for (const [name, rule] of Object.entries(page.params ?? {})) {
    const value = params[name];
    if (value === undefined || !PARAM_RULES[rule].test(value)) return false;
  }
  return true;
}
