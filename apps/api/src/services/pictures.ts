/**
 * Uploaded pictures: checked, re-encoded and stored under `DATA_DIR/uploads/<folder>`; deleted once
 * nothing refers to them; and, for playgroups (whose pictures only their members may see), served
 * through short-lived signed URLs.
 *
 * Avatars (`uploads/users`) are public and cacheable. A playgroup's picture URL carries an expiry and
 * an HMAC of the path and expiry, made with a server-only key; the URL is issued in the playgroup's
 * responses, which only members and invited users get. An `<img>` tag needs no header for it. The
 * expiry is rounded to the hour (the URL stays the same, and cached, for an hour) and lies 1 to 2
 * hours ahead: someone removed from a group keeps a URL they already had until then.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIMITS } from '@companion/sdk/contract';
import sharp, { type Metadata } from 'sharp';
import { TooLarge, UnsupportedMedia } from './errors.js';

const ACCEPTED = new Set(['png', 'jpeg', 'webp']);
export const PICTURE_SIZE = 512;
export type PictureFolder = 'users' | 'playgroups';
/** A stored picture's path relative to the uploads folder, as `storePicture` makes it. */
const STORED = /^(users|playgroups)\/[0-9a-f-]{36}-[0-9a-f]{12}\.webp$/;

function tooLarge(width: number, height: number): TooLarge {
  const max = LIMITS.picturePixels.max;
  return new TooLarge(
    `The picture is too large: ${width}×${height} pixels (${(width * height) / 1e6} megapixels); ` +
      `the most is ${max / 1e6} megapixels.`,
    { pixels: width * height, maxPixels: max },
  );
}

/**
 * Checks an uploaded picture by its content (not its name or declared type), re-encodes it as WebP
 * at most 512×512 (which drops metadata such as GPS position) and stores it under `uploads/<folder>`.
 * Pictures over LIMITS.picturePixels are refused (413) before they are decoded.
 * Returns the stored path relative to the uploads folder.
 */
export async function storePicture(
  dataDir: string,
  folder: PictureFolder,
  id: string,
  input: Buffer,
): Promise<string> {
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
  let output: Buffer;
  try {
    output = await sharp(input, { limitInputPixels: LIMITS.picturePixels.max })
      .rotate()
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (/pixel limit/i.test(String((error as Error).message))) throw tooLarge(width, height);
    throw new UnsupportedMedia('The picture could not be read. Use a PNG, JPEG or WebP image.');
  }
  const name = `${id}-${createHash('sha256').update(output).digest('hex').slice(0, 12)}.webp`;
  const dir = join(dataDir, 'uploads', folder);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), output);
  return `${folder}/${name}`;
}

/**
 * Deletes a stored picture that nothing refers to any more (call it once the change that dropped
 * the reference is committed). Pictures held elsewhere (an identity provider's URL) and files
 * already gone are left alone.
 */
export async function deletePicture(dataDir: string, stored: string | null | undefined): Promise<void> {
  if (!stored || !STORED.test(stored)) return;
  await unlink(join(dataDir, 'uploads', stored)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/** After a picture was replaced: the old file goes once the new reference is committed. */
export async function replacedPicture(dataDir: string, old: string | null, current: string | null) {
  if (old && old !== current) await deletePicture(dataDir, old);
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
