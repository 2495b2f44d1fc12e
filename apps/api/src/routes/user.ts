import { contract } from '@companion/sdk/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { users } from '../db/schema.js';
import type { Caller } from '../http/context.js';
import { conflict, forbidden, notFound, unauthenticated } from '../http/errors.js';
import type { Registrar } from '../http/registrar.js';
import type { AppServices } from '../services/app.js';
import { deckSummaries, listDeckRows } from '../services/deck-summary.js';
import { list as listFriends } from '../services/friends.js';
import { storePicture } from '../services/pictures.js';
import { listForUser as listPlaygroups } from '../services/playgroups.js';
import { computeStats } from '../services/stats.js';
import { canSeeProfile, relationship } from '../services/visibility.js';

/** Narrows the caller of a session route (the registrar already refused anonymous calls). */
export function signedIn(caller: Caller | null): Caller {
  if (!caller) throw unauthenticated();
  return caller;
}

export function registerUserRoutes(r: Registrar, s: AppServices): void {
  const addFriendUrl = (code: string) => `${s.env.publicUrl}/friends/add?code=${encodeURIComponent(code)}`;

  r.route(contract.user.me, async ({ caller }) => {
    const { user } = signedIn(caller);
    // A password account that was not verified may have verified since: report it at once.
    if (user.provider === 'password' && !user.emailVerified && (await s.users.refreshVerification(user)))
      user.emailVerified = true;
    return { user: await s.users.full(user), state: { settings: s.users.settings(user) } };
  });

  r.route(contract.user.code, async ({ caller }) => {
    const { user } = signedIn(caller);
    return { code: user.code, url: addFriendUrl(user.code) };
  });

  r.route(contract.user.qr, async ({ caller }) => {
    const { user } = signedIn(caller);
    const url = addFriendUrl(user.code);
    const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { code: user.code, url, svg };
  });

  r.route(contract.user.updateSettings, async ({ caller, body }) => {
    const { user } = signedIn(caller);
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const [updated] = Object.keys(changes).length
      ? await s.db.update(users).set(changes).where(eq(users.id, user.id)).returning()
      : [user];
    s.sessions.forgetUser(user.id);
    return { settings: s.users.settings(updated ?? user) };
  });

  r.route(contract.user.setUsername, async ({ caller, body }) => {
    const { user } = signedIn(caller);
    const taken = await s.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.username}) = lower(${body.username})`, ne(users.id, user.id)))
      .limit(1);
    if (taken.length) {
      throw conflict('That username is taken.', {
        issues: [{ path: 'body.username', message: 'Already taken' }],
      });
    }
    try {
      const [updated] = await s.db
        .update(users)
        .set({ username: body.username })
        .where(eq(users.id, user.id))
        .returning();
      s.sessions.forgetUser(user.id);
      return { user: await s.users.full(updated ?? user) };
    } catch (error) {
      // Two users racing for the same name: the unique index decides.
      if (
        String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) ===
        '23505'
      ) {
        throw conflict('That username is taken.', {
          issues: [{ path: 'body.username', message: 'Already taken' }],
        });
      }
      throw error;
    }
  });

  r.route(contract.user.setFirstname, async ({ caller, body }) => {
    const { user } = signedIn(caller);
    const [updated] = await s.db
      .update(users)
      .set({ firstname: body.firstname })
      .where(eq(users.id, user.id))
      .returning();
    s.sessions.forgetUser(user.id);
    return { user: await s.users.full(updated ?? user) };
  });

  r.route(contract.user.uploadPicture, async ({ caller, body }) => {
    const { user } = signedIn(caller);
    const path = await storePicture(s.env.dataDir, 'users', user.id, body.buffer);
    const [updated] = await s.db
      .update(users)
      .set({ picture: path })
      .where(eq(users.id, user.id))
      .returning();
    s.sessions.forgetUser(user.id);
    return { user: await s.users.full(updated ?? user) };
  });

  r.route(contract.user.byId, async ({ caller, params }) => {
    const me = signedIn(caller);
    const target = params.id === me.user.id ? me.user : await s.users.byId(params.id);
    if (!target) throw notFound('That user');
    return {
      user: s.users.summary(target),
      state: { settings: target.id === me.user.id ? s.users.settings(target) : null },
    };
  });
}

// ---- social half: profile, stats, playgroups and friends of the user ----

/** `GET /user/:id/profile`, `/user/stats`, `/user/:id/stats`, `/user/playgroups`, `/user/friends`. */
export function registerUserSocialRoutes(r: Registrar, s: AppServices): void {
  const deps = { db: s.db, users: s.users, dataDir: s.env.dataDir };

  r.route(contract.user.profile, async ({ caller, params }) => {
    const me = signedIn(caller).user;
    const target = params.id === me.id ? me : await s.users.byId(params.id);
    if (!target) throw notFound('That user');
    const rel = await relationship(s.db, me.id, target.id);
    const summary = s.users.summary(target);
    if (!canSeeProfile(target.profileVisibility, rel)) {
      return {
        user: summary,
        visible: false,
        relationship: rel,
        badges: [],
        stats: null,
        decks: [],
        memberSince: null,
      };
    }
    const [badges, stats, deckRows] = await Promise.all([
      s.users.badges(target.id),
      computeStats(s.db, target.id, me.id, {}),
      listDeckRows(s.db, target.id, false),
    ]);
    return {
      user: summary,
      visible: true,
      relationship: rel,
      badges,
      stats,
      decks: await deckSummaries(s.db, deckRows),
      memberSince: target.createdAt.toISOString(),
    };
  });

  r.route(contract.user.stats, async ({ caller, query }) => {
    const me = signedIn(caller).user;
    return { stats: await computeStats(s.db, me.id, me.id, query) };
  });

  r.route(contract.user.statsById, async ({ caller, params, query }) => {
    const me = signedIn(caller).user;
    const target = params.id === me.id ? me : await s.users.byId(params.id);
    if (!target) throw notFound('That user');
    if (!canSeeProfile(target.profileVisibility, await relationship(s.db, me.id, target.id)))
      throw forbidden('This player’s statistics are not visible to you.');
    return { stats: await computeStats(s.db, target.id, me.id, query) };
  });

  r.route(contract.user.playgroups, async ({ caller }) => ({
    playgroups: await listPlaygroups(deps, signedIn(caller).user),
  }));

  r.route(contract.user.friends, async ({ caller }) => ({
    friends: await listFriends(deps, signedIn(caller).user),
  }));
}
