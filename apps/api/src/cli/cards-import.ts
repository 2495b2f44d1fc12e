/**
 * `pnpm --filter @companion/api cards:import <file|url> [--sets <file>] [--migrations <file>]`
 * Streams a Scryfall bulk file (default_cards or all_cards; JSON array, or an object holding the
 * array under `cards`/`data`; plain or gzipped) into the catalogue with a progress bar.
 * `--stats` prints one JSON line with the duration, the files parsed in a worker thread and the peak
 * memory at the end (the bench reads it).
 */
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import cliProgress from 'cli-progress';
import { openConfiguredDatabase } from '../db/client.js';
import { ConfigError, type Env, loadEnv } from '../env.js';
import { type ImportProgress, type ImportResult, importCatalogue } from '../services/catalogue-import.js';
import { invokedDirectly } from './main.js';

/**
 * PGlite settings for the bulk-import CLIs (not the server): a 32 MB buffer pool instead of 128 MB.
 * PGlite's pool is part of its WebAssembly memory and resident from start-up; an import writes
 * each page about once, so the bigger pool bought no speed, only 100 MB of peak memory at 100,000
 * printings. PostgreSQL ignores it.
 */
export const IMPORT_PGLITE_SETTINGS = { shared_buffers: '32MB' } as const;

/**
 * A full garbage collection, or nothing when the runtime refuses. `--expose-gc` is a V8 flag set
 * here at run time (the CLIs are started by tsx, without node flags); V8 then installs `gc` on new
 * contexts only, hence the fresh context to fetch it from.
 */
function fullGc(): () => void {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    if (typeof gc === 'function') return () => gc();
  } catch {
    // Not available: let V8 collect when it sees fit.
  }
  return () => undefined;
}

/**
 * Collects garbage after every second batch of an import. Each batch leaves a few MB of parsed
 * cards and JSON behind; left to itself, V8 lets the heap grow by about 100 MB between major
 * collections, which is most of the margin below the import's memory target.
 */
export function collectEverySecondBatch(): (progress: ImportProgress) => void {
  const gc = fullGc();
  let batches = 0;
  let lastCards = 0;
  return (progress) => {
    if (progress.cards === lastCards) return;
    lastCards = progress.cards;
    if (++batches % 2 === 0) gc();
  };
}

/**
 * What the bulk-import CLIs (`cards:import`, `cards:sync`) open and run around an import: the
 * configured database (PGlite with IMPORT_PGLITE_SETTINGS), and a per-batch progress callback that
 * moves the progress bar and, on PGlite, collects garbage every second batch.
 */
export async function openImport(env: Env, quiet: boolean) {
  const database = await openConfiguredDatabase(env, { pgliteSettings: IMPORT_PGLITE_SETTINGS });
  const bar = progressBar(quiet);
  // On PGlite only, whose memory is this process's: on PostgreSQL the import's peak stays far below
  // its target without (110,000 printings: 230 MB against 160 MB), and the collections took about
  // a tenth of this thread's time, which parses the file and is the slower side of the load then
  // (node 12.7 s of CPU without, 14.0-15.0 s with; PostgreSQL 11.2-12.1 s).
  const collect = database.kind === 'pglite' ? collectEverySecondBatch() : () => undefined;
  return {
    database,
    onProgress(progress: ImportProgress) {
      bar.update(progress);
      collect(progress);
    },
    /** Stops the progress bar and closes the database. */
    async close() {
      bar.stop();
      await database.close();
    },
    stopProgress: () => bar.stop(),
  };
}

/** A progress bar on a terminal (bytes read, cards imported); silent when quiet or piped. */
function progressBar(quiet: boolean) {
  const bar =
    quiet || !process.stderr.isTTY
      ? null
      : new cliProgress.SingleBar(
          {
            format: 'cards {bar} {percentage}% | {cards} cards | {mb} MB | {duration_formatted}',
            hideCursor: true,
          },
          cliProgress.Presets.shades_classic,
        );
  let started = false;
  return {
    update(p: ImportProgress) {
      if (!bar) return;
      const total = p.totalBytes ?? Math.max(p.bytes, 1);
      if (!started) {
        bar.start(total, 0, { cards: 0, mb: 0 });
        started = true;
      }
      bar.setTotal(Math.max(total, p.bytes));
      bar.update(p.bytes, { cards: p.cards, mb: (p.bytes / 1e6).toFixed(1) });
    },
    stop() {
      if (started) bar?.stop();
      started = false;
    },
  };
}

/** The one-line summary of an import. */
export function describeImport(result: ImportResult): string {
  const m = result.migrations;
  return (
    `Imported ${result.cards} cards (${result.skipped} other objects skipped), ${result.sets} sets in ${(result.ms / 1000).toFixed(1)} s.` +
    (m.merged || m.deleted
      ? ` Migrations: ${m.merged} merged, ${m.deleted} deleted ids; ${m.entriesMoved} list entries moved, ${m.entriesUnresolved} flagged unresolved, ${m.deckCards} deck cards updated.`
      : '')
  );
}

export async function runImport(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      sets: { type: 'string' },
      migrations: { type: 'string' },
      stats: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
    },
  });
  const sources = positionals;
  if (!sources.length) {
    console.error(
      'Usage: cards:import <default-cards.json[.gz] | url> [--sets sets.json] [--migrations migrations.json]',
    );
    return 2;
  }
  const run = await openImport(loadEnv(), values.quiet);
  try {
    const result = await importCatalogue(run.database.db, sources, {
      sets: values.sets,
      migrations: values.migrations,
      onProgress: run.onProgress,
      bulk: true,
    });
    run.stopProgress();
    console.log(describeImport(result));
    if (values.stats) {
      console.log(
        JSON.stringify({
          stats: {
            ms: result.ms,
            cards: result.cards,
            parsedInWorker: result.parsedInWorker,
            maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
          },
        }),
      );
    }
    return 0;
  } finally {
    await run.close();
  }
}

/** Runs a command-line tool's main and exits with its code: 2 for a configuration error, 1 for a failure. */
export function runCommand(main: (argv: string[]) => Promise<number>, describe: (error: unknown) => string) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : describe(error));
      process.exit(error instanceof ConfigError ? 2 : 1);
    },
  );
}

/** The command: `pnpm --filter @companion/api cards:import …` (or `node dist/cards-import.js …`). */
export const importCommand = () =>
  runCommand(runImport, (error) => `Import failed: ${error instanceof Error ? error.message : error}`);

if (invokedDirectly(import.meta.url)) importCommand();
