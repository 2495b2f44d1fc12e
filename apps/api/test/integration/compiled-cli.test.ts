/**
 * The compiled command lines (`pnpm build`: dist/*.js, what a production install runs with plain
 * node) start as scripts: each answers its own way, not silently. In the bundle, a command that is
 * also a library of others lives in a shared chunk; its entry must still run it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const DIST = join(import.meta.dirname, '..', '..', 'dist');
const dataDir = mkdtempSync(join(tmpdir(), 'companion-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (script: string, ...args: string[]) => {
  const { DATABASE_URL: _db, ...env } = process.env;
  const result = spawnSync('node', [join(DIST, script), ...args], {
    env: { ...env, DATA_DIR: dataDir, COMPANION_LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
};

describe('compiled command lines', () => {
  it('are built (turbo builds the API before its tests)', () => {
    expect(existsSync(join(DIST, 'main.js'))).toBe(true);
  });

  it.each([
    ['cards-import.js', ['/no/such/file.json'], 1, /Import failed: .*no such file/],
    ['cards-sync.js', ['--nope'], 1, /Unknown option '--nope'/],
    ['cards-status.js', [], 0, /Catalogue: 0 cards, 0 sets\./],
    ['promo.js', ['bogus'], 2, /Unknown command.*\n.*Usage: promo create/],
    ['backup.js', [], 2, /Name the backup file to write\.\nUsage: backup <file>/],
    ['restore.js', [], 2, /Name the backup file to restore\.\nUsage: restore <file>/],
  ] as const)(
    '%s %j exits %i with its message',
    (script, args, code, message) => {
      const result = run(script, ...args);
      expect(result.out).toMatch(message);
      expect(result.code, result.out).toBe(code);
    },
    60_000,
  );
});
