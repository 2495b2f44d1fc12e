import { implement } from '../http/implement.js';
import type { AppServices } from '../services/app.js';
import * as games from '../services/games.js';
import { annotationHandlers } from './annotations.js';

/** Games: recording, editing and listing; the caller's tags and note on each. */
export function gameRoutes(s: AppServices) {
  return implement('games', {
    list: async ({ caller: { user }, query }) => ({ games: await games.listGames(s, user.id, query) }),
    get: async ({ caller: { user }, params }) => ({ game: await games.getGame(s, user.id, params.id) }),
    create: async ({ caller: { user }, body }) => ({ game: await games.createGame(s, user, body) }),
    update: async ({ caller: { user }, params, body }) => ({
      game: await games.updateGame(s, user, params.id, body),
    }),
    delete: async ({ caller: { user }, params }) => {
      await games.deleteGame(s, user, params.id);
      return { ok: true as const };
    },
    ...annotationHandlers(s, 'game', (viewerId, id) => games.visibleGame(s.db, viewerId, id)),
  });
}
