/**
 * The API reference (`pnpm --filter @companion/sdk docs`): TypeDoc over the four public entry points,
 * with `treatWarningsAsErrors` (typedoc.json), written to a temporary folder instead of `docs-api`.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const SDK = resolve(fileURLToPath(import.meta.url), '../..');
const out = mkdtempSync(join(tmpdir(), 'companion-sdk-docs-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it('generates the API reference of every entry point without an error or a warning', async () => {
  // About 25 s of CPU: most of it is TypeScript reading the contract's zod types.
  const { code, output } = await new Promise<{ code: number; output: string }>((done) => {
    execFile(
      join(SDK, 'node_modules/.bin/typedoc'),
      ['--out', out],
      { cwd: SDK, timeout: 170_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
  expect(output).not.toMatch(/\[(warning|error)\]/);
  expect(code, output).toBe(0);
  for (const module of [
    '_companion_sdk',
    '_companion_sdk_contract',
    '_companion_sdk_formats',
    '_companion_sdk_live',
  ])
    expect(existsSync(join(out, 'modules', `${module}.html`)), module).toBe(true);
  expect(existsSync(join(out, 'functions/_companion_sdk.createClient.html'))).toBe(true);
  expect(existsSync(join(out, 'functions/_companion_sdk_formats.parseDecklist.html'))).toBe(true);
}, 180_000);
