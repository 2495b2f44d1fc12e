import { contract } from '@companion/sdk/contract';
import { forbidden, notFound } from '../http/errors.js';
import type { Registrar } from '../http/registrar.js';
import type { AppServices } from '../services/app.js';
import { checkBracket } from '../services/bracket.js';
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
  // Built as JSON by the database, kept encoded per owner and sent as is: the most requested calls.
  const summaries = (ownerId: string, archived: boolean) => s.deckLists.get(ownerId, archived);
  /** A write to the owner's decks: their cached lists go, on every instance (even if it failed half-way). */
  const writing = async <T>(ownerId: string, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } finally {
      await s.deckLists.changed([ownerId]);
    }
  };

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
      const { deck, unresolved } = await writing(user.id, () => createDeck(s.db, user.id, body));
      return { deck: await deckDto(s.db, deck, user.id), unresolved };
    },
    { bodyLimit: 1024 * 1024 },
  );

  r.route(contract.decks.update, async ({ caller, params, body }) => {
    const { user } = signedIn(caller);
    const current = await ownDeck(s.db, params.id, user.id);
    const { deck, unresolved } = await writing(user.id, () => updateDeck(s.db, current, body));
    return { deck: await deckDto(s.db, deck, user.id), unresolved };
  });

  r.route(contract.decks.setBracket, async ({ caller, params, body }) => {
    const { user } = signedIn(caller);
    const current = await ownDeck(s.db, params.id, user.id);
    const deck = await writing(user.id, () => setBracket(s.db, current, body.bracket));
    const dto = await deckDto(s.db, deck, user.id);
    return { deck: dto, check: checkBracket(deck.bracket, dto.bracketCheck.gameChangers) };
  });

  r.route(contract.decks.archive, async ({ caller, params }) => {
    const { user } = signedIn(caller);
    const current = await ownDeck(s.db, params.id, user.id);
    const deck = await writing(user.id, () => setArchived(s.db, current, true));
    return { deck: await deckDto(s.db, deck, user.id) };
  });

  r.route(contract.decks.restore, async ({ caller, params }) => {
    const { user } = signedIn(caller);
    const current = await ownDeck(s.db, params.id, user.id);
    const deck = await writing(user.id, () => setArchived(s.db, current, false));
    return { deck: await deckDto(s.db, deck, user.id) };
  });

  r.route(contract.decks.deletePermanently, async ({ caller, params }) => {
    const { user } = signedIn(caller);
    const current = await ownDeck(s.db, params.id, user.id);
    await writing(user.id, () => deleteDeck(s.db, current));
    return { ok: true as const };
  });

  r.route(contract.user.decks, async ({ caller }) => {
    const { user } = signedIn(caller);
    return summaries(user.id, false);
  });

  r.route(contract.user.archivedDecks, async ({ caller }) => {
    const { user } = signedIn(caller);
    return summaries(user.id, true);
  });

  r.route(contract.user.decksById, async ({ caller, params }) => {
    const { user } = signedIn(caller);
    const owner = params.id === user.id ? user : await s.users.byId(params.id);
    if (!owner) throw notFound('That user');
    if (!(await canViewOwnerOf(s.db, user.id, owner.id))) throw forbidden();
    return summaries(owner.id, false);
  });
}
