import { asc } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { formats, subformats } from '../db/schema.js';

/** The game formats with their subformats, in display order (`GET /formats`). */
export async function listFormats(db: Db) {
  const [formatRows, subRows] = await Promise.all([
    db.select().from(formats).orderBy(asc(formats.sort)),
    db.select().from(subformats).orderBy(asc(subformats.sort)),
  ]);
  return formatRows.map((f) => ({
    id: f.id,
    name: f.name,
    description: f.description,
    commander: f.commander,
    hasBrackets: f.hasBrackets,
    legalityKey: f.legalityKey,
    minPlayers: f.minPlayers,
    maxPlayers: f.maxPlayers,
    subformats: subRows
      .filter((sf) => sf.formatId === f.id)
      .map((sf) => ({ id: sf.id, name: sf.name, description: sf.description })),
  }));
}
