import { contract } from '@companion/sdk/contract';
import type { Registrar } from '../http/registrar.js';
import type { AppServices } from '../services/app.js';
import * as games from '../services/games.js';
import { registerAnnotationRoutes } from './tags.js';
import { signedIn } from './user.js';

export function registerGameRoutes(r: Registrar, s: AppServices): void {
  r.route(contract.games.list, async ({ caller, query }) => ({
    games: await games.listGames(s, signedIn(caller).user.id, query),
  }));
  r.route(contract.games.get, async ({ caller, params }) => ({
    game: await games.getGame(s, signedIn(caller).user.id, params.id),
  }));
  r.route(contract.games.create, async ({ caller, body }) => ({
    game: await games.createGame(s, signedIn(caller).user, body),
  }));
  r.route(contract.games.update, async ({ caller, params, body }) => ({
    game: await games.updateGame(s, signedIn(caller).user, params.id, body),
  }));
  r.route(contract.games.delete, async ({ caller, params }) => {
    await games.deleteGame(s, signedIn(caller).user, params.id);
    return { ok: true as const };
  });
  registerAnnotationRoutes(r, s, 'game', contract.games, (viewerId, id) =>
    games.visibleGame(s.db, viewerId, id),
  );
}
