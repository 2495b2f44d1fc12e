/**
 * Prometheus metrics at `GET /metrics`, behind a bearer token (COMPANION_METRICS_TOKEN; without one
 * the path answers 404, as any unknown path does): request rate and latency per method, route
 * template and status, the live channel's sockets and users on this instance, PostgreSQL's pool,
 * the last catalogue sync (of any instance: when, how it ended, how many cards), and the process's own (memory, event-loop lag, CPU) from prom-client's defaults. Not part of the
 * contract: a scraper reads Prometheus' text format, not JSON, and signs nothing.
 */

import { ErrorCode } from '@companion/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { safeEqual } from '../auth/tokens.js';
import { ApiError } from './errors.js';

export interface MetricsSources {
  /** Open sockets and users with one, on this instance. */
  live?: () => { sockets: number; users: number };
  /** PostgreSQL's connection pool (PGlite has none). */
  pool?: () => { total: number; idle: number; waiting: number };
  /** The latest catalogue sync, on any instance (services/catalogue-schedule.ts). */
  sync?: () => Promise<
    { status: string; startedAt: Date; finishedAt: Date | null; cards: number | null } | undefined
  >;
}

export function registerMetrics(
  app: FastifyInstance,
  token: string | undefined,
  sources: MetricsSources = {},
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'companion_' });
  const duration = new Histogram({
    name: 'companion_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status: count (rate) and latency',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'companion_live_sockets',
    help: 'Open live-channel sockets on this instance',
    registers: [registry],
    collect() {
      this.set(sources.live?.().sockets ?? 0);
    },
  });
  new Gauge({
    name: 'companion_live_users',
    help: 'Users with at least one open live-channel socket on this instance',
    registers: [registry],
    collect() {
      this.set(sources.live?.().users ?? 0);
    },
  });
  new Gauge({
    name: 'companion_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients); none on PGlite',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources.pool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  new Gauge({
    name: 'companion_catalogue_sync_last_timestamp_seconds',
    help: 'When the latest catalogue sync ended (started, while running), labelled by how it ended',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const last = await sources.sync?.().catch(() => undefined);
      if (last) this.set({ status: last.status }, (last.finishedAt ?? last.startedAt).getTime() / 1000);
    },
  });
  new Gauge({
    name: 'companion_catalogue_sync_last_cards',
    help: 'Cards the latest successful-or-not catalogue sync brought in',
    registers: [registry],
    async collect() {
      const last = await sources.sync?.().catch(() => undefined);
      this.set(last?.cards ?? 0);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's template (`/deck/:id`), never the raw path: ids would make a series each.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    duration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', async (request, reply) => {
    if (!token) throw new ApiError(404, ErrorCode.NOT_FOUND, 'The requested resource was not found.');
    const given = request.headers.authorization ?? '';
    if (!safeEqual(given, `Bearer ${token}`)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new ApiError(401, ErrorCode.UNAUTHENTICATED, 'The metrics token is missing or wrong.');
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}
