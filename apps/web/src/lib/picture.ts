import { isCompanionError, isOneOf, LIMITS, PICTURE_TYPES } from '@companion/sdk';
import { errorMessage } from './errors';

/** The largest picture the API takes, in megabytes (for messages). */
export const PICTURE_MEGABYTES = LIMITS.pictureBytes.max / (1024 * 1024);

/** The file input's `accept`: the picture formats the API takes. */
export const PICTURE_ACCEPT = PICTURE_TYPES.join(',');

/** Why a chosen picture cannot be uploaded, before sending it: its format, or its size; null when fine. */
export function pictureProblem(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | null {
  if (!isOneOf(PICTURE_TYPES, file.type)) return 'type';
  if (file.size > LIMITS.pictureBytes.max) return 'size';
  return null;
}

/** The largest picture the API decodes, in megapixels (for messages). */
export const PICTURE_MEGAPIXELS = LIMITS.picturePixels.max / 1_000_000;

/**
 * What to say when the API refused an uploaded picture: too many pixels or bytes (413) or not a
 * picture it reads (415), in the reader's language; other failures as `errorMessage` says them.
 */
export function pictureUploadMessage(
  error: unknown,
  t: (id: string, values?: Record<string, string | number>) => string,
): string {
  if (isCompanionError(error)) {
    if (error.status === 413)
      return t('web.picture.tooLarge', { megapixels: PICTURE_MEGAPIXELS, megabytes: PICTURE_MEGABYTES });
    if (error.status === 415) return t('web.picture.unreadable');
  }
  return errorMessage(error, t);
}
