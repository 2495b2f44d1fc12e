/** Starts the API server: `pnpm --filter @companion/api start`. */
import { acceptBackupRequests } from './db/backup-requests.js';
import { ConfigError, loadEnv } from './env.js';
import { buildServer } from './server.js';
import { importSharedCatalogue } from './services/catalogue-import.js';

/** Longest wait for the requests in progress at shutdown (the request timeout bounds each). */
const CLOSE_DEADLINE_MS = 30_000;

async function main(): Promise<void> {
  const env = loadEnv();
  const server = await buildServer(env);
  const address = await server.listen();
  let counts = await server.services.catalogueCounts();
  if (counts.cards === 0 && env.sharedData) {
    console.log(`  The card catalogue is empty: loading the Scryfall cards in ${env.sharedData}…`);
    const result = await importSharedCatalogue(server.services.db, env.sharedData);
    if (result) console.log(`  Loaded ${result.cards} printings and ${result.sets} sets.`);
    counts = await server.services.catalogueCounts();
  }
  const storage = `${server.services.database.kind}${env.databaseUrl ? '' : ` in ${env.dataDir}`}`;
  if (env.site) {
    console.log(`Companion listening on ${address} (${env.nodeEnv}, ${storage})`);
    console.log(`  web app: ${env.publicUrl}/ · overlay: ${env.publicUrl}/obs/ · API: ${env.apiUrl}/`);
    console.log(`  ready: ${env.apiUrl}/health/ready · reference: ${env.apiUrl}/docs`);
  } else {
    console.log(`Companion API listening on ${address} (${storage})`);
    console.log(`  reference: ${address}/docs · OpenAPI: ${address}/openapi.json`);
  }
  server.sync.start();
  if (counts.cards === 0 && env.sync.enabled) {
    console.log(`  The card catalogue is empty: syncing it from ${env.scryfallApiUrl} in the background…`);
  } else if (counts.cards === 0) {
    console.log(
      '  The card catalogue is empty. Load Scryfall data with:\n' +
        '    pnpm --filter @companion/api cards:import <default-cards.json[.gz] | url>',
    );
  }
  // PGlite: `backup` cannot open the folder this process holds, so it asks this process to write it.
  const stopBackups =
    server.services.database.kind === 'pglite'
      ? acceptBackupRequests(server.services.database, env.dataDir, (line) => console.log(`  ${line}`))
      : () => {};
  let closing = false;
  // Graceful: no new connection, the requests in progress answered and the live sockets told to
  // reconnect elsewhere (1012), then the database closed. A stuck close still ends the process.
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing…`);
    stopBackups();
    const deadline = setTimeout(() => {
      console.error(`Still closing after ${CLOSE_DEADLINE_MS / 1000} s: exiting.`);
      process.exit(1);
    }, CLOSE_DEADLINE_MS);
    deadline.unref();
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error('Start-up failed:', error);
  process.exit(1);
});
