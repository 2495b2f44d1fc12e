import { contract } from '@companion/sdk/contract';
import type { Registrar } from '../http/registrar.js';
import type { AppServices } from '../services/app.js';
import * as friends from '../services/friends.js';
import { signedIn } from './user.js';

export function registerFriendRoutes(r: Registrar, s: AppServices): void {
  r.route(
    contract.friends.lookup,
    async ({ caller, params }) => friends.lookup(s, signedIn(caller).user, params.code),
    { rateLimit: 30 },
  );
  r.route(
    contract.friends.request,
    async ({ caller, params }) => ({ friend: await friends.request(s, signedIn(caller).user, params.code) }),
    { rateLimit: 30 },
  );
  r.route(contract.friends.accept, async ({ caller, params }) => ({
    friend: await friends.accept(s, signedIn(caller).user, params.code),
  }));
  r.route(contract.friends.remove, async ({ caller, params }) => {
    await friends.remove(s, signedIn(caller).user, params.code);
    return { ok: true as const };
  });
}
