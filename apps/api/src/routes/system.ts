import { pingDatabase } from '../db/client.js';
import { implement } from '../http/implement.js';
import type { AppServices } from '../services/app.js';
import { listFormats } from '../services/formats.js';
import { VERSION } from '../version.js';

/** Liveness, health and the formats (no signature, no session). */
export function systemRoutes(s: AppServices) {
  return implement('system', {
    ping: async () => ({ pong: true as const, time: new Date().toISOString() }),

    health: async () => {
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
    },

    formats: async ({ reply }) => {
      const formats = await listFormats(s.db);
      reply.header('cache-control', 'public, max-age=300');
      return { formats };
    },
  });
}
