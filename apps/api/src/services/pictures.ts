/**
 * Uploaded pictures: checked, re-encoded and stored in the database (`pictures`, so that every
 * instance serves every picture and backups hold them); deleted in the transaction that drops the
 * last reference; and, for playgroups (whose pictures only their members may see), served through
 * short-lived signed URLs.
 *
 * Avatars (`users/…`) are public; a stored picture's name ends with a hash of its content, so its URL
 * is cached as immutable. A playgroup's picture URL carries an expiry and an HMAC of the path and
 * expiry, made with a server-only key; the URL is issued in the playgroup's responses, which only
 * members and invited users get. An `<img>` tag needs no header for it. The expiry is rounded to the
 * hour (the URL stays the same, and cached, for an hour) and lies 1 to 2 hours ahead: someone removed
 * from a group keeps a URL they already had until then.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIMITS } from '@companion/sdk/contract';
import { eq } from 'drizzle-orm';
import type { Metadata } from 'sharp';
import type { Db, Tx } from '../db/client.js';
import { pictures } from '../db/schema.js';
import { TooLarge, UnsupportedMedia } from './errors.js';

const ACCEPTED = new Set(['png', 'jpeg', 'webp']);
export const PICTURE_SIZE = 512;
export type PictureFolder = 'users' | 'playgroups';
/** A stored picture's path, as `picturePath` makes it. */
export const STORED_PICTURE = /^(users|playgroups)\/[0-9a-f-]{36}-[0-9a-f]{12}\.webp$/;

function tooLarge(width: number, height: number): TooLarge {
  const max = LIMITS.picturePixels.max;
  return new TooLarge(
    `The picture is too large: ${width}×${height} pixels (${(width * height) / 1e6} megapixels); ` +
      `the most is ${max / 1e6} megapixels.`,
    { pixels: width * height, maxPixels: max },
  );
}

/**
 * Checks an uploaded picture by its content (not its name or declared type) and re-encodes it as
 * WebP at most 512×512 (which drops metadata such as GPS position). Pictures over
 * LIMITS.picturePixels are refused (413) before they are decoded.
 */
export async function encodePicture(input: Buffer): Promise<Buffer> {
  // Loaded on the first upload: a native module the server's start does without.
  const { default: sharp } = await import('sharp');
  let meta: Metadata | undefined;
  try {
    meta = await sharp(input).metadata();
  } catch {
    meta = undefined;
  }
  if (!meta?.format || !ACCEPTED.has(meta.format)) {
    throw new UnsupportedMedia('Use a PNG, JPEG or WebP image.');
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > LIMITS.picturePixels.max) throw tooLarge(width, height);
  try {
    return await sharp(input, { limitInputPixels: LIMITS.picturePixels.max })
      .rotate()
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error).message))) throw tooLarge(width, height);
    throw new UnsupportedMedia('The picture could not be read. Use a PNG, JPEG or WebP image.');
  }
}

/** The stored name of `owner`'s picture `content`: the same content keeps the same name. */
export const picturePath = (folder: PictureFolder, owner: string, content: Buffer) =>
  `${folder}/${owner}-${createHash('sha256').update(content).digest('hex').slice(0, 12)}.webp`;

/** Stores a picture (in the transaction that makes something refer to it). */
export async function savePicture(tx: Db | Tx, path: string, content: Buffer): Promise<void> {
  await tx.insert(pictures).values({ path, content }).onConflictDoNothing();
}

/**
 * Deletes a stored picture nothing refers to any more (in the transaction that dropped the
 * reference). Pictures held elsewhere (an identity provider's URL) are left alone.
 */
export async function dropPicture(tx: Db | Tx, stored: string | null | undefined): Promise<void> {
  if (!stored || !STORED_PICTURE.test(stored)) return;
  await tx.delete(pictures).where(eq(pictures.path, stored));
}

/** A stored picture's content, or undefined. */
export async function readPicture(db: Db, path: string): Promise<Buffer | undefined> {
  if (!STORED_PICTURE.test(path)) return undefined;
  const [row] = await db.select({ content: pictures.content }).from(pictures).where(eq(pictures.path, path));
  return row?.content;
}

/**
 * Moves pictures kept as files by earlier versions (`DATA_DIR/uploads/<folder>/…`) into the
 * database, once: a file already there is skipped. The files are left in place (they can be
 * removed after the upgrade). Returns how many were new.
 */
export async function importPictureFiles(db: Db, dataDir: string): Promise<number> {
  let added = 0;
  for (const folder of ['users', 'playgroups'] as const) {
    let names: string[];
    try {
      names = readdirSync(join(dataDir, 'uploads', folder));
    } catch {
      continue;
    }
    for (const name of names) {
      const path = `${folder}/${name}`;
      if (!STORED_PICTURE.test(path)) continue;
      const inserted = await db
        .insert(pictures)
        .values({ path, content: readFileSync(join(dataDir, 'uploads', folder, name)) })
        .onConflictDoNothing()
        .returning({ path: pictures.path });
      added += inserted.length;
    }
  }
  return added;
}

/** Seconds a signed picture URL stays the same (and cacheable). */
export const PICTURE_URL_STEP_S = 3600;

export interface PictureUrls {
  /** The absolute URL of a stored picture: public for avatars, signed for playgroups. */
  url(stored: string): string;
  /** Whether `expires` and `signature` were issued for `path` (`/uploads/…`) and have not expired. */
  verify(path: string, expires: string | undefined, signature: string | undefined, now?: number): boolean;
}

/**
 * The key that signs picture URLs: COMPANION_PICTURE_SECRET, or a random key kept in
 * `DATA_DIR/picture-url.key` (made on first start; instances that share the uploads folder share it).
 */
function signingKey(dataDir: string, secret: string | undefined): Buffer {
  if (secret) return Buffer.from(secret);
  const file = join(dataDir, 'picture-url.key');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Another instance made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}

export function createPictureUrls(env: {
  apiUrl: string;
  dataDir: string;
  pictureSecret?: string | undefined;
}): PictureUrls {
  const key = signingKey(env.dataDir, env.pictureSecret);
  const mac = (path: string, expires: number) =>
    createHmac('sha256', key).update(`GET\n${path}\n${expires}`).digest('base64url');
  return {
    url(stored) {
      const path = `/uploads/${stored}`;
      if (!stored.startsWith('playgroups/')) return `${env.apiUrl}${path}`;
      const expires = (Math.floor(Date.now() / 1000 / PICTURE_URL_STEP_S) + 2) * PICTURE_URL_STEP_S;
      return `${env.apiUrl}${path}?expires=${expires}&signature=${mac(path, expires)}`;
    },
    verify(path, expires, signature, now = Date.now()) {
      if (!expires || !signature || !/^[0-9]{1,12}$/.test(expires)) return false;
      const at = Number(expires);
      if (at * 1000 <= now) return false;
      const expected = Buffer.from(mac(path, at));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
