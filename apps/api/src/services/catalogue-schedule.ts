/**
 * Fresh card data without anyone running `cards:sync` by hand: the server syncs the catalogue from
 * Scryfall (the bulk file, with the day's price snapshot) every day at COMPANION_SYNC_HOUR (UTC), and
 * at start when the catalogue is empty. COMPANION_SYNC=off turns it off (on by default in production).
 *
 * One instance at a time: on PostgreSQL a run holds an advisory lock for its whole length (in a
 * transaction of its own, on one connection); another instance due at the same hour waits for the
 * lock, then finds the day's sync done and skips. On PGlite one process holds the folder anyway.
 * Every run is a row of `catalogue_syncs` (running, then ok or failed with the message), which
 * `/health/ready` and `cards:status` show.
 */
import { hostname } from 'node:os';
import type { CATALOGUE_SYNC_TRIGGERS } from '@companion/sdk/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { catalogueSyncs } from '../db/catalogue.js';
import type { Database } from '../db/client.js';
import { SyncError, type SyncOptions, syncCatalogue } from './catalogue-sync.js';

/** The advisory lock key of catalogue syncs (any constant the app uses for nothing else). */
const SYNC_LOCK = 727275;

export type SyncTrigger = (typeof CATALOGUE_SYNC_TRIGGERS)[number];
export type SyncRecord = typeof catalogueSyncs.$inferSelect;

export interface SyncOutcome {
  /** `ran`: this instance synced (see `record`); `skipped`: nothing to do (`reason`). */
  outcome: 'ran' | 'skipped';
  reason?: string;
  record?: SyncRecord;
}

export interface CatalogueSchedule {
  /** Syncs now unless another instance did what was asked meanwhile (see `SyncOutcome`). */
  run(trigger: SyncTrigger): Promise<SyncOutcome>;
  /** Starts the daily timer (and the start-up sync of an empty catalogue). */
  start(): void;
  /**
   * Stops the timer. A run in progress is not waited for (a bulk sync takes minutes): it ends with
   * the database, its row left `running`, and the next run redoes it (the import is idempotent).
   */
  stop(): void;
  /** The latest run, on any instance. */
  latest(): Promise<SyncRecord | undefined>;
}

export interface ScheduleOptions {
  enabled: boolean;
  /** Hour of the daily sync, UTC (0–23). */
  hour: number;
  scryfall: Pick<SyncOptions, 'apiUrl' | 'minIntervalMs' | 'retries'>;
  catalogueCount: () => Promise<number>;
  log: { info(msg: string): void; warn(obj: object, msg: string): void };
}

/** The next `hour`:00 UTC strictly after `now`. */
export function nextRun(now: Date, hour: number): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/** The latest `hour`:00 UTC at or before `now`: the daily run a sync must have finished after. */
export function currentSlot(now: Date, hour: number): Date {
  const next = nextRun(now, hour);
  next.setUTCDate(next.getUTCDate() - 1);
  return next;
}

export function createCatalogueSchedule(database: Database, options: ScheduleOptions): CatalogueSchedule {
  const { db } = database;
  const instance = `${hostname()}:${process.pid}`;
  let running: Promise<SyncOutcome> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const latest = async () =>
    (await db.select().from(catalogueSyncs).orderBy(desc(catalogueSyncs.startedAt)).limit(1))[0];

  /** Whether the run asked for is still to do (another instance may have done it while we waited). */
  async function stillToDo(trigger: SyncTrigger): Promise<string | undefined> {
    if (trigger === 'manual') return undefined;
    if (trigger === 'start') {
      return (await options.catalogueCount()) > 0 ? 'the catalogue is not empty' : undefined;
    }
    const slot = currentSlot(new Date(), options.hour);
    const [done] = await db
      .select({ finishedAt: catalogueSyncs.finishedAt, instance: catalogueSyncs.instance })
      .from(catalogueSyncs)
      .where(sql`${catalogueSyncs.status} = 'ok' and ${catalogueSyncs.finishedAt} >= ${slot}`)
      .limit(1);
    return done ? `synced at ${done.finishedAt?.toISOString()} by ${done.instance}` : undefined;
  }

  async function sync(trigger: SyncTrigger): Promise<SyncOutcome> {
    const skip = await stillToDo(trigger);
    if (skip) return { outcome: 'skipped', reason: skip };
    const [row] = await db
      .insert(catalogueSyncs)
      .values({ trigger, status: 'running', instance })
      .returning();
    if (!row) throw new Error('could not record the sync');
    options.log.info(`catalogue sync (${trigger}) started`);
    try {
      const result = await syncCatalogue(db, options.scryfall);
      const [done] = await db
        .update(catalogueSyncs)
        .set({
          status: 'ok',
          finishedAt: new Date(),
          cards: result.cards,
          sets: result.sets,
          bulkUpdatedAt: result.updatedAt,
        })
        .where(eq(catalogueSyncs.id, row.id))
        .returning();
      options.log.info(`catalogue sync (${trigger}): ${result.cards} cards, ${result.sets} sets`);
      return { outcome: 'ran', record: done };
    } catch (error) {
      const message = error instanceof SyncError ? error.message : `Sync failed: ${(error as Error).message}`;
      const [failed] = await db
        .update(catalogueSyncs)
        .set({ status: 'failed', finishedAt: new Date(), message: message.slice(0, 2000) })
        .where(eq(catalogueSyncs.id, row.id))
        .returning();
      options.log.warn({ err: error }, `catalogue sync (${trigger}) failed`);
      return { outcome: 'ran', record: failed };
    }
  }

  async function locked(trigger: SyncTrigger): Promise<SyncOutcome> {
    if (database.kind !== 'postgres') return sync(trigger);
    // The lock lives as long as this transaction, on its connection; the sync's own statements run
    // on the pool's other connections. Waiting for another instance's run may take minutes.
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK})`);
      return sync(trigger);
    });
  }

  function run(trigger: SyncTrigger): Promise<SyncOutcome> {
    if (running)
      return running.then(() => ({ outcome: 'skipped', reason: 'a sync was already running here' }));
    running = locked(trigger).finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    const at = nextRun(new Date(), options.hour);
    timer = setTimeout(
      () => {
        void run('schedule')
          .catch((error: unknown) => options.log.warn({ err: error }, 'catalogue sync could not run'))
          .finally(schedule);
      },
      Math.min(at.getTime() - Date.now(), 2 ** 31 - 1),
    );
    timer.unref();
  }

  return {
    run,
    latest,
    start() {
      if (!options.enabled) return;
      schedule();
      void options
        .catalogueCount()
        .then((count) => (count === 0 ? run('start') : undefined))
        .catch((error: unknown) => options.log.warn({ err: error }, 'catalogue sync at start could not run'));
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
