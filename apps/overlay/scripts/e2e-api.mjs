// Playwright's API server: imports the sample cards into the fresh data folder (when shared/data is
// there), then runs the API in this process's place so that stopping it stops the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const api = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'api');
const tsx = join(api, 'node_modules', '.bin', 'tsx');
const cards = process.argv[2];
if (cards && existsSync(cards)) {
  const imported = spawnSync(tsx, ['src/cli/cards-import.ts', cards, '--quiet'], {
    cwd: api,
    stdio: 'inherit',
  });
  if (imported.status !== 0) process.exit(imported.status ?? 1);
} else {
  console.warn(`e2e: ${cards} is absent; the card search finds nothing`);
}
const server = spawn(tsx, ['src/main.ts'], { cwd: api, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
