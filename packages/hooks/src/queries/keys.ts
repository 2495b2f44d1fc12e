/**
 * Query keys, hierarchical so a mutation can invalidate by prefix (TkDodo's "effective query keys"):
 * `['decks']` ⊃ `['decks', 'list']`, `['decks', 'detail', id]` ⊃ `['decks', 'detail', id, filters]`.
 * Ids sit behind a `detail` segment so an id can never collide with `list` or `archived`.
 * Filters and paging are the last element, as an object (TanStack hashes objects with sorted keys).
 */
type Filters = Record<string, unknown> | undefined;
const f = (filters: Filters) => filters ?? {};

export const queryKeys = {
  system: {
    all: ['system'] as const,
    ping: () => ['system', 'ping'] as const,
    health: () => ['system', 'health'] as const,
  },
  formats: {
    all: ['formats'] as const,
  },
  me: {
    all: ['me'] as const,
    user: () => ['me', 'user'] as const,
    stats: (filters?: Filters) => ['me', 'stats', f(filters)] as const,
    qr: () => ['me', 'qr'] as const,
    code: () => ['me', 'code'] as const,
    export: () => ['me', 'export'] as const,
  },
  users: {
    all: ['users'] as const,
    detail: (id: string) => ['users', 'detail', id] as const,
    profile: (id: string) => ['users', 'detail', id, 'profile'] as const,
    stats: (id: string, filters?: Filters) => ['users', 'detail', id, 'stats', f(filters)] as const,
    decks: (id: string) => ['users', 'detail', id, 'decks'] as const,
  },
  friends: {
    all: ['friends'] as const,
    list: () => ['friends', 'list'] as const,
    lookup: (code: string) => ['friends', 'lookup', code] as const,
  },
  playgroups: {
    all: ['playgroups'] as const,
    list: () => ['playgroups', 'list'] as const,
    detail: (id: string) => ['playgroups', 'detail', id] as const,
    games: (id: string, filters?: Filters) => ['playgroups', 'detail', id, 'games', f(filters)] as const,
    /** The group's games page after page ("Load more"): under `games(id, filters)`, with its own data shape. */
    infiniteGames: (id: string, filters?: Filters) =>
      ['playgroups', 'detail', id, 'games', f(filters), 'infinite'] as const,
  },
  decks: {
    all: ['decks'] as const,
    list: () => ['decks', 'list'] as const,
    archived: () => ['decks', 'archived'] as const,
    detail: (id: string) => ['decks', 'detail', id] as const,
    /** Who can lend the missing cards: apart from the deck's views, which writes patch in place. */
    lenders: (id: string) => ['decks', 'lenders', id] as const,
    /** GET /deck/:id takes game filters: one cache entry per filter set, all under the detail key. */
    view: (id: string, filters?: Filters) => ['decks', 'detail', id, f(filters)] as const,
    /** Decks read through their share links (GET /deck/shared/:token), under one key to drop them all. */
    sharedAll: () => ['decks', 'shared'] as const,
    shared: (token: string) => ['decks', 'shared', token] as const,
  },
  games: {
    all: ['games'] as const,
    list: (filters?: Filters) => ['games', 'list', f(filters)] as const,
    /** Game lists page after page ("Load more"): under `list(filters)`, with its own data shape. */
    infinite: (filters?: Filters) => ['games', 'list', f(filters), 'infinite'] as const,
    detail: (id: string) => ['games', 'detail', id] as const,
  },
  sets: {
    all: ['sets'] as const,
    list: (filters?: Filters) => ['sets', 'list', f(filters)] as const,
    detail: (id: string) => ['sets', 'detail', id] as const,
  },
  tags: {
    all: ['tags'] as const,
    list: () => ['tags', 'list'] as const,
  },
  notes: {
    all: ['notes'] as const,
    search: (query: Filters) => ['notes', 'search', f(query)] as const,
  },
  cards: {
    all: ['cards'] as const,
    card: (query: Filters) => ['cards', 'card', f(query)] as const,
    search: (query: Filters) => ['cards', 'search', f(query)] as const,
    autocomplete: (q: string) => ['cards', 'autocomplete', q] as const,
    similar: (name: string) => ['cards', 'similar', name] as const,
    // single-source: key segments (domain, then what), not the search's `unique` values
    prints: (id: string) => ['cards', 'prints', id] as const,
    sets: () => ['cards', 'sets'] as const,
    price: (query: Filters) => ['cards', 'price', f(query)] as const,
  },
  collection: {
    all: ['collection'] as const,
    summary: (query?: Filters) => ['collection', 'summary', f(query)] as const,
    search: (query?: Filters) => ['collection', 'search', f(query)] as const,
    export: (query?: Filters) => ['collection', 'export', f(query)] as const,
    holdings: (id: string) => ['collection', 'holdings', id] as const,
  },
  lists: {
    all: ['lists'] as const,
    list: (query?: Filters) => ['lists', 'list', f(query)] as const,
    hidden: () => ['lists', 'hidden'] as const,
    detail: (id: string) => ['lists', 'detail', id] as const,
    entries: (id: string, query?: Filters) => ['lists', 'detail', id, 'entries', f(query)] as const,
    revisions: (id: string, query?: Filters) => ['lists', 'detail', id, 'revisions', f(query)] as const,
    export: (id: string, query?: Filters) => ['lists', 'detail', id, 'export', f(query)] as const,
  },
} as const;
