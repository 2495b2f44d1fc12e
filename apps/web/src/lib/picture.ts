import { isOneOf, LIMITS, PICTURE_TYPES } from '@companion/sdk';

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
