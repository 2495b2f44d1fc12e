/**
 * Catalogue figures on PGlite and (when DATABASE_URL is set) PostgreSQL:
 * - import of a synthetic Scryfall bulk file (BENCH_CARDS printings, default 100,000) through the
 *   real `cards:import` CLI in a child process: time, cards/s and the child's peak memory;
 * - card search latency (p50/p99) over HTTP, signed and authenticated, for a few Scryfall-syntax
 *   queries on that catalogue;
 * - a collection of BENCH_COLLECTION entries (default 100,000): search p50/p95 (after 15 warm-up
 *   requests) by name substring and by a three-key query, full CSV export time, and the import of
 *   the 7,385-row Moxfield export.
 * The synthetic printings are clones of the real Scryfall objects in ../shared/data/scryfall-json,
 * with new ids, and names/sets varied so the catalogue has about 3 printings per card name.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.js';
import { PRODUCTION_ENV } from './production.js';
import { BENCH_KEY, BENCH_SECRET, benchServer, dropBenchSchema } from './server.js';

const here = dirname(fileURLToPath(import.meta.url));
const apiRoot = resolve(here, '..');
const SHARED = resolve(apiRoot, '../../../shared/data/scryfall-json');
const CARDS = Number(process.env.BENCH_CARDS ?? 100_000);
const SEARCH_RUNS = 60;
const WARM_UP_RUNS = 15;
const COLLECTION_ENTRIES = Number(process.env.BENCH_COLLECTION ?? 100_000);
const MOXFIELD = resolve(SHARED, '../collection-csv/mtgcsvhelper/Collection/moxfield-haves.csv');

const QUERIES = [
  'dragon',
  't:creature c>=rg mv<=4',
  'o:"draw a card" -t:instant',
  '(c:u or c:b) r:rare usd>=1',
  'is:commander id<=esper',
];

type Json = Record<string, unknown>;

function templates(): Json[] {
  const out: Json[] = [];
  for (const f of readdirSync(SHARED)) {
    if (!f.endsWith('.json') || /sets|migrations|bulk_data/.test(f)) continue;
    const json = JSON.parse(readFileSync(join(SHARED, f), 'utf8')) as unknown;
    const list = Array.isArray(json) ? json : ((json as { cards?: unknown[]; data?: unknown[] }).cards ?? []);
    for (const c of list as Json[]) if (c && c.object === 'card') out.push(c);
  }
  return out;
}

/** Writes the synthetic bulk file (a JSON array of `count` printings, streamed) and returns its path. */
export async function writeBulkFile(dir: string, count = CARDS): Promise<string> {
  const pool = templates();
  const path = join(dir, 'synthetic-default-cards.json');
  const out = createWriteStream(path);
  const write = (s: string) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write('[');
  const oracle = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const t = pool[i % pool.length] as Json;
    const round = Math.floor(i / pool.length);
    const nameRound = Math.floor(round / 3); // three printings per name
    const suffix = nameRound ? ` ${nameRound}` : '';
    const oracleKey = `${String(t.oracle_id ?? t.name)}|${nameRound}`;
    let oracleId = oracle.get(oracleKey);
    if (!oracleId) {
      oracleId = randomUUID();
      oracle.set(oracleKey, oracleId);
    }
    const rename = (n: unknown) =>
      typeof n === 'string'
        ? n
            .split(' // ')
            .map((p) => p + suffix)
            .join(' // ')
        : n;
    const card: Json = {
      ...t,
      id: randomUUID(),
      oracle_id: oracleId,
      name: rename(t.name),
      set: `${String(t.set)}${round ? round.toString(36) : ''}`.slice(0, 8),
      ...(Array.isArray(t.card_faces)
        ? { card_faces: (t.card_faces as Json[]).map((f) => ({ ...f, name: rename(f.name) })) }
        : {}),
    };
    await write((i ? ',' : '') + JSON.stringify(card));
  }
  await write(']');
  await new Promise<void>((r, j) => out.end((e?: Error | null) => (e ? j(e) : r())));
  return path;
}

interface ImportFigures {
  ms: number;
  cards: number;
  maxRssMb: number;
}

function runImport(file: string, env: Record<string, string | undefined>): Promise<ImportFigures> {
  const merged: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) merged[k] = v;
  return new Promise((res, rej) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli/cards-import.ts', file, '--stats', '--quiet'],
      { cwd: apiRoot, env: merged, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => {
      const line = output.split('\n').find((l) => l.startsWith('{"stats"'));
      if (code !== 0 || !line) return rej(new Error(`cards:import exited ${code}:\n${output}`));
      res((JSON.parse(line) as { stats: ImportFigures }).stats);
    });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function searchLatency(kind: 'pglite' | 'postgres', dataDir: string, schema: string): Promise<void> {
  const database = await openDatabase(
    kind === 'postgres'
      ? { databaseUrl: process.env.DATABASE_URL, pgSchema: schema, poolSize: 10 }
      : { dataDir },
  );
  const { server, user, client: signedIn } = await benchServer(database, dataDir);
  const client = signedIn();
  const slow = signedIn();
  // Printed as they come, so a failing step keeps the figures before it.
  const lines = { push: (line: string) => console.log(line) };
  try {
    for (const q of QUERIES) {
      const first = await client.cards.search({ query: { q } }); // warm-up (plans, caches)
      const times: number[] = [];
      for (let i = 0; i < SEARCH_RUNS; i++) {
        const started = performance.now();
        await client.cards.search({ query: { q, page: (i % 3) + 1 } });
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      lines.push(
        `  ${JSON.stringify(q).padEnd(36)} ${String(first.total).padStart(6)} cards  p50 ${percentile(times, 50).toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms`,
      );
    }
    // Collection: COLLECTION_ENTRIES entries in one binder, searched, exported; then the Moxfield import.
    const listId = randomUUID();
    await database.db.execute(sql`insert into card_lists (id, owner_id, name, type, is_default)
      values (${listId}, ${user.id}, 'Bench binder', 'collection', true)`);
    await database.db.execute(sql`insert into list_entries (list_id, card_id, name, quantity, finish, language)
      select ${listId}, id, name, 1 + (abs(hashtext(id)) % 4), 'nonfoil', lang from cards
      order by id limit ${COLLECTION_ENTRIES}`);
    await database.db.execute(sql`analyze list_entries`);
    await database.db.execute(sql`analyze entry_search`);
    const entries = (await client.collection.search({ query: { limit: 1 } })).total;
    lines.push(`catalogue collection on ${kind}: ${entries.toLocaleString('en-US')} entries`);
    const collectionTarget = kind === 'postgres' ? 25 : 60;
    for (const [label, query] of [
      ['name substring "drag"', { name: 'drag' }],
      ['three keys "t:creature c:g mv<=3"', { scryfall: 't:creature c:g mv<=3' }],
    ] as const) {
      // Steady state: the first requests of a query shape also pay for V8 compiling the handler's
      // hot paths and for query plans, which a running server has done long before.
      for (let i = 0; i < WARM_UP_RUNS; i++)
        await client.collection.search({ query: { ...query, page: (i % 3) + 1 } });
      const times: number[] = [];
      for (let i = 0; i < SEARCH_RUNS; i++) {
        const started = performance.now();
        await client.collection.search({ query: { ...query, page: (i % 3) + 1 } });
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      lines.push(
        `  search by ${label.padEnd(36)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms ` +
          `(target p95 ≤ ${collectionTarget} ms: ${p95 <= collectionTarget ? 'OK' : 'MISSED'})`,
      );
    }
    let started = performance.now();
    const csv = await slow.collection.export();
    const exportMs = performance.now() - started;
    lines.push(
      `  full export: ${(csv.length / 1e6).toFixed(1)} MB of CSV in ${(exportMs / 1000).toFixed(2)} s ` +
        `(target ≤ 3 s: ${exportMs <= 3000 ? 'OK' : 'MISSED'})`,
    );
    if (existsSync(MOXFIELD)) {
      const { list } = await client.lists.create({ body: { name: 'Moxfield', type: 'collection' } });
      started = performance.now();
      const report = await slow.lists
        .import({ params: { id: list.id }, body: { content: readFileSync(MOXFIELD, 'utf8') } })
        .catch((e: unknown) => e as Error);
      const ms = performance.now() - started;
      lines.push(
        report instanceof Error
          ? `  import of moxfield-haves.csv: failed after ${(ms / 1000).toFixed(1)} s (${report.message})`
          : `  import of moxfield-haves.csv: ${report.rows.toLocaleString('en-US')} rows in ${(ms / 1000).toFixed(2)} s ` +
              `(target ≤ 3 s: ${ms <= 3000 ? 'OK' : 'MISSED'})`,
      );
    }
  } finally {
    await server.close();
  }
}

export async function run(): Promise<void> {
  if (!existsSync(SHARED)) {
    console.log(`catalogue (skipped: no shared Scryfall data at ${SHARED})`);
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'companion-bench-cat-'));
  try {
    const started = performance.now();
    const file = await writeBulkFile(work);
    console.log(
      `catalogue synthetic bulk file: ${CARDS.toLocaleString('en-US')} printings written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const kinds: Array<'pglite' | 'postgres'> = process.env.DATABASE_URL
      ? ['postgres', 'pglite']
      : ['pglite'];
    for (const kind of kinds) {
      const dataDir = join(work, kind);
      const schema = `bench_cat_${randomBytes(4).toString('hex')}`;
      try {
        if (kind === 'pglite') {
          // Create the PGlite folder first: a fresh folder's initdb alone peaks near 900 MB, which is
          // set-up, not import (an existing folder opens at about 380 MB).
          await (await openDatabase({ dataDir })).close();
        }
        const f = await runImport(file, {
          ...PRODUCTION_ENV,
          DATA_DIR: dataDir,
          DATABASE_URL: kind === 'postgres' ? process.env.DATABASE_URL : undefined,
          DATABASE_SCHEMA: kind === 'postgres' ? schema : undefined,
          COMPANION_API_KEYS: `${BENCH_KEY}:${BENCH_SECRET}`,
        });
        const ok = f.ms <= 60_000 && f.maxRssMb <= 500 ? 'OK' : 'MISSED';
        console.log(
          `catalogue cards:import on ${kind}: ${f.cards.toLocaleString('en-US')} printings in ${(f.ms / 1000).toFixed(1)} s ` +
            `(${Math.round(f.cards / (f.ms / 1000)).toLocaleString('en-US')} cards/s), peak RSS ${f.maxRssMb} MB ` +
            `(target ≤ 60 s, ≤ 500 MB: ${ok})`,
        );
        console.log(
          `catalogue card search and collection on ${kind} over HTTP (${SEARCH_RUNS} runs each, page 1–3):`,
        );
        await searchLatency(kind, dataDir, schema);
      } finally {
        if (kind === 'postgres') {
          await dropBenchSchema(schema);
        }
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
