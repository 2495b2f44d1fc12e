import { contract } from '@companion/sdk/contract';
import { asc } from 'drizzle-orm';
import { pingDatabase } from '../db/client.js';
import { formats, subformats } from '../db/schema.js';
import type { Registrar } from '../http/registrar.js';
import type { AppServices } from '../services/app.js';

const VERSION = '0.1.0';

export function registerSystemRoutes(r: Registrar, s: AppServices): void {
  r.route(contract.system.ping, async () => ({ pong: true as const, time: new Date().toISOString() }));

  r.route(contract.system.health, async () => {
    const dbOk = await pingDatabase(s.db);
    const counts = dbOk ? await s.catalogueCounts() : { cards: 0, sets: 0 };
    return {
      status: dbOk ? ('ok' as const) : ('degraded' as const),
      version: VERSION,
      uptimeSeconds: Math.round((Date.now() - s.startedAt) / 1000),
      checks: {
        database: dbOk ? ('ok' as const) : ('error' as const),
        storage: s.database.kind,
        live: s.env.redisUrl ? ('redis' as const) : ('in-process' as const),
        catalogue: counts,
      },
    };
  });

  r.route(contract.system.formats, async ({ reply }) => {
    const [formatRows, subRows] = await Promise.all([
      s.db.select().from(formats).orderBy(asc(formats.sort)),
      s.db.select().from(subformats).orderBy(asc(subformats.sort)),
    ]);
    reply.header('cache-control', 'public, max-age=300');
    return {
      formats: formatRows.map((f) => ({
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
      })),
    };
  });
}
