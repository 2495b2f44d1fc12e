/**
 * Promo events: a code redeems its event once per user and grants the event's badge.
 * The use counter moves with one conditional UPDATE (`uses < max_uses`), so two users racing for the
 * last use cannot both get it; the whole redemption is one transaction.
 */

import { randomInt } from 'node:crypto';
import type { LanguageValue } from '@companion/sdk/contract';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { promoCodes, promoEvents, promoRedemptions } from '../db/schema.js';
import { iso, isoOrNull } from './dto.js';
import { Conflict, Forbidden, Gone, NotFound } from './errors.js';

type Locale = LanguageValue;

const MESSAGES = {
  invalid: { en: 'This code is not valid.', fr: 'Ce code n’est pas valide.' },
  already: {
    en: 'You already redeemed this event.',
    fr: 'Vous avez déjà utilisé un code pour cet événement.',
  },
  expired: { en: 'This code has expired.', fr: 'Ce code a expiré.' },
  ended: { en: 'This event is over.', fr: 'Cet événement est terminé.' },
  notStarted: { en: 'This event has not started yet.', fr: 'Cet événement n’a pas encore commencé.' },
  usedUp: {
    en: 'This code has already been used as many times as allowed.',
    fr: 'Ce code a déjà été utilisé le nombre de fois autorisé.',
  },
} as const;

const message = (key: keyof typeof MESSAGES, locale: Locale) => MESSAGES[key][locale];

export async function redeem(
  db: Db,
  userId: string,
  input: { code: string; eventId: string; locale: Locale },
) {
  const { locale } = input;
  const invalid = () => new NotFound('That code', message('invalid', locale));
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ code: promoCodes, event: promoEvents })
      .from(promoCodes)
      .innerJoin(promoEvents, eq(promoEvents.id, promoCodes.eventId))
      .where(eq(promoCodes.code, input.code))
      .limit(1);
    if (!found || found.event.id !== input.eventId) throw invalid();
    const { event, code } = found;
    const [already] = await tx
      .select({ code: promoRedemptions.code })
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.eventId, event.id), eq(promoRedemptions.userId, userId)))
      .limit(1);
    if (already) throw new Conflict(message('already', locale));
    const now = new Date();
    if (event.startsAt && event.startsAt > now) throw new Forbidden(message('notStarted', locale));
    if (event.endsAt && event.endsAt <= now) throw new Gone(message('ended', locale));
    if (code.expiresAt && code.expiresAt <= now) throw new Gone(message('expired', locale));

    const used = await tx
      .update(promoCodes)
      .set({ uses: sql`${promoCodes.uses} + 1` })
      .where(and(eq(promoCodes.code, code.code), lt(promoCodes.uses, promoCodes.maxUses)))
      .returning({ uses: promoCodes.uses });
    if (used.length === 0) throw new Gone(message('usedUp', locale));

    const [redemption] = await tx
      .insert(promoRedemptions)
      .values({ eventId: event.id, userId, code: code.code })
      .onConflictDoNothing()
      .returning();
    // A concurrent redemption by the same user won: the transaction rolls the use back.
    if (!redemption) throw new Conflict(message('already', locale));

    return {
      event: {
        id: event.id,
        name: event.name,
        description: event.description,
        startsAt: isoOrNull(event.startsAt),
        endsAt: isoOrNull(event.endsAt),
      },
      badge: {
        id: event.id,
        eventId: event.id,
        name: event.badgeName,
        description: event.badgeDescription,
        image: event.badgeImage,
        grantedAt: iso(redemption.redeemedAt),
      },
    };
  });
}

/** Code alphabet without look-alike characters (no 0/O, 1/I/L). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const newPromoCode = (length = 10): string =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export interface CreateEventInput {
  name: string;
  badge: string;
  description?: string | null;
  badgeDescription?: string | null;
  badgeImage?: string | null;
  startsAt?: Date | null;
  endsAt?: Date | null;
  codes: number;
  maxUses: number;
  expiresAt?: Date | null;
}

/** Creates an event and its codes in one transaction. */
export async function createEvent(db: Db, input: CreateEventInput) {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .insert(promoEvents)
      .values({
        name: input.name,
        description: input.description ?? null,
        badgeName: input.badge,
        badgeDescription: input.badgeDescription ?? null,
        badgeImage: input.badgeImage ?? null,
        startsAt: input.startsAt ?? null,
        endsAt: input.endsAt ?? null,
      })
      .returning();
    if (!event) throw new Error('insert returned nothing');
    const codes = new Set<string>();
    while (codes.size < input.codes) codes.add(newPromoCode());
    const rows = [...codes].map((code) => ({
      code,
      eventId: event.id,
      maxUses: input.maxUses,
      expiresAt: input.expiresAt ?? null,
    }));
    const inserted = rows.length
      ? await tx.insert(promoCodes).values(rows).onConflictDoNothing().returning({ code: promoCodes.code })
      : [];
    return { event, codes: inserted.map((c) => c.code) };
  });
}
