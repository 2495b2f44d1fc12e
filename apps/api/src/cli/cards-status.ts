/**
 * `pnpm --filter @companion/api cards:status`: the catalogue's size and the server's last catalogue
 * syncs (services/catalogue-schedule.ts), from the database. When a running server holds the PGlite
 * folder, the same is read from its `/health` (the catalogue) and `/health/ready` (the last sync).
 */
import { desc, sql } from 'drizzle-orm';
import { catalogueSyncs } from '../db/catalogue.js';
import { openConfiguredDatabase } from '../db/client.js';
import { FolderLockedError } from '../db/folder-lock.js';
import { type Env, loadEnv } from '../env.js';
import { runCommand } from './cards-import.js';
import { invokedDirectly } from './main.js';

const SHOWN = 5;

type Run = {
  status: string;
  trigger: string;
  startedAt: Date | string;
  finishedAt: Date | string | null;
  cards: number | null;
  bulkUpdatedAt: string | null;
  message?: string | null;
};

const when = (value: Date | string | null) => (value ? new Date(value).toISOString() : '—');

export function describeRun(run: Run): string {
  const what =
    run.status === 'ok'
      ? `${run.cards ?? 0} cards from Scryfall's file of ${run.bulkUpdatedAt ?? 'an unknown date'}`
      : run.status === 'failed'
        ? `failed: ${run.message ?? 'no message'}`
        : 'running (or stopped with its server)';
  return `${when(run.startedAt)} → ${when(run.finishedAt)}  ${run.trigger.padEnd(8)} ${run.status.padEnd(7)} ${what}`;
}

async function fromServer(env: Env): Promise<number> {
  const read = async <T>(path: string) =>
    (await (await fetch(`${env.apiUrl}${path}`, { signal: AbortSignal.timeout(5000) })).json()) as T;
  const [health, ready] = await Promise.all([
    read<{ checks?: { catalogue?: { cards: number; sets: number } } }>('/health'),
    read<{ catalogueSync?: Run | null }>('/health/ready'),
  ]);
  const catalogue = health.checks?.catalogue;
  console.log(`From the running server (${env.apiUrl}):`);
  console.log(`Catalogue: ${catalogue?.cards ?? '?'} cards, ${catalogue?.sets ?? '?'} sets.`);
  console.log(
    ready.catalogueSync ? `Last sync: ${describeRun(ready.catalogueSync)}` : 'No sync has run yet.',
  );
  return 0;
}

async function status(): Promise<number> {
  const env = loadEnv();
  let database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    database = await openConfiguredDatabase(env);
  } catch (error) {
    if (error instanceof FolderLockedError) return fromServer(env);
    throw error;
  }
  try {
    const [counts] = (
      (await database.db.execute(
        sql`select (select count(*)::int from cards) as cards, (select count(*)::int from card_sets) as sets`,
      )) as unknown as { rows: { cards: number; sets: number }[] }
    ).rows;
    console.log(`Catalogue: ${counts?.cards ?? 0} cards, ${counts?.sets ?? 0} sets.`);
    const runs = await database.db
      .select()
      .from(catalogueSyncs)
      .orderBy(desc(catalogueSyncs.startedAt))
      .limit(SHOWN);
    console.log(
      env.sync.enabled
        ? `The server syncs daily at ${String(env.sync.hour).padStart(2, '0')}:00 UTC (COMPANION_SYNC_HOUR).`
        : 'The server does not sync on its own (COMPANION_SYNC=off; on by default in production).',
    );
    if (runs.length === 0) console.log('No sync has run yet.');
    else {
      console.log(`Last ${runs.length === 1 ? 'sync' : `${runs.length} syncs`}, newest first:`);
      for (const run of runs) console.log(`  ${describeRun(run)}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

if (invokedDirectly(import.meta.url)) {
  runCommand(status, (error) => `Status failed: ${error instanceof Error ? error.message : error}`);
}
