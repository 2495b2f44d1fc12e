import type {
  CurrencyValue,
  LanguageValue,
  ProfileVisibilityValue,
  StoredProviderValue,
} from '@companion/sdk/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { IdentityClaims, IdentityVerifier } from '../auth/firebase.js';
import { newFriendCode } from '../auth/tokens.js';
import type { Db } from '../db/client.js';
import { formats, promoEvents, promoRedemptions, type UserRow, users } from '../db/schema.js';
import type { Env } from '../env.js';
import { iso, isoOrNull } from './dto.js';
import { Conflict, Invalid } from './errors.js';
import { dropPicture, encodePicture, type PictureUrls, picturePath, savePicture } from './pictures.js';

export interface UserService {
  /** Records activity (at most once a minute per user). */
  touch(userId: string): void;
  /** Asks the identity service whether the email is verified now; stores the answer. */
  refreshVerification(user: UserRow): Promise<boolean>;
  findOrCreate(
    claims: IdentityClaims,
    profile: { firstname?: string | null | undefined; locale: LanguageValue },
  ): Promise<{ user: UserRow; created: boolean }>;
  byId(id: string): Promise<UserRow | undefined>;
  pictureUrl(picture: string | null): string | null;
  summary(user: Pick<UserRow, 'id' | 'username' | 'firstname' | 'lastname' | 'picture'>): {
    id: string;
    username: string | null;
    firstname: string | null;
    lastname: string | null;
    picture: string | null;
  };
  full(user: UserRow): Promise<FullUser>;
  settings(user: UserRow): {
    language: LanguageValue;
    currency: CurrencyValue;
    profileVisibility: ProfileVisibilityValue;
    defaultFormatId: string | null;
  };
  badges(userId: string): Promise<Badge[]>;
  /** Changes the given settings (undefined ones stay). */
  updateSettings(user: UserRow, changes: Partial<Settings>): Promise<UserRow>;
  /** Takes a username (409 when another user has it, whatever its case). */
  setUsername(user: UserRow, username: string): Promise<UserRow>;
  setFirstname(user: UserRow, firstname: string): Promise<UserRow>;
  /** Stores an uploaded picture as the user's (415 when it is not a PNG, JPEG or WebP image). */
  setPicture(user: UserRow, picture: Buffer): Promise<UserRow>;
}

type Settings = ReturnType<UserService['settings']>;

const usernameTaken = () =>
  new Conflict('That username is taken.', {
    issues: [{ path: 'body.username', message: 'Already taken' }],
  });

/** True for a unique_violation, whether thrown by pg, PGlite or wrapped by Drizzle. */
const isUniqueViolation = (error: unknown): boolean =>
  String((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) ===
  '23505';

export interface Badge {
  id: string;
  eventId: string;
  name: string;
  description: string | null;
  image: string | null;
  grantedAt: string;
}

export interface FullUser {
  id: string;
  username: string | null;
  firstname: string | null;
  lastname: string | null;
  picture: string | null;
  email: string | null;
  emailVerified: boolean;
  provider: StoredProviderValue;
  code: string;
  createdAt: string;
  lastSeen: string | null;
  badges: Badge[];
}

export function createUserService(
  db: Db,
  env: Env,
  identity: IdentityVerifier,
  pictures: PictureUrls,
  /** Told after the service changes a user's row (the session cache drops its copy). */
  changed: (userId: string) => void = () => undefined,
): UserService {
  const lastTouch = new Map<string, number>();
  // The last identity-service check per Firebase user: concurrent calls share it, and for 5 s its
  // answer stands (a user who just verified is seen by every call, not only the first).
  const lastVerifyCheck = new Map<string, { at: number; verified: Promise<boolean> }>();

  const service: UserService = {
    touch(userId) {
      const now = Date.now();
      if ((lastTouch.get(userId) ?? 0) > now - 60_000) return;
      lastTouch.set(userId, now);
      db.update(users)
        .set({ lastSeen: new Date(now) })
        .where(eq(users.id, userId))
        .catch(() => lastTouch.delete(userId));
    },

    async refreshVerification(user) {
      const now = Date.now();
      const last = lastVerifyCheck.get(user.firebaseUid);
      if (last && last.at > now - 5_000) return last.verified;
      const verified = identity.emailVerified(user.firebaseUid).then(async (isVerified) => {
        if (isVerified) {
          await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
          changed(user.id);
        }
        return isVerified;
      });
      lastVerifyCheck.set(user.firebaseUid, { at: now, verified });
      verified.catch(() => lastVerifyCheck.delete(user.firebaseUid));
      return verified;
    },

    async findOrCreate(claims, profile) {
      const existing = await db.select().from(users).where(eq(users.firebaseUid, claims.uid)).limit(1);
      const found = existing[0];
      if (found) {
        const changes: Partial<UserRow> = {};
        if (claims.emailVerified && !found.emailVerified) changes.emailVerified = true;
        if (claims.email && claims.email !== found.email) changes.email = claims.email;
        if (Object.keys(changes).length) {
          const [updated] = await db.update(users).set(changes).where(eq(users.id, found.id)).returning();
          changed(found.id);
          return { user: updated ?? found, created: false };
        }
        return { user: found, created: false };
      }
      const firstname = profile.firstname?.trim() || claims.name?.split(' ')[0] || null;
      const lastname = claims.name?.includes(' ') ? claims.name.split(' ').slice(1).join(' ') : null;
      for (let attempt = 0; attempt < 5; attempt++) {
        const inserted = await db
          .insert(users)
          .values({
            firebaseUid: claims.uid,
            email: claims.email,
            emailVerified: claims.emailVerified,
            provider: claims.provider,
            firstname,
            lastname,
            picture: claims.picture,
            code: newFriendCode(),
            language: profile.locale,
            currency: profile.locale === 'fr' ? 'eur' : 'usd',
          })
          .onConflictDoNothing()
          .returning();
        if (inserted[0]) return { user: inserted[0], created: true };
        // Either the uid was created concurrently, or the code collided: look again, then retry.
        const again = await db.select().from(users).where(eq(users.firebaseUid, claims.uid)).limit(1);
        if (again[0]) return { user: again[0], created: false };
      }
      throw new Error('Could not allocate a friend code');
    },

    async byId(id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0];
    },

    pictureUrl(picture) {
      if (!picture) return null;
      return /^https?:\/\//.test(picture) ? picture : pictures.url(picture);
    },

    summary(user) {
      return {
        id: user.id,
        username: user.username,
        firstname: user.firstname,
        lastname: user.lastname,
        picture: service.pictureUrl(user.picture),
      };
    },

    async full(user) {
      return {
        ...service.summary(user),
        email: user.email,
        emailVerified: user.emailVerified,
        provider: user.provider,
        code: user.code,
        createdAt: iso(user.createdAt),
        lastSeen: isoOrNull(user.lastSeen),
        badges: await service.badges(user.id),
      };
    },

    settings(user) {
      return {
        language: user.language,
        currency: user.currency,
        profileVisibility: user.profileVisibility,
        defaultFormatId: user.defaultFormatId,
      };
    },

    async updateSettings(user, changes) {
      if (changes.defaultFormatId) {
        const [format] = await db
          .select({ id: formats.id })
          .from(formats)
          .where(eq(formats.id, changes.defaultFormatId));
        if (!format) throw Invalid.field('body.defaultFormatId', 'Unknown format');
      }
      const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      const [updated] = Object.keys(set).length
        ? await db.update(users).set(set).where(eq(users.id, user.id)).returning()
        : [user];
      changed(user.id);
      return updated ?? user;
    },

    async setUsername(user, username) {
      const taken = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.username}) = lower(${username})`, ne(users.id, user.id)))
        .limit(1);
      if (taken.length) throw usernameTaken();
      try {
        const [updated] = await db.update(users).set({ username }).where(eq(users.id, user.id)).returning();
        changed(user.id);
        return updated ?? user;
      } catch (error) {
        // Two users racing for the same name: the unique index decides.
        if (isUniqueViolation(error)) throw usernameTaken();
        throw error;
      }
    },

    async setFirstname(user, firstname) {
      const [updated] = await db.update(users).set({ firstname }).where(eq(users.id, user.id)).returning();
      changed(user.id);
      return updated ?? user;
    },

    async setPicture(user, picture) {
      const content = await encodePicture(picture);
      const path = picturePath('users', user.id, content);
      // The picture, the reference and the replaced picture's removal: all or nothing.
      const updated = await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ picture: users.picture })
          .from(users)
          .where(eq(users.id, user.id))
          .for('update');
        await savePicture(tx, path, content);
        const [row] = await tx.update(users).set({ picture: path }).where(eq(users.id, user.id)).returning();
        if (current?.picture && current.picture !== path) await dropPicture(tx, current.picture);
        return row;
      });
      changed(user.id);
      return updated ?? user;
    },

    async badges(userId) {
      const rows = await db
        .select({
          eventId: promoEvents.id,
          name: promoEvents.badgeName,
          description: promoEvents.badgeDescription,
          image: promoEvents.badgeImage,
          grantedAt: promoRedemptions.redeemedAt,
        })
        .from(promoRedemptions)
        .innerJoin(promoEvents, eq(promoEvents.id, promoRedemptions.eventId))
        .where(eq(promoRedemptions.userId, userId))
        .orderBy(promoRedemptions.redeemedAt);
      return rows.map((r) => ({
        id: r.eventId,
        eventId: r.eventId,
        name: r.name,
        description: r.description,
        image: r.image,
        grantedAt: iso(r.grantedAt),
      }));
    },
  };
  return service;
}
