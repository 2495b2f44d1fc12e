import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { UnsupportedMedia } from './errors.js';

const ACCEPTED = new Set(['png', 'jpeg', 'webp']);
export const PICTURE_SIZE = 512;
/** Largest accepted upload, in bytes. */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Checks an uploaded picture by its content (not its name or declared type), re-encodes it as WebP
 * at most 512×512 (which drops metadata such as GPS position) and stores it under `uploads/<folder>`.
 * Returns the stored path relative to the uploads folder.
 */
export async function storePicture(
  dataDir: string,
  folder: 'users' | 'playgroups',
  id: string,
  input: Buffer,
): Promise<string> {
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) {
    throw new UnsupportedMedia('Use a PNG, JPEG or WebP image.');
  }
  const output = await sharp(input, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover', position: 'attention' })
    .webp({ quality: 82 })
    .toBuffer();
  const name = `${id}-${createHash('sha256').update(output).digest('hex').slice(0, 12)}.webp`;
  const dir = join(dataDir, 'uploads', folder);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), output);
  return `${folder}/${name}`;
}
