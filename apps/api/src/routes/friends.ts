import { implement } from '../http/implement.js';
import type { AppServices } from '../services/app.js';
import * as friends from '../services/friends.js';

/** Friends by personal code. Looking a code up and asking are rate-limited (codes are short). */
export function friendRoutes(s: AppServices) {
  return implement('friends', {
    lookup: {
      handler: async ({ caller: { user }, params }) => friends.lookup(s, user, params.code),
      options: { rateLimit: 30 },
    },
    request: {
      handler: async ({ caller: { user }, params }) => ({
        friend: await friends.request(s, user, params.code),
      }),
      options: { rateLimit: 30 },
    },
    accept: async ({ caller: { user }, params }) => ({ friend: await friends.accept(s, user, params.code) }),
    remove: async ({ caller: { user }, params }) => {
      await friends.remove(s, user, params.code);
      return { ok: true as const };
    },
  });
}
