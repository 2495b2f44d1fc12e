import { z } from 'zod';
import { DateTime, Id, Language } from './common.js';
import { endpoint } from './endpoint.js';
import { LIMITS } from './limits.js';
import { Badge } from './user.js';

const tag = 'promo';

export const PromoEvent = z
  .object({
    id: Id,
    name: z.string(),
    description: z.string().nullable(),
    startsAt: DateTime.nullable(),
    endsAt: DateTime.nullable(),
  })
  .meta({ id: 'PromoEvent' });

export const promo = {
  redeem: endpoint(tag, {
    method: 'POST',
    path: '/promo/event',
    summary: 'Redeem an event code once; grants the event badge',
    description:
      'Fails with 404 for an unknown code, 409 when already redeemed, 410 when used up or expired.',
    body: z.object({
      locale: Language,
      code: z.string().trim().toUpperCase().min(LIMITS.promoCode.min).max(LIMITS.promoCode.max),
      eventId: Id,
    }),
    status: 201,
    response: z.object({ event: PromoEvent, badge: Badge }),
  }),
} as const;
