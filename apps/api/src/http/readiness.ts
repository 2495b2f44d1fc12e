import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../db/client.js';
import type { AppServices } from '../services/app.js';
import type { CatalogueSchedule } from '../services/catalogue-schedule.js';
import { VERSION } from '../version.js';

/**
 * `GET /health/ready`, for a load balancer or an orchestrator (not part of the contract, like
 * `/metrics`): 200 when this instance takes requests (its database answers and it is not shutting
 * down), else 503, with what it found, and the last catalogue sync (which does not decide
 * readiness: the API works with the catalogue it has). `/health` stays the contract's detailed report.
 */
export function registerReadiness(
  app: FastifyInstance,
  services: AppServices,
  sync: CatalogueSchedule,
  draining: () => boolean,
): void {
  app.get('/health/ready', async (_request, reply) => {
    const closing = draining();
    const database = closing ? false : await pingDatabase(services.db);
    const ready = !closing && database;
    const last = database ? await sync.latest().catch(() => undefined) : undefined;
    reply.header('cache-control', 'no-store');
    return reply.code(ready ? 200 : 503).send({
      ready,
      version: VERSION,
      ...(closing ? { reason: 'shutting down' } : database ? {} : { reason: 'the database does not answer' }),
      database: database ? 'ok' : 'error',
      storage: services.database.kind,
      catalogueSync: last
        ? {
            status: last.status,
            trigger: last.trigger,
            startedAt: last.startedAt,
            finishedAt: last.finishedAt,
            cards: last.cards,
            bulkUpdatedAt: last.bulkUpdatedAt,
            ...(last.message ? { message: last.message } : {}),
          }
        : null,
    });
  });
}
