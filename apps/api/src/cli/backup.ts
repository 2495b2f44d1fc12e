/**
 * `pnpm --filter @companion/api backup <file> [--without-catalogue]`: writes a backup of the
 * configured database (PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL), uploaded pictures
 * included (they are rows), in Companion's own format (`src/db/backup.ts`). When a server holds the PGlite folder,
 * the server writes it (`src/db/backup-requests.ts`); otherwise this process opens the folder.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, type BackupSummary, writeBackup } from '../db/backup.js';
import { BackupRequestError, requestBackup } from '../db/backup-requests.js';
import { openConfiguredDatabase, openDatabase } from '../db/client.js';
import { FolderLockedError, folderHolder } from '../db/folder-lock.js';
import { type Env, loadEnv } from '../env.js';
import { invokedDirectly, runCli, UsageError } from './main.js';

export const USAGE = `Usage: backup <file> [--without-catalogue] [--timeout <seconds>]

Writes a backup of the database (PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL and
DATABASE_SCHEMA), uploaded pictures included, to <file> (gzip'd JSON lines), consistent while the
server runs. Restore it with: restore <file>

Options:
  --without-catalogue  Leave out the Scryfall catalogue (cards, sets, prices, id migrations):
                       a much smaller file; run cards:sync after restoring it
  --timeout <seconds>  How long to wait for a running server to write it (default 1800)

On PostgreSQL, pg_dump works too: pg_dump --schema=<DATABASE_SCHEMA> -Fc -f companion.dump <url>`;

function describe(summary: BackupSummary): string {
  const mb = (summary.bytes / 1024 / 1024).toFixed(1);
  const lines = [
    `Backup written to ${summary.file}: ${summary.tables} tables, ${summary.rows} rows, ${mb} MB ` +
      `(${summary.header.storage}, migration ${summary.header.migration.tag}${summary.header.catalogue ? '' : ', without the catalogue'}).`,
  ];
  return lines.join('\n');
}

/** Writes the backup the arguments ask for; exported so tests can drive it with their own env. */
export async function runBackup(argv: string[], env: Env, print = (line: string) => console.log(line)) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'without-catalogue': { type: 'boolean', default: false },
      timeout: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    print(USAGE);
    return;
  }
  if (positionals.length !== 1 || !positionals[0]) throw new UsageError('Name the backup file to write.');
  const timeout = values.timeout === undefined ? 1800 : Number(values.timeout);
  if (!Number.isFinite(timeout) || timeout <= 0) throw new UsageError('--timeout: a number of seconds');
  const file = resolve(positionals[0]);
  const catalogue = !values['without-catalogue'];

  if (env.databaseUrl) {
    const database = await openConfiguredDatabase(env);
    try {
      print(describe(await writeBackup(database, file, { catalogue })));
    } finally {
      await database.close();
    }
    return;
  }
  if (!existsSync(join(env.dataDir, 'pglite'))) {
    throw new BackupError(`There is no database in ${env.dataDir} (DATA_DIR): nothing to back up.`);
  }
  const ask = async () => {
    const holder = folderHolder(env.dataDir);
    if (!holder) return null;
    print(`The server (process ${holder.pid}) holds ${env.dataDir}: asking it to write the backup…`);
    return requestBackup(env.dataDir, holder, {
      file,
      catalogue,
      timeoutMs: timeout * 1000,
      onClaimed: () => print('  The server is writing it.'),
    });
  };
  let summary = await ask();
  if (!summary) {
    try {
      const database = await openDatabase({ dataDir: env.dataDir });
      try {
        summary = await writeBackup(database, file, { catalogue });
      } finally {
        await database.close();
      }
    } catch (error) {
      // A server started in between: ask it.
      if (!(error instanceof FolderLockedError)) throw error;
      summary = await ask();
      if (!summary) throw error;
    }
  }
  print(describe(summary));
}

if (invokedDirectly(import.meta.url)) {
  runCli(() => runBackup(process.argv.slice(2), loadEnv()), {
    usage: USAGE,
    what: 'Backup',
    known: [BackupError, BackupRequestError, FolderLockedError],
  });
}
