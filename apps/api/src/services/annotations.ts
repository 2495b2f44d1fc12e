/**
 * What games and sets share: each user's tags (`tags.ts`) and note (`notes.ts`) on them, which go
 * when the game or set goes.
 */
import type { AnnotationTargetValue } from '@companion/sdk/contract';
import type { Db } from '../db/client.js';
import { forgetNotes } from './notes.js';
import { forgetTags } from './tags.js';

/** Removes every user's tags and notes on targets that are being deleted. */
export async function forgetTargets(db: Db, type: AnnotationTargetValue, ids: string[]): Promise<void> {
  await forgetTags(db, type, ids);
  await forgetNotes(db, type, ids);
}
