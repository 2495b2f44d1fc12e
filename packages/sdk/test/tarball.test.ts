/**
 * The SDK as a user gets it: `pnpm pack` (of the built dist), the tarball installed with TypeScript
 * into an empty project outside the repository, a file that uses the three public entry points
 * type-checked (strict; node16 resolution with Node's types, bundler resolution with the DOM's) and
 * the entry points imported by plain Node. Needs `dist` (turbo builds it before this package's tests).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SDK = resolve(fileURLToPath(import.meta.url), '../..');
const require = createRequire(import.meta.url);
/** The versions the workspace already has, so that the install is served from the local store. */
const TYPESCRIPT = (require('typescript/package.json') as { version: string }).version;
const TYPES_NODE = (require('@types/node/package.json') as { version: string }).version;

function run(command: string, args: string[], cwd: string, timeout = 40_000): Promise<string> {
  return new Promise((done, fail) => {
    execFile(
      command,
      args,
      {
        cwd,
        timeout,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, CI: 'true', NO_UPDATE_NOTIFIER: '1' },
      },
      (error, stdout, stderr) => {
        if (!error) return done(stdout);
        const why = error.killed
          ? `timed out after ${timeout / 1000} s`
          : `failed (${error.code ?? error.signal})`;
        fail(new Error(`${command} ${args.join(' ')} ${why} in ${cwd}:\n${stdout}\n${stderr}`));
      },
    );
  });
}

/** Every file a package's `exports` map points at (`./dist/index.js` → `dist/index.js`). */
function exportTargets(exports: unknown): string[] {
  if (typeof exports === 'string') return [exports.replace(/^\.\//, '')];
  if (exports && typeof exports === 'object') return Object.values(exports).flatMap(exportTargets);
  return [];
}

const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies'];

/** Ranges only a workspace understands (`workspace:*`, `catalog:`), as `field name@range`. */
function workspaceRanges(manifest: Record<string, unknown>): string[] {
  return DEPENDENCY_FIELDS.flatMap((field) =>
    Object.entries((manifest[field] ?? {}) as Record<string, string>)
      .filter(([, range]) => /^(workspace|catalog):/.test(range))
      .map(([name, range]) => `${field} ${name}@${range}`),
  );
}

/** Uses real exports of each entry point; the `@ts-expect-error` lines prove the types are not `any`. */
const CONSUMER_TS = `import {
  type CompanionClient,
  CompanionError,
  createClient,
  endpoints,
  GAME_RESULTS,
  isNotFoundError,
  LIMITS,
  sha256Hex,
  sign,
} from '@companion/sdk';
import { contract, Game, type GameInput } from '@companion/sdk/contract';
import { type DecklistParseResult, parseDecklist, writeDeck } from '@companion/sdk/formats';

const client: CompanionClient = createClient({
  baseUrl: 'http://127.0.0.1:1',
  apiKey: 'key',
  secret: 'secret',
  device: 'bot',
  credentials: () => ({ token: 'token', userId: 'user' }),
});

export async function session(idToken: string): Promise<string> {
  const s = await client.auth.login({ identityToken: idToken, body: { locale: 'en' } });
  return \`\${s.user.id} \${s.token} \${s.created}\`;
}

export async function deckNames(): Promise<string[]> {
  const { decks } = await client.user.decks();
  return decks.map((d) => \`\${d.name} (\${d.formatId}) \${d.cardCount}\`);
}

export async function record(userId: string, deckId: string): Promise<string> {
  const body: GameInput = { formatId: 'commander', players: [{ userId, deckId, result: GAME_RESULTS[0] }] };
  const { game } = await client.games.create({ body });
  return game.players.map((p) => p.result).join();
}

export function explain(error: unknown): string {
  if (isNotFoundError(error)) return \`not found (\${error.status})\`;
  if (error instanceof CompanionError) return \`\${error.code}: \${error.message}\`;
  return String(error);
}

export const parsed: DecklistParseResult = parseDecklist('1 Sol Ring (C21) 263');
export const arena: string = writeDeck('arena', { cards: [] });
export const maxPlayers: number = LIMITS.playersPerGame.max;
export const paths: string[] = [endpoints.games.create.path, contract.games.create.path];
export const signature: string = sign({
  secret: 'secret',
  timestamp: '1790000000000',
  method: 'GET',
  pathWithQuery: '/ping',
  bodyHash: sha256Hex(''),
});

// @ts-expect-error a game's id is a string
export const wrongId: number = Game.parse({}).id;
// @ts-expect-error signing in needs the Firebase ID token
export const noToken = () => client.auth.login({ body: { locale: 'en' } });
// @ts-expect-error a result is win, loss or draw
export const badResult: GameInput = { formatId: 'commander', players: [{ guestName: 'Gus', result: 'maybe' }] };
`;

/** Plain Node, no loader: the ESM entries load and work (the README's signing example). */
const CONSUMER_MJS = `import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createClient, endpoints, sha256Hex, sign } from '@companion/sdk';
import { contract } from '@companion/sdk/contract';
import { parseDecklist, writeDeck } from '@companion/sdk/formats';
import * as live from '@companion/sdk/live';

const signature = sign({
  secret: 'example-secret',
  timestamp: '1790000000000',
  method: 'POST',
  pathWithQuery: '/playgroup',
  bodyHash: sha256Hex('{"name":"Friday night"}'),
});
assert.equal(signature, 'dc2db84c5a84303afeae53df1f50b0a95a106ce9a53f7efc5d4e883806752938');
assert.equal(endpoints.games.create.path, '/game');
assert.equal(contract.games.create.body.safeParse({ formatId: 'commander', players: [] }).success, false);
const client = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', secret: 's' });
assert.equal(typeof client.user.decks, 'function');
const deck = parseDecklist('1 Sol Ring (C21) 263');
assert.equal(deck.rows[0].name, 'Sol Ring');
assert.equal(writeDeck('plain', { cards: [] }), '');
assert.ok(Object.keys(live).length > 0);
const openapi = JSON.parse(readFileSync(new URL(import.meta.resolve('@companion/sdk/openapi.json')), 'utf8'));
assert.equal(openapi.openapi.startsWith('3.1'), true);
console.log('entry points ok');
`;

const tsconfig = (options: Record<string, unknown>) =>
  JSON.stringify({
    compilerOptions: { target: 'ES2022', strict: true, noEmit: true, ...options },
    files: ['consumer.ts'],
  });

describe('the packed SDK in an empty project', () => {
  let work: string;
  let project: string;
  let tarball: string;
  let packed: string[];
  let manifest: Record<string, unknown>;

  beforeAll(async () => {
    expect(
      existsSync(join(SDK, 'dist/index.js')),
      'build the SDK first (pnpm --filter @companion/sdk build)',
    ).toBe(true);
    work = mkdtempSync(join(tmpdir(), 'companion-sdk-pack-'));
    const out = JSON.parse(await run('pnpm', ['pack', '--json', '--pack-destination', work], SDK)) as {
      filename: string;
      files: { path: string }[];
    };
    tarball = out.filename;
    packed = out.files.map((f) => f.path);
    await run('tar', ['-xzf', tarball, '-C', work, 'package/package.json'], work);
    manifest = JSON.parse(readFileSync(join(work, 'package/package.json'), 'utf8'));
    project = join(work, 'project');
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'sdk-consumer', private: true, type: 'module' }),
    );
    writeFileSync(join(project, 'consumer.ts'), CONSUMER_TS);
    writeFileSync(join(project, 'consumer.mjs'), CONSUMER_MJS);
    writeFileSync(
      join(project, 'tsconfig.node16.json'),
      // A Node program: Node's types, no DOM; the SDK's declarations checked too (skipLibCheck off).
      tsconfig({
        module: 'node16',
        moduleResolution: 'node16',
        lib: ['ES2023'],
        types: ['node'],
        skipLibCheck: false,
      }),
    );
    writeFileSync(
      join(project, 'tsconfig.bundler.json'),
      // A browser app: the DOM's types, resolution as bundlers do.
      tsconfig({
        module: 'esnext',
        moduleResolution: 'bundler',
        lib: ['ES2023', 'DOM'],
        types: [],
        skipLibCheck: true,
      }),
    );
  }, 30_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('holds every file its exports point at, the README, and no sources or tests', () => {
    const targets = exportTargets(manifest.exports);
    expect(targets).toEqual(
      expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/openapi.json']),
    );
    expect(targets.filter((target) => !packed.includes(target))).toEqual([]);
    expect(packed).toContain('README.md');
    expect(packed.filter((path) => /^(src|test|scripts|bench)\//.test(path))).toEqual([]);
  });

  it('finds workspace: and catalog: ranges in a manifest (the check below works)', () => {
    const leaky = {
      dependencies: { ky: 'catalog:', zod: '^4.0.0' },
      peerDependencies: { '@companion/hooks': 'workspace:*' },
    };
    expect(workspaceRanges(leaky)).toEqual([
      'dependencies ky@catalog:',
      'peerDependencies @companion/hooks@workspace:*',
    ]);
  });

  it('has no workspace: or catalog: ranges in its package.json', () => {
    expect(workspaceRanges(manifest)).toEqual([]);
    expect(Object.keys(manifest.dependencies as object)).toEqual(
      expect.arrayContaining(['ky', 'zod', '@noble/hashes']),
    );
  });

  it('installs from the tarball with TypeScript', async () => {
    await run(
      'pnpm',
      ['add', '--prefer-offline', tarball, `typescript@${TYPESCRIPT}`, `@types/node@${TYPES_NODE}`],
      project,
    );
    expect(existsSync(join(project, 'node_modules/@companion/sdk/dist/index.js'))).toBe(true);
  }, 45_000);

  it.each(['node16', 'bundler'])(
    'type-checks strictly with moduleResolution %s',
    async (kind) => {
      const tsc = join(project, 'node_modules/typescript/bin/tsc');
      // About 10 s for node16 (most of it checking zod's declarations), 3 s for bundler, on an idle machine.
      await run(process.execPath, [tsc, '-p', `tsconfig.${kind}.json`], project, 150_000);
    },
    160_000,
  );

  it('imports the ESM entry points with plain node', async () => {
    expect(await run(process.execPath, ['consumer.mjs'], project)).toContain('entry points ok');
  });
});
