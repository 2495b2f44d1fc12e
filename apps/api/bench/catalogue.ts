/**
 * Catalogue figures on PGlite and (when DATABASE_URL is set) PostgreSQL, for a synthetic Scryfall
 * bulk file in one of two shapes (`BENCH_SHAPE`):
 * - `default_cards` (default): BENCH_CARDS printings (default 110,000, Scryfall's default_cards),
 *   one per printing, English or the printing's only language;
 * - `all_cards`: BENCH_CARDS printings (default 500,000, Scryfall's all_cards): each printing in
 *   English and in 2 to 5 other languages (printed_name, printed_type_line, printed_text, faces too),
 *   non-English printings mostly without prices.
 * For each storage (`BENCH_STORAGE=postgres` or `pglite` runs one):
 * - the import through the real `cards:import` CLI in a child process (compiled, as production runs
 *   it; `BENCH_CLI=source` for the tsx one): time, cards/s and the child's peak memory, next to the
 *   targets;
 * - card search latency over HTTP, signed and authenticated, for 20 representative catalogue-wide
 *   Scryfall-syntax queries (p50/p95 of BENCH_SEARCH_RUNS runs, default 40, pages 1–3, after 3
 *   warm-up requests), next to the targets, then for a few more player searches without one;
 * - with the default_cards shape, a collection of BENCH_COLLECTION entries (default 100,000; 0 skips
 *   it): search p50/p95 (after 15 warm-up requests) by name substring and by a three-key query, full
 *   CSV export time, and the import of the 7,385-row Moxfield export.
 * The synthetic printings are clones of the real Scryfall objects in ../shared/data/scryfall-json,
 * with new ids, and names/sets varied so the catalogue has about 3 printings per card name. Every
 * figure is printed with the machine's load average (the figures depend on it).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../src/db/client.js';
import { PRODUCTION_ENV } from './production.js';
import { BENCH_KEY, BENCH_SECRET, benchServer, dropBenchSchema } from './server.js';

const here = dirname(fileURLToPath(import.meta.url));
const apiRoot = resolve(here, '..');
const SHARED = resolve(apiRoot, '../../../shared/data/scryfall-json');
type Shape = 'default_cards' | 'all_cards';
const SHAPE: Shape = process.env.BENCH_SHAPE === 'all_cards' ? 'all_cards' : 'default_cards';
const CARDS = Number(process.env.BENCH_CARDS ?? (SHAPE === 'all_cards' ? 500_000 : 110_000));
const SEARCH_RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 40);
const SEARCH_WARM_UP = 3;
const WARM_UP_RUNS = 15;
const COLLECTION_ENTRIES = Number(process.env.BENCH_COLLECTION ?? (SHAPE === 'all_cards' ? 0 : 100_000));
const MOXFIELD = resolve(SHARED, '../collection-csv/mtgcsvhelper/Collection/moxfield-haves.csv');

/** Targets by shape and storage: import time (s), import peak RSS (MB), search p95 (ms). */
const TARGETS: Record<
  Shape,
  Record<'pglite' | 'postgres', { importS: number; rssMb: number; p95: number | null }>
> = {
  default_cards: {
    postgres: { importS: 30, rssMb: 400, p95: 30 },
    pglite: { importS: 45, rssMb: 400, p95: 80 },
  },
  all_cards: {
    postgres: { importS: 180, rssMb: 600, p95: 60 },
    pglite: { importS: 180, rssMb: 600, p95: null },
  },
};

/** Representative catalogue-wide searches (default unique=cards, by name, unless given). */
const QUERIES: Array<{ q: string; unique?: 'prints'; order?: 'released' | 'usd' }> = [
  { q: 'dragon' },
  { q: '!forest' },
  { q: 't:creature c>=rg mv<=4' },
  { q: 'o:"draw a card" -t:instant' },
  { q: '(c:u or c:b) r:rare usd>=1' },
  { q: 'is:commander id<=esper' },
  { q: 't:legendary t:creature c:g' },
  { q: 'c:r t:instant mv<=2' },
  { q: 'legal:modern r:mythic' },
  { q: 'banned:legacy' },
  { q: 'o:flying t:creature c:w' },
  { q: 'o:"enters the battlefield" t:creature' },
  { q: 'id:g t:land' },
  { q: 'c:m t:creature', order: 'released' },
  { q: 'usd>=10', order: 'usd' },
  { q: 'mv>=7 t:creature' },
  { q: 'is:dfc' },
  { q: '-t:land c:c' },
  { q: 'eur>=5 r:rare', unique: 'prints' },
  { q: 'lang:ja' },
];

/**
 * Player searches beyond the issue's 20, of keys only the wide rows held until card_pick copied
 * them (migration 0035): printed after the 20, against no target.
 */
const MORE_QUERIES: typeof QUERIES = [
  { q: 't:creature pow>=5' },
  { q: 'kw:flying c:w' },
  { q: 'm:{G}{G}' },
  { q: 'produces:g' },
  { q: 'is:spell c:u' },
  { q: 'devotion:{G}{G}' },
];

const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
const verdict = (ok: boolean) => (ok ? 'target met' : 'target MISSED');

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

const LANGUAGES = ['de', 'fr', 'it', 'es', 'pt', 'ja', 'ko', 'ru', 'zhs', 'zht'] as const;
type Lang = (typeof LANGUAGES)[number];

/**
 * A stand-in translation of an English text, as long as a real one and in the language's script
 * (so the bulk file and the stored rows weigh what they would): letters are mapped to kana, hangul,
 * CJK ideographs or Cyrillic; Latin languages get accented letters. Symbols like {T} stay.
 */
function translate(text: unknown, lang: Lang): unknown {
  if (typeof text !== 'string') return text;
  const base: Partial<Record<Lang, number>> = {
    ja: 0x30a2,
    ko: 0xac00,
    ru: 0x0430,
    zhs: 0x4e00,
    zht: 0x4e00,
  };
  const start = base[lang];
  if (start === undefined) {
    return text.replace(/[aeiou]/g, (v) => ({ a: 'à', e: 'é', i: 'ï', o: 'ô', u: 'ü' })[v] ?? v);
  }
  const span = lang === 'ru' ? 32 : lang === 'ja' ? 80 : 2000;
  let out = '';
  let braces = 0;
  // CJK texts are about half as many characters as the English.
  const keep = lang === 'ru' ? 1 : 2;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '{') braces++;
    if (braces || !/[A-Za-z]/.test(ch)) out += ch;
    else if (i % keep === 0) out += String.fromCharCode(start + ((ch.charCodeAt(0) * 7 + i) % span));
    if (ch === '}') braces = Math.max(0, braces - 1);
  }
  return out;
}

/** The printing `card` in another language, as all_cards has it (printed fields, mostly no prices). */
function inLanguage(card: Json, lang: Lang, n: number): Json {
  const id = randomUUID();
  const prices = card.prices as Json | undefined;
  const out: Json = {
    ...card,
    id,
    lang,
    printed_name: translate(card.name, lang),
    printed_type_line: translate(card.type_line, lang),
    printed_text: translate(card.oracle_text, lang),
    multiverse_ids: [],
    scryfall_uri: String(card.scryfall_uri ?? '').replace(/\/([^/]+)\?/, `/${lang}/$1?`),
    // About one non-English printing in twenty has a price (mostly Japanese ones, on TCGplayer).
    prices: {
      usd: n % 20 === 0 ? (prices?.usd ?? null) : null,
      usd_foil: null,
      usd_etched: null,
      eur: n % 20 === 10 ? (prices?.eur ?? null) : null,
      eur_foil: null,
      tix: null,
    },
  };
  for (const key of ['mtgo_id', 'mtgo_foil_id', 'arena_id', 'tcgplayer_id', 'cardmarket_id']) delete out[key];
  if (card.image_uris && typeof card.image_uris === 'object') {
    out.image_uris = Object.fromEntries(
      Object.entries(card.image_uris as Record<string, string>).map(([k, v]) => [
        k,
        v.replace(String(card.id), id),
      ]),
    );
  }
  if (Array.isArray(card.card_faces)) {
    out.card_faces = (card.card_faces as Json[]).map((f) => ({
      ...f,
      printed_name: translate(f.name, lang),
      printed_type_line: translate(f.type_line, lang),
      printed_text: translate(f.oracle_text, lang),
    }));
  }
  return out;
}

/**
 * Writes the synthetic bulk file (a JSON array of `count` printings, streamed) and returns its path.
 * In the all_cards shape each English printing is followed by 2 to 5 translations of it.
 */
export async function writeBulkFile(
  dir: string,
  count = CARDS,
  shape: Shape = 'default_cards',
): Promise<string> {
  const pool = templates();
  const path = join(dir, `synthetic-${shape.replace('_', '-')}.json`);
  const out = createWriteStream(path);
  const write = (s: string) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write('[');
  const oracle = new Map<string, string>();
  let written = 0;
  for (let i = 0; written < count; i++) {
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
    await write((written ? ',' : '') + JSON.stringify(card));
    written++;
    if (shape === 'all_cards' && card.lang === 'en') {
      // 2 to 5 other languages (3.5 on average: about 4.5 printings per English one, as in all_cards).
      const languages = 2 + (i % 4);
      for (let k = 0; k < languages && written < count; k++) {
        const lang = LANGUAGES[(i + k) % LANGUAGES.length] as Lang;
        await write(`,${JSON.stringify(inLanguage(card, lang, written))}`);
        written++;
      }
    }
  }
  await write(']');
  await new Promise<void>((r, j) => out.end((e?: Error | null) => (e ? j(e) : r())));
  return path;
}

interface ImportFigures {
  ms: number;
  cards: number;
  parsedInWorker: number;
  maxRssMb: number;
}

/**
 * The `cards:import` the bench runs: by default the compiled one (`node dist/cards-import.js`, built
 * first), as production runs its code (`pnpm build`, then plain node); `BENCH_CLI=source` runs it
 * from the TypeScript sources through tsx (`pnpm --filter @companion/api cards:import`), whose
 * compiler costs about 80 MB more, and as much again in the worker thread that parses the file on
 * PGlite.
 */
const FROM_SOURCE = process.env.BENCH_CLI === 'source';
const IMPORT_ARGS = FROM_SOURCE
  ? ['--import', 'tsx', 'src/cli/cards-import.ts']
  : [join(apiRoot, 'dist/cards-import.js')];

function runImport(file: string, env: Record<string, string | undefined>): Promise<ImportFigures> {
  const merged: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) merged[k] = v;
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [...IMPORT_ARGS, file, '--stats', '--quiet'], {
      cwd: apiRoot,
      env: merged,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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

/**
 * How fast this machine is now, in two figures that depend on nothing the product does: the
 * database summing 1,000,000 generated rows and a fixed JavaScript loop (medians of 5). A shared
 * machine's speed drifts, by up to two times within minutes here: read the query figures against
 * these, printed before and after them.
 */
async function reference(db: Db): Promise<string> {
  const median = async (run: () => Promise<unknown> | unknown) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    return percentile(
      times.sort((a, b) => a - b),
      50,
    ).toFixed(1);
  };
  const database = await median(() => db.execute(sql`select sum(i) from generate_series(1, 1000000) i`));
  const loop = await median(() => {
    let x = 0;
    for (let i = 0; i < 50_000_000; i++) x = (x + i) % 7919;
    return x;
  });
  return `reference: database sum of 1,000,000 generated rows ${database} ms, JavaScript loop ${loop} ms  [${load()}]`;
}

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
    const target = TARGETS[SHAPE][kind].p95;
    lines.push(`  ${await reference(database.db)}  (before the queries)`);
    for (const [queries, aimed] of [
      [QUERIES, true],
      [MORE_QUERIES, false],
    ] as const) {
      if (!aimed) lines.push('  beyond the 20 (no target):');
      for (const { q, unique, order } of queries) {
        const query = { q, ...(unique ? { unique } : {}), ...(order ? { order } : {}) };
        const first = await client.cards.search({ query }); // warm-up (plans, caches)
        for (let i = 1; i < SEARCH_WARM_UP; i++) await client.cards.search({ query: { ...query, page: 2 } });
        const times: number[] = [];
        for (let i = 0; i < SEARCH_RUNS; i++) {
          const started = performance.now();
          await client.cards.search({ query: { ...query, page: (i % 3) + 1 } });
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        const p95 = percentile(times, 95);
        const label = `${q}${unique ? ` (unique=${unique})` : ''}${order ? ` (order=${order})` : ''}`;
        lines.push(
          `  ${label.padEnd(48)} ${String(first.total).padStart(7)} found  p50 ${percentile(times, 50)
            .toFixed(1)
            .padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms` +
            (target === null || !aimed ? '' : `  (p95 ≤ ${target} ms: ${verdict(p95 <= target)})`) +
            `  [${load()}]`,
        );
      }
    }
    lines.push(`  ${await reference(database.db)}  (after the queries)`);
    if (COLLECTION_ENTRIES <= 0) return;
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
  if (!FROM_SOURCE) {
    const build = spawnSync('pnpm', ['run', 'build'], { cwd: apiRoot, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('pnpm --filter @companion/api build failed');
  }
  const work = mkdtempSync(join(tmpdir(), 'companion-bench-cat-'));
  // BENCH_SEARCH_SCHEMA=<schema>: the searches alone, on a PostgreSQL catalogue BENCH_KEEP_SCHEMA=1
  // kept (to measure a change of the search code or of an index without an import before it).
  const kept = process.env.BENCH_SEARCH_SCHEMA;
  if (kept) {
    console.log(
      `catalogue card search on postgres over HTTP (kept schema ${kept}, ${SEARCH_RUNS} runs each, page 1–3):`,
    );
    try {
      await searchLatency('postgres', work, kept);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    return;
  }
  try {
    const started = performance.now();
    const file = await writeBulkFile(work, CARDS, SHAPE);
    console.log(
      `catalogue synthetic ${SHAPE} file: ${CARDS.toLocaleString('en-US')} printings written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const only = process.env.BENCH_STORAGE;
    const kinds = (
      process.env.DATABASE_URL ? (['postgres', 'pglite'] as const) : (['pglite'] as const)
    ).filter((k) => !only || k === only);
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
        const t = TARGETS[SHAPE][kind];
        console.log(
          `catalogue cards:import (${SHAPE}, ${FROM_SOURCE ? 'from source, tsx' : 'compiled'}) on ${kind}: ${f.cards.toLocaleString('en-US')} printings in ${(f.ms / 1000).toFixed(1)} s ` +
            `(${Math.round(f.cards / (f.ms / 1000)).toLocaleString('en-US')} cards/s; ≤ ${t.importS} s: ${verdict(f.ms <= t.importS * 1000)}), ` +
            `peak RSS ${f.maxRssMb} MB (≤ ${t.rssMb} MB: ${verdict(f.maxRssMb <= t.rssMb)}), ` +
            `parsed ${f.parsedInWorker ? 'in a worker thread' : 'in the importing thread'}  [${load()}]`,
        );
        console.log(
          `catalogue card search${COLLECTION_ENTRIES > 0 ? ' and collection' : ''} (${SHAPE}) on ${kind} over HTTP (${SEARCH_RUNS} runs each, page 1–3):`,
        );
        await searchLatency(kind, dataDir, schema);
      } finally {
        // BENCH_KEEP_SCHEMA=1 keeps the PostgreSQL catalogue (to EXPLAIN its searches); drop it by hand.
        if (kind === 'postgres' && process.env.BENCH_KEEP_SCHEMA === '1')
          console.log(`catalogue kept the PostgreSQL schema ${schema}`);
        else if (kind === 'postgres') await dropBenchSchema(schema);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
