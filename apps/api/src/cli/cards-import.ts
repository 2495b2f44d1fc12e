/**
 * `pnpm --filter @companion/api cards:import <file|url> [--sets <file>] [--migrations <file>]`
 * Streams a Scryfall bulk file (default_cards or all_cards; JSON array, or an object holding the
 * array under `cards`/`data`; plain or gzipped) into the catalogue with a progress bar.
 * `--stats` prints one JSON line with the duration and peak memory at the end (the bench reads it).
 */
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { openDatabase } from '../db/client.js';
import { ConfigError, loadEnv } from '../env.js';
import { importCatalogue } from '../services/catalogue-import.js';

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
  const env = loadEnv();
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    pgSchema: env.databaseSchema,
    dataDir: env.databaseUrl ? undefined : env.dataDir,
  });
  const bar =
    values.quiet || !process.stderr.isTTY
      ? null
      : new cliProgress.SingleBar(
          {
            format: 'cards {bar} {percentage}% | {cards} cards | {mb} MB | {duration_formatted}',
            hideCursor: true,
          },
          cliProgress.Presets.shades_classic,
        );
  let started = false;
  try {
    const result = await importCatalogue(database.db, sources, {
      sets: values.sets,
      migrations: values.migrations,
      onProgress: (p) => {
        if (!bar) return;
        const total = p.totalBytes ?? Math.max(p.bytes, 1);
        if (!started) {
          bar.start(total, 0, { cards: 0, mb: 0 });
          started = true;
        }
        bar.setTotal(Math.max(total, p.bytes));
        bar.update(p.bytes, { cards: p.cards, mb: (p.bytes / 1e6).toFixed(1) });
      },
    });
    bar?.stop();
    const m = result.migrations;
    console.log(
      `Imported ${result.cards} cards (${result.skipped} other objects skipped), ${result.sets} sets in ${(result.ms / 1000).toFixed(1)} s.` +
        (m.merged || m.deleted
          ? ` Migrations: ${m.merged} merged, ${m.deleted} deleted ids; ${m.entriesMoved} list entries moved, ${m.entriesUnresolved} flagged unresolved, ${m.deckCards} deck cards updated.`
          : ''),
    );
    if (values.stats) {
      console.log(
        JSON.stringify({
          stats: {
            ms: result.ms,
            cards: result.cards,
            maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
          },
        }),
      );
    }
    return 0;
  } finally {
    bar?.stop();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runImport(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof ConfigError) {
        console.error(error.message);
        process.exit(2);
      }
      console.error('Import failed:', error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
