import { implement } from '../http/implement.js';
import type { AppServices } from '../services/app.js';
import { ownDeck, sharedDeck, visibleDeck } from '../services/decks/access.js';
import { deckDto, sharedDeckDto, storedUnresolved } from '../services/decks/dto.js';
import { deckGames } from '../services/decks/games.js';
import { deckLenders } from '../services/decks/lenders.js';
import {
  changeDeckCards,
  createDeck,
  deleteDeck,
  newShareToken,
  setArchived,
  setBracket,
  updateDeck,
} from '../services/decks/write.js';

/**
 * Decks: the owner writes; who may read by id follows the deck's visibility and the owner's profile
 * visibility; anyone may read an unlisted or public deck through its share link.
 */
export function deckRoutes(s: AppServices) {
  /** A write to the owner's decks: their cached lists go, on every instance (even if it failed half-way). */
  const writing = async <T>(ownerId: string, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } finally {
      await s.deckLists.changed([ownerId]);
    }
  };

  return implement('decks', {
    get: async ({ caller: { user }, params, query }) => {
      const deck = await visibleDeck(s.db, params.id, user.id);
      const [dto, played, unresolved] = await Promise.all([
        deckDto(s.db, deck, user.id),
        deckGames({ db: s.db, users: s.users }, deck, user.id, query),
        storedUnresolved(s.db, deck.id),
      ]);
      return { deck: dto, games: played.games, stats: played.stats, unresolved };
    },

    create: {
      handler: async ({ caller: { user }, body }) => {
        const { deck, unresolved, skipped } = await writing(user.id, () =>
          createDeck(s.db, s.parsing, user.id, body, s.writes.run),
        );
        return { deck: await deckDto(s.db, deck, user.id), unresolved, skipped };
      },
      // A pasted decklist is parsed, resolved and stored: one user cannot make the server do that
      // more than once a second (refused before the body is read).
      options: { rateLimit: 60 },
    },

    update: async ({ caller: { user }, params, body }) => {
      const current = await ownDeck(s.db, params.id, user.id);
      const { deck, unresolved, skipped } = await writing(user.id, () =>
        updateDeck(s.db, s.parsing, current, body, s.writes.run),
      );
      return { deck: await deckDto(s.db, deck, user.id), unresolved, skipped };
    },

    changeCards: async ({ caller: { user }, params, body }) => {
      const current = await ownDeck(s.db, params.id, user.id);
      const deck = await writing(user.id, () => changeDeckCards(s.db, current, body, s.writes.run));
      return { deck: await deckDto(s.db, deck, user.id) };
    },

    lenders: async ({ caller: { user }, params }) =>
      deckLenders(s.db, s.users, await ownDeck(s.db, params.id, user.id)),

    setBracket: async ({ caller: { user }, params, body }) => {
      const current = await ownDeck(s.db, params.id, user.id);
      const deck = await writing(user.id, () => setBracket(s.db, current, body.bracket));
      const dto = await deckDto(s.db, deck, user.id);
      return { deck: dto, check: dto.bracketCheck };
    },

    archive: async ({ caller: { user }, params }) => {
      const current = await ownDeck(s.db, params.id, user.id);
      const deck = await writing(user.id, () => setArchived(s.db, current, true));
      return { deck: await deckDto(s.db, deck, user.id) };
    },

    restore: async ({ caller: { user }, params }) => {
      const current = await ownDeck(s.db, params.id, user.id);
      const deck = await writing(user.id, () => setArchived(s.db, current, false));
      return { deck: await deckDto(s.db, deck, user.id) };
    },

    // No session: the token is the only key. Rate-limited per address (tokens are 122 random bits,
    // but nobody needs to try hundreds of links a minute).
    shared: {
      handler: async ({ params }) => {
        const { deck, owner } = await sharedDeck(s.db, params.token);
        return { deck: await sharedDeckDto(s.db, deck, owner) };
      },
      options: { rateLimit: 60 },
    },

    newShareLink: async ({ caller: { user }, params }) => {
      const current = await ownDeck(s.db, params.id, user.id);
      const deck = await writing(user.id, () => newShareToken(s.db, current));
      return { deck: await deckDto(s.db, deck, user.id) };
    },

    deletePermanently: async ({ caller: { user }, params }) => {
      const current = await ownDeck(s.db, params.id, user.id);
      await writing(user.id, () => deleteDeck(s.db, current));
      return { ok: true as const };
    },
  });
}
