import { implement } from '../http/implement.js';
import type { AppServices } from '../services/app.js';
import { redeem } from '../services/promo.js';

/** Promo codes (rate-limited: codes are guessable by trying). */
export function promoRoutes(s: AppServices) {
  return implement('promo', {
    redeem: {
      handler: async ({ caller: { user }, body }) => redeem(s.db, user.id, body),
      options: { rateLimit: 10 },
    },
  });
}
