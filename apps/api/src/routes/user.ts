import QRCode from 'qrcode';
import { implement } from '../http/implement.js';
import type { AppServices } from '../services/app.js';
import { list as listFriends } from '../services/friends.js';
import { listForUser as listPlaygroups } from '../services/playgroups/groups.js';
import { deckOwner, profile, statsOf, userById, visibleDeckSummaries } from '../services/profiles.js';
import { computeStats } from '../services/stats.js';

/** The caller (profile, settings, friend code) and other users as the caller may see them. */
export function userRoutes(s: AppServices) {
  const deps = { db: s.db, users: s.users };
  const addFriendUrl = (code: string) => `${s.env.publicUrl}/friends/add?code=${encodeURIComponent(code)}`;
  // Built as JSON by the database, kept encoded per owner and sent as is: the most requested calls.
  const deckList = (ownerId: string, archived: boolean) => s.deckLists.get(ownerId, archived);

  return implement('user', {
    me: async ({ caller: { user } }) => {
      // A password account that was not verified may have verified since: report it at once.
      if (user.provider === 'password' && !user.emailVerified && (await s.users.refreshVerification(user)))
        user.emailVerified = true;
      return { user: await s.users.full(user), state: { settings: s.users.settings(user) } };
    },

    code: async ({ caller: { user } }) => ({ code: user.code, url: addFriendUrl(user.code) }),

    qr: async ({ caller: { user } }) => {
      const url = addFriendUrl(user.code);
      const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { code: user.code, url, svg };
    },

    updateSettings: async ({ caller: { user }, body }) => ({
      settings: s.users.settings(await s.users.updateSettings(user, body)),
    }),

    setUsername: async ({ caller: { user }, body }) => ({
      user: await s.users.full(await s.users.setUsername(user, body.username)),
    }),

    setFirstname: async ({ caller: { user }, body }) => ({
      user: await s.users.full(await s.users.setFirstname(user, body.firstname)),
    }),

    uploadPicture: async ({ caller: { user }, body }) => ({
      user: await s.users.full(await s.users.setPicture(user, body.buffer)),
    }),

    byId: async ({ caller: { user }, params }) => {
      const target = await userById(deps, user, params.id);
      return {
        user: s.users.summary(target),
        state: { settings: target.id === user.id ? s.users.settings(target) : null },
      };
    },

    profile: async ({ caller: { user }, params }) => profile(deps, user, params.id),

    stats: async ({ caller: { user }, query }) => ({
      stats: await computeStats(s.db, user.id, user.id, query),
    }),

    statsById: async ({ caller: { user }, params, query }) => ({
      stats: await statsOf(deps, user, params.id, query),
    }),

    decks: async ({ caller: { user } }) => deckList(user.id, false),

    archivedDecks: async ({ caller: { user } }) => deckList(user.id, true),

    // Someone else's decks: their records count only the games the caller may see (not cached).
    decksById: async ({ caller: { user }, params }) => {
      const owner = await deckOwner(deps, user, params.id);
      return owner.id === user.id ? deckList(owner.id, false) : visibleDeckSummaries(s.db, owner.id, user.id);
    },

    playgroups: async ({ caller: { user } }) => ({ playgroups: await listPlaygroups(deps, user) }),

    friends: async ({ caller: { user } }) => ({ friends: await listFriends(deps, user) }),
  });
}
