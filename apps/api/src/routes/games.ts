import { implement } from '../http/implement.js';
import type { AppServices } from '../services/app.js';
import { visibleGame } from '../services/games/access.js';
import { getGame, listGames } from '../services/games/read.js';
import { createGame, deleteGame, updateGame } from '../services/games/record.js';
import { annotationHandlers } from './annotations.js';

/** Games: recording, editing and listing; the caller's tags and note on each. */
export function gameRoutes(s: AppServices) {
  return implement('games', {
    list: async ({ caller: { user }, query }) => listGames(s, user.id, query),
    get: async ({ caller: { user }, params }) => ({ game: await getGame(s, user.id, params.id) }),
    create: async ({ caller: { user }, body }) => ({ game: await createGame(s, user, body) }),
    update: async ({ caller: { user }, params, body }) => ({
      game: await updateGame(s, user, params.id, body),
    }),
    delete: async ({ caller: { user }, params }) => {
      await deleteGame(s, user, params.id);
      return { ok: true as const };
    },
    ...annotationHandlers(s, 'game', (viewerId, id) => visibleGame(s.db, viewerId, id)),
  });
}
