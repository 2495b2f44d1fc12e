import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * The README's first command as a player runs it: `pnpm start` starts the API (PGlite, in a folder of
 * its own), the web app and the overlay, prints where to open them, and Ctrl+C (SIGINT to the
 * terminal's foreground process group) stops them all with no error printed by pnpm.
 */

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const PORTS = { api: 8811, web: 5181, overlay: 5182 };

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => {
    if (child.exitCode !== null) done(child.exitCode);
    else child.once('exit', (code) => done(code));
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

test('pnpm start: the printed addresses open, and Ctrl+C stops everything without an error', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'companion-start-'));
  // As on a fresh machine: PGlite in a folder, no PostgreSQL or Redis even when CI provides them.
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...env } = process.env;
  const child = spawn('pnpm', ['start'], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(PORTS.api),
      COMPANION_WEB_PORT: String(PORTS.web),
      COMPANION_OVERLAY_PORT: String(PORTS.overlay),
      DATA_DIR: dataDir,
    },
    // A process group of its own, as a terminal gives the command it runs.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk.toString();
  });
  const exit = exitOf(child);
  try {
    await expect
      .poll(() => (child.exitCode !== null ? `exited ${child.exitCode}: ${output}` : output), {
        timeout: 240_000,
        intervals: [500],
      })
      .toContain('Press Ctrl+C to stop.');
    const web = /Web app\s+(http:\/\/\S+)/.exec(output)?.[1];
    const api = /API\s+(http:\/\/\S+)/.exec(output)?.[1];
    const overlay = /Overlay \(OBS\)\s+(http:\/\/\S+\/obs\/)/.exec(output)?.[1];
    expect(web).toBe(`http://127.0.0.1:${PORTS.web}`);
    expect(api).toBe(`http://127.0.0.1:${PORTS.api}`);
    expect(overlay).toBe(`http://127.0.0.1:${PORTS.overlay}/obs/`);

    const ping = await fetch(`${api}/ping`);
    expect(ping.ok).toBe(true);
    await page.goto(web ?? '');
    await expect(page.getByRole('link', { name: /sign in|create/i }).first()).toBeVisible({
      timeout: 60_000,
    });
    expect((await fetch(overlay ?? '')).ok).toBe(true);

    // Ctrl+C: the terminal signals every process of the foreground group.
    process.kill(-(child.pid ?? 0), 'SIGINT');
    expect(await exit).toBe(0);
    expect(output).toContain('Stopped.');
    expect(output).not.toMatch(/ERR_PNPM|ELIFECYCLE|Command failed/);
    for (const url of [web, api, overlay]) expect(await answers(url ?? ''), url).toBe(false);
  } finally {
    if (child.exitCode === null) {
      try {
        process.kill(-(child.pid ?? 0), 'SIGTERM');
      } catch {}
      await exit;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
