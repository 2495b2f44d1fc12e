import { implement } from '../http/implement.js';
import { deleteAccount, exportAccount } from '../services/account.js';
import type { AppServices } from '../services/app.js';

/** The whole account: delete it, download it. */
export function accountRoutes(s: AppServices) {
  const deps = { db: s.db, users: s.users };

  return implement('account', {
    delete: {
      handler: async ({ caller: { user }, body, request }) => {
        await deleteAccount({ db: s.db, identity: s.identity }, user, body.confirmation);
        // Gone from the database: drop the cached look-ups, then close every socket of the player
        // (apps and overlays), on every instance.
        s.sessions.forgetUser(user.id);
        s.deckLists.forget([user.id]);
        await request.server.live.revokeSessions(user.id);
        await request.server.live.revokeStreaming(user.id);
        return { ok: true as const };
      },
      options: { rateLimit: 5 },
    },

    export: {
      handler: async ({ caller: { user } }) => exportAccount(deps, user),
      options: { rateLimit: 10 },
    },
  });
}
