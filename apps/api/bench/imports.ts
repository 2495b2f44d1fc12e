/**
 * Import figures on PostgreSQL (when DATABASE_URL is set) and PGlite, printed beside their targets:
 * - resolving the real 7,385-row Moxfield export of the shared data against the sample catalogue
 *   (../shared/data/scryfall-json): `resolveCards` alone, on the references the import makes of the
 *   parsed file, median of BENCH_RESOLVE_RUNS runs (default 7) after two warm-up runs;
 * - a BENCH_IMPORT_ROWS-row (default 100,000) Moxfield CSV imported into a real list over HTTP, signed
 *   and authenticated, report included. Its rows are made from the catalogue's printings, after
 *   BENCH_IMPORT_CARDS (default 100,000) clones of the sample's real Scryfall objects are added to it
 *   (as the catalogue bench makes them): mostly set code + collector number, some with a collector
 *   number the set lacks (set + name), some by name alone (guesses), some unknown names, some repeats
 *   (merged). The parse and the resolution are then timed alone on the same file, to show where the
 *   time goes.
 * BENCH_STORAGE=postgres (or pglite) runs on one storage only. Other processes share the CPU: the
 * figures move from run to run.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CollectionRowInput, parseImport, writeCollection } from '@companion/sdk/formats';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/db/client.js';
import type { buildServer } from '../src/server.js';
import { importCatalogue, importSharedCatalogue } from '../src/services/catalogue-import.js';
import { resolveCards } from '../src/services/imports-resolve.js';
import { importReferences } from '../src/services/lists/import.js';
import { accountedRows } from '../test/support/report.js';
import { writeBulkFile } from './catalogue.js';
import { benchServer, dropBenchSchema } from './server.js';

const here = dirname(fileURLToPath(import.meta.url));
const SHARED = resolve(here, '../../../../shared/data');
const MOXFIELD = join(SHARED, 'collection-csv/mtgcsvhelper/Collection/moxfield-haves.csv');
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const CLONES = Number(process.env.BENCH_IMPORT_CARDS ?? 100_000);
const RESOLVE_RUNS = Number(process.env.BENCH_RESOLVE_RUNS ?? 7);
const IMPORT_TARGET_MS = 10_000;
const RESOLVE_TARGET_MS = 1_000;

type Kind = 'pglite' | 'postgres';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const n = (v: number) => v.toLocaleString('en-US');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const verdict = (ms: number, target: number) => (ms <= target ? 'OK' : 'MISSED');

/** The resolution step of an import of the real Moxfield export, alone, against the sample catalogue. */
async function resolveMoxfield(kind: Kind, database: Database): Promise<void> {
  if (!existsSync(MOXFIELD)) {
    console.log(`imports resolve on ${kind}: skipped (no ${MOXFIELD})`);
    return;
  }
  const parsed = parseImport(readFileSync(MOXFIELD, 'utf8'), { filename: 'moxfield-haves.csv' });
  const refs = importReferences(parsed);
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < RESOLVE_RUNS + 2; i++) {
    const started = performance.now();
    const resolutions = await resolveCards(database.db, refs);
    if (i >= 2) times.push(performance.now() - started);
    found = resolutions.filter((r) => r.card).length;
  }
  const ms = median(times);
  console.log(
    `imports resolve moxfield-haves.csv on ${kind}: ${n(refs.length)} rows (${n(found)} found in the ` +
      `sample catalogue) in ${ms.toFixed(0)} ms median of ${times.length} ` +
      `(${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)} ms) ` +
      `(target ≤ ${RESOLVE_TARGET_MS} ms: ${verdict(ms, RESOLVE_TARGET_MS)})`,
  );
}

export interface Printing {
  name: string;
  set: string;
  collector_number: string;
  finishes: string[];
}

const CONDITIONS = ['NM', 'NM', 'NM', 'LP', 'MP'] as const;

/**
 * A Moxfield export of `rows` rows naming catalogue printings: 84 % by set code + collector number
 * (a sixth of them foil when the printing has a foil), 4 % with a collector number the set lacks
 * (found by set + name), 6 % by name alone (guesses), 3 % unknown names, 3 % repeats (merged).
 */
export function moxfieldRows(printings: readonly Printing[], rows: number): string {
  const out: CollectionRowInput[] = [];
  const base = (p: Printing, i: number): CollectionRowInput => ({
    name: p.name,
    setCode: p.set,
    setName: null,
    collectorNumber: p.collector_number,
    language: 'en',
    finish:
      i % 6 === 0 && p.finishes.includes('foil')
        ? 'foil'
        : p.finishes.includes('nonfoil')
          ? 'nonfoil'
          : 'foil',
    quantity: 1 + (i % 4),
    condition: CONDITIONS[i % CONDITIONS.length] ?? 'NM',
    scryfallId: null,
    purchasePrice: i % 3 === 0 ? (i % 500) / 10 : null,
    purchaseCurrency: null,
    tags: [],
  });
  let next = 0;
  for (let i = 0; i < rows; i++) {
    const bucket = i % 100;
    if (bucket >= 97 && out.length > 0) {
      out.push({ ...(out[(i * 7919) % out.length] as CollectionRowInput) });
      continue;
    }
    const p = printings[next++ % printings.length] as Printing;
    const row = base(p, i);
    if (bucket >= 94) row.name = `Bench Unknown Card ${i % 1000}`;
    else if (bucket >= 88) {
      row.setCode = null;
      row.collectorNumber = null;
    } else if (bucket >= 84) row.collectorNumber = `${p.collector_number}x9`;
    out.push(row);
  }
  return writeCollection('moxfield', out);
}

/** The bench's PostgreSQL connections name themselves, so their backends' CPU time can be read. */
const APPLICATION_NAME = `companion-bench-imports-${process.pid}`;

async function openFor(kind: Kind, dataDir: string, schema: string): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ dataDir });
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.searchParams.set('application_name', APPLICATION_NAME);
  return openDatabase({
    databaseUrl: url.toString(),
    pgSchema: schema,
    poolSize: 10,
    statementTimeoutMs: 15_000,
  });
}

/**
 * CPU milliseconds used so far by this process (the server, its parse workers and the client) and,
 * on PostgreSQL on this machine, by each of the bench's backends (Linux /proc, 100 ticks a second).
 * Unlike the wall time, their sum over a step barely moves with the machine's load: on an idle
 * machine the step takes about that long, the process and the database working in turn.
 */
async function cpuTimes(kind: Kind, database: Database): Promise<Map<string, number>> {
  const own = process.cpuUsage();
  const times = new Map([['self', (own.user + own.system) / 1000]]);
  if (kind === 'postgres') {
    const result = await database.db.execute(
      sql`select pid from pg_stat_activity where application_name = ${APPLICATION_NAME}`,
    );
    for (const { pid } of (result as unknown as { rows: Array<{ pid: number }> }).rows) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        times.set(String(pid), (Number(fields[11]) + Number(fields[12])) * 10);
      } catch {
        // Not on this machine, or not readable: the process's own time only.
      }
    }
  }
  return times;
}

/** CPU milliseconds used between two readings (backends that closed in between are left out). */
const cpuUsed = (before: Map<string, number>, after: Map<string, number>) =>
  [...after].reduce((sum, [key, ms]) => sum + ms - (before.get(key) ?? 0), 0);

/**
 * A BENCH_IMPORT_ROWS-row Moxfield CSV imported into a list over HTTP, with its report. Closes the
 * database (the server it starts on it closes it).
 */
async function importCollection(kind: Kind, database: Database, work: string): Promise<void> {
  let server: Awaited<ReturnType<typeof buildServer>> | undefined;
  try {
    let started = performance.now();
    const bulk = await writeBulkFile(work, CLONES);
    await importCatalogue(database.db, bulk, {});
    const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
    const [count] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from cards where lang = 'en'`),
    );
    console.log(
      `imports catalogue on ${kind}: ${n(count?.n ?? 0)} English printings ` +
        `(${n(CLONES)} clones of the sample added in ${seconds(performance.now() - started)})`,
    );
    const printings = rowsOf<Printing>(
      await database.db.execute(
        sql`select name, set, collector_number, finishes from cards where lang = 'en' and layout <> 'art_series'
          order by md5(id) limit ${ROWS}`,
      ),
    );
    const content = moxfieldRows(printings, ROWS);

    const bench = await benchServer(database, join(work, 'server'));
    server = bench.server;
    const client = bench.client();
    const { list } = await client.lists.create({ body: { name: 'Bench import', type: 'collection' } });
    const load = loadavg()[0] ?? 0;
    const cpuBefore = await cpuTimes(kind, database);
    started = performance.now();
    const report = await client.lists
      .import({ params: { id: list.id }, body: { content, filename: 'bench-moxfield.csv' } })
      .catch((e: unknown) => e as Error);
    const ms = performance.now() - started;
    const cpu = cpuUsed(cpuBefore, await cpuTimes(kind, database));
    const what = `imports ${n(ROWS)}-row Moxfield CSV (${(content.length / 1e6).toFixed(1)} MB) into a list on ${kind} over HTTP`;
    if (report instanceof Error) {
      console.log(`${what}: failed after ${seconds(ms)} (${report.message})`);
      return;
    }
    const target =
      kind === 'postgres'
        ? `target ≤ ${IMPORT_TARGET_MS / 1000} s: ${verdict(ms, IMPORT_TARGET_MS)}`
        : 'the target is on PostgreSQL';
    console.log(
      `${what}: ${seconds(ms)} (${target}; load average ${load.toFixed(1)} before); ` +
        `CPU time ${seconds(cpu)} (this process${kind === 'postgres' ? ' and its PostgreSQL backends' : ''})`,
    );
    const { byId, bySetNumber, bySetName, byName } = report.resolved;
    const accounted = accountedRows(report);
    console.log(
      `  report: ${n(report.rows)} rows = ${n(bySetNumber)} by set + number, ${n(bySetName)} by set + name, ` +
        `${n(byName)} guessed by name, ${n(byId)} by id, ${n(report.merged)} merged, ` +
        `${n(report.unresolved.length)} unresolved, ${n(report.errors.length)} errors, ${n(report.skippedLines)} skipped ` +
        `(${accounted === report.rows ? 'exact' : `sum ${n(accounted)}: NOT EXACT`}); ${n(report.added)} cards added`,
    );
    // Where the time goes: the same file parsed, then resolved, alone (in this process, no HTTP).
    started = performance.now();
    const parsed = parseImport(content, { filename: 'bench-moxfield.csv' });
    const parseMs = performance.now() - started;
    started = performance.now();
    await resolveCards(database.db, importReferences(parsed));
    const resolveMs = performance.now() - started;
    console.log(
      `  measured alone afterwards: parse ${seconds(parseMs)} (the server parses in a worker thread), resolve ${seconds(resolveMs)}`,
    );
  } finally {
    await (server ? server.close() : database.close());
  }
}

export async function run(): Promise<void> {
  if (!existsSync(join(SHARED, 'scryfall-json'))) {
    console.log(`imports (skipped: no shared data at ${SHARED})`);
    return;
  }
  // BENCH_STORAGE=postgres or pglite runs on that one only.
  const kinds = (process.env.DATABASE_URL ? (['postgres', 'pglite'] as const) : (['pglite'] as const)).filter(
    (k) => !process.env.BENCH_STORAGE || k === process.env.BENCH_STORAGE,
  );
  console.log(
    `imports (figures move with the machine's load: other processes share its ${availableParallelism()} cores)`,
  );
  for (const kind of kinds) {
    const work = mkdtempSync(join(tmpdir(), 'companion-bench-imports-'));
    const schema = `bench_imp_${randomBytes(4).toString('hex')}`;
    try {
      const database = await openFor(kind, join(work, 'db'), schema);
      await importSharedCatalogue(database.db, SHARED);
      await resolveMoxfield(kind, database);
      // Closes the database (through the server it starts on it).
      await importCollection(kind, database, work);
    } finally {
      if (kind === 'postgres') {
        await dropBenchSchema(schema);
      }
      rmSync(work, { recursive: true, force: true });
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
