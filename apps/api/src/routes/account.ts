import { confirmsDeletion } from '@companion/sdk/contract';
import { implement } from '../http/implement.js';
import { deleteAccount, exportAccount } from '../services/account.js';
import type { AppServices } from '../services/app.js';
import { Invalid } from '../services/errors.js';

/** The whole account: delete it, download it. */
export function accountRoutes(s: AppServices) {
  const deps = { db: s.db, users: s.users, dataDir: s.env.dataDir };

  return implement('account', {
    delete: {
      handler: async ({ caller: { user }, body, request }) => {
        if (!confirmsDeletion(user, body.confirmation))
          throw new Invalid(
            user.email
              ? 'Type your account’s email address to confirm.'
              : 'Type your friend code to confirm.',
            [
              {
                path: 'body.confirmation',
                message: `Expected ${user.email ? 'the email' : 'the friend code'}`,
              },
            ],
          );
        await deleteAccount({ db: s.db, identity: s.identity }, user);
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
