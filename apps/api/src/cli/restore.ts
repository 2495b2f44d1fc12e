/**
 * `pnpm --filter @companion/api restore <file> [--force]`: restores a backup written by `backup`
 * into the configured database (PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL and
 * DATABASE_SCHEMA), pictures included. The target must be empty unless --force;
 * a PGlite folder must not be in use (stop the server first).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, restoreBackup } from '../db/backup.js';
import { openDatabase } from '../db/client.js';
import { FolderLockedError } from '../db/folder-lock.js';
import { type Env, loadEnv } from '../env.js';
import { IMPORT_PGLITE_SETTINGS } from './cards-import.js';
import { invokedDirectly, runCli, UsageError } from './main.js';

export const USAGE = `Usage: restore <file> [--force]

Restores a backup written by "backup" into the database (PGlite in DATA_DIR, or PostgreSQL with
DATABASE_URL and DATABASE_SCHEMA), pictures included. The whole file is checked first; the rows go in in one transaction; migrations newer than the backup run after it. The target
must be empty (a new DATA_DIR or DATABASE_SCHEMA, before the server first starts there); a PGlite
folder must not be in use (stop the server first).

Options:
  --force  Replace what the target holds (its rows in the backup's tables)`;

/** Restores the backup the arguments name; exported so tests can drive it with their own env. */
export async function runRestore(argv: string[], env: Env, print = (line: string) => console.log(line)) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    print(USAGE);
    return;
  }
  if (positionals.length !== 1 || !positionals[0]) throw new UsageError('Name the backup file to restore.');
  const file = resolve(positionals[0]);
  const summary = await restoreBackup(file, {
    force: values.force,
    open: (migrationsFolder) =>
      openDatabase({
        databaseUrl: env.databaseUrl,
        pgSchema: env.databaseSchema,
        dataDir: env.databaseUrl ? undefined : env.dataDir,
        migrationsFolder,
        // A bulk write, as an import is: PGlite's smaller buffer pool costs no speed, only memory.
        pgliteSettings: IMPORT_PGLITE_SETTINGS,
      }),
  });
  const { header } = summary;
  print(
    `Restored ${file} (made ${header.createdAt} by Companion ${header.app} on ${header.storage}, migration ${header.migration.tag}): ` +
      `${summary.tables} tables, ${summary.rows} rows.`,
  );
  if (!header.catalogue) {
    print('  The backup has no card catalogue: load it with cards:sync (or cards:import).');
  }
}

if (invokedDirectly(import.meta.url)) {
  runCli(() => runRestore(process.argv.slice(2), loadEnv()), {
    usage: USAGE,
    what: 'Restore',
    known: [BackupError, FolderLockedError],
  });
}
