import { contract } from '@companion/sdk/contract';
import { forbidden, notFound } from '../http/errors.js';
import type { Registrar } from '../http/registrar.js';
import type { AppServices } from '../services/app.js';
import { checkBracket } from '../services/bracket.js';
import { listDeckSummaries } from '../services/deck-summary.js';
import {
  canViewOwnerOf,
  createDeck,
  deckDto,
  deckGames,
  deleteDeck,
  ownDeck,
  setArchived,
  setBracket,
  storedUnresolved,
  updateDeck,
  visibleDeck,
} from '../services/decks.js';
import { signedIn } from './user.js';

/** Decks (owner writes; visibility follows the owner's profile setting) and the user deck lists. */
export function registerDeckRoutes(r: Registrar, s: AppServices): void {
  const summaries = (ownerId: string, archived: boolean) => listDeckSummaries(s.db, ownerId, archived);

  r.route(contract.decks.get, async ({ caller, params, query }) => {
    const { user } = signedIn(caller);
    const deck = await visibleDeck(s.db, params.id, user.id);
    const [dto, played, unresolved] = await Promise.all([
      deckDto(s.db, deck, user.id),
      deckGames({ db: s.db, users: s.users }, deck, user.id, query),
      storedUnresolved(s.db, deck.id),
    ]);
    return { deck: dto, games: played.games, stats: played.stats, unresolved };
  });

  r.route(
    contract.decks.create,
    async ({ caller, body }) => {
      const { user } = signedIn(caller);
      const { deck, unresolved } = await createDeck(s.db, user.id, body);
      return { deck: await deckDto(s.db, deck, user.id), unresolved };
    },
    { bodyLimit: 1024 * 1024 },
  );

  r.route(contract.decks.update, async ({ caller, params, body }) => {
    const { user } = signedIn(caller);
    const current = await ownDeck(s.db, params.id, user.id);
    const { deck, unresolved } = await updateDeck(s.db, current, body);
    return { deck: await deckDto(s.db, deck, user.id), unresolved };
  });

  r.route(contract.decks.setBracket, async ({ caller, params, body }) => {
    const { user } = signedIn(caller);
    const deck = await setBracket(s.db, await ownDeck(s.db, params.id, user.id), body.bracket);
    const dto = await deckDto(s.db, deck, user.id);
    return { deck: dto, check: checkBracket(deck.bracket, dto.bracketCheck.gameChangers) };
  });

  r.route(contract.decks.archive, async ({ caller, params }) => {
    const { user } = signedIn(caller);
    const deck = await setArchived(s.db, await ownDeck(s.db, params.id, user.id), true);
    return { deck: await deckDto(s.db, deck, user.id) };
  });

  r.route(contract.decks.restore, async ({ caller, params }) => {
    const { user } = signedIn(caller);
    const deck = await setArchived(s.db, await ownDeck(s.db, params.id, user.id), false);
    return { deck: await deckDto(s.db, deck, user.id) };
  });

  r.route(contract.decks.deletePermanently, async ({ caller, params }) => {
    const { user } = signedIn(caller);
    await deleteDeck(s.db, await ownDeck(s.db, params.id, user.id));
    return { ok: true as const };
  });

  r.route(contract.user.decks, async ({ caller }) => {
    const { user } = signedIn(caller);
    return { decks: await summaries(user.id, false) };
  });

  r.route(contract.user.archivedDecks, async ({ caller }) => {
    const { user } = signedIn(caller);
    return { decks: await summaries(user.id, true) };
  });

  r.route(contract.user.decksById, async ({ caller, params }) => {
    const { user } = signedIn(caller);
    const owner = params.id === user.id ? user : await s.users.byId(params.id);
    if (!owner) throw notFound('That user');
    if (!(await canViewOwnerOf(s.db, user.id, owner.id))) throw forbidden();
    return { decks: await summaries(owner.id, false) };
  });
}
