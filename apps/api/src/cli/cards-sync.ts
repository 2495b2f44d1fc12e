/**
 * `pnpm --filter @companion/api cards:sync [--all]`: brings the catalogue up to date from Scryfall's
 * API — sets, ID migrations, then the current `default_cards` bulk file (`all_cards` with --all),
 * streamed into the import. SCRYFALL_API_URL points it at another copy of the API. Offline, it stops
 * with a clear message.
 */
import { parseArgs } from 'node:util';
import { loadEnv } from '../env.js';
import { SyncError, syncCatalogue } from '../services/catalogue-sync.js';
import { describeImport, openImport, runCommand } from './cards-import.js';

async function runSync(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { all: { type: 'boolean', default: false }, quiet: { type: 'boolean', default: false } },
  });
  const env = loadEnv();
  const run = await openImport(env, values.quiet);
  try {
    const result = await syncCatalogue(run.database.db, {
      apiUrl: env.scryfallApiUrl,
      bulkType: values.all ? 'all_cards' : 'default_cards',
      onProgress: run.onProgress,
      log: (line) => console.log(line),
    });
    run.stopProgress();
    console.log(describeImport(result));
    return 0;
  } finally {
    await run.close();
  }
}

runCommand(runSync, (error) =>
  error instanceof SyncError ? error.message : `Sync failed: ${(error as Error)?.message ?? error}`,
);
