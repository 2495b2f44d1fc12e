import { contract } from '@companion/sdk/contract';
import type { Registrar } from '../http/registrar.js';
import type { AppServices } from '../services/app.js';
import { redeem } from '../services/promo.js';
import { signedIn } from './user.js';

export function registerPromoRoutes(r: Registrar, s: AppServices): void {
  r.route(contract.promo.redeem, async ({ caller, body }) => redeem(s.db, signedIn(caller).user.id, body), {
    rateLimit: 10,
  });
}
