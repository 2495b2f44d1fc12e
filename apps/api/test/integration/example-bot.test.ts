/**
 * The example bot (`examples/bot`) run as its users run it: a child process (Node through tsx, so
 * nothing to build) against a listening API, signed in with an Auth emulator ID token. Checks what
 * it prints, its exit status, and what it left in the database.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamePlayers, games, sessions } from '../../src/db/schema.js';
import { REPO_ROOT } from '../support/emulator.js';
import { startTestServer, storages, TEST_API_KEY, TEST_SECRET, type TestServer } from '../support/index.js';

const BOT = resolve(REPO_ROOT, 'examples/bot');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the bot with `args` and the environment a user would set; resolves when it exits. */
function bot(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
      cwd: BOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('error', fail);
    child.once('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

it('prints its help without a server', async () => {
  const run = await bot(['--help']);
  expect(run.code).toBe(0);
  expect(run.stdout).toContain('companion-bot decks');
  expect(run.stdout).toContain('COMPANION_ID_TOKEN');
  expect(run.stderr).toBe('');
});

describe.each(storages())('the example bot on %s', (kind) => {
  let t: TestServer;
  let env: Record<string, string>;
  let userId: string;
  let deckId: string;
  let client: ReturnType<TestServer['client']>;

  beforeAll(async () => {
    t = await startTestServer(kind);
    // A Google account: its email is verified, as most players' are.
    const account = await t.identity.signInWithGoogle(undefined, 'Bot Builder');
    const session = await t.client().auth.signin({ identityToken: account.idToken, body: { locale: 'en' } });
    userId = session.user.id;
    client = t.client({ token: session.token, userId });
    deckId = (await client.decks.create({ body: { name: 'Selesnya Tokens', formatId: 'commander' } })).deck
      .id;
    env = {
      COMPANION_API_URL: t.url,
      COMPANION_API_KEY: TEST_API_KEY,
      COMPANION_SECRET: TEST_SECRET,
      COMPANION_ID_TOKEN: account.idToken,
    };
  });
  afterAll(() => t?.close());

  it('signs in with the ID token and lists the decks', async () => {
    const run = await bot(['decks'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Signed in as Bot Builder');
    expect(run.stdout).toContain('1 deck:');
    expect(run.stdout).toMatch(new RegExp(`Selesnya Tokens +commander .*no games +id ${deckId}`));
  });

  it('records a game that the API and the database then hold', async () => {
    const before = (await client.games.list()).total;
    const run = await bot(
      [
        'record',
        '--format',
        'commander',
        '--result',
        'win',
        '--deck',
        'selesnya tokens',
        '--opponent',
        'Gus',
        '--opponent',
        'Tina:draw:Kinnan',
        '--turns',
        '9',
        '--tag',
        'league',
      ],
      env,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const gameId = /Recorded game (\S+) /.exec(run.stdout)?.[1];
    expect(gameId, run.stdout).toBeDefined();
    expect(run.stdout).toContain('You (Selesnya Tokens): win');
    expect(run.stdout).toContain('Gus: loss');
    expect(run.stdout).toContain('Tina (Kinnan): draw');

    // Through the API, as the player sees it
    const { game } = await client.games.get({ params: { id: gameId! } });
    expect(game.createdBy).toBe(userId);
    expect(game.formatId).toBe('commander');
    expect(game.turns).toBe(9);
    expect(game.tags.map((tag) => tag.name)).toEqual(['league']);
    const players = game.players.map((p) => [p.user?.id ?? p.guestName, p.deck?.id ?? p.deckName, p.result]);
    expect(players).toHaveLength(3);
    expect(players).toEqual(
      expect.arrayContaining([
        [userId, deckId, 'win'],
        ['Gus', null, 'loss'],
        ['Tina', 'Kinnan', 'draw'],
      ]),
    );
    expect((await client.games.list()).total).toBe(before + 1);
    expect((await client.user.decks()).decks.find((d) => d.id === deckId)?.games).toBe(1);

    // In the database
    const db = t.server.services.db;
    const [row] = await db.select().from(games).where(eq(games.id, gameId!));
    expect(row).toMatchObject({ createdBy: userId, formatId: 'commander', turns: 9 });
    const rows = await db.select().from(gamePlayers).where(eq(gamePlayers.gameId, gameId!));
    expect(rows).toHaveLength(3);
    expect(rows.find((p) => p.userId === userId)).toMatchObject({ deckId, result: 'win' });
    expect(rows.find((p) => p.guestName === 'Tina')).toMatchObject({ deckName: 'Kinnan', result: 'draw' });
  });

  it('signs out after each run: no bot session stays open', async () => {
    const bots = await t.server.services.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.device, 'bot')));
    expect(bots.length).toBeGreaterThanOrEqual(2);
    expect(bots.filter((s) => s.revokedAt === null)).toEqual([]);
  });

  it('explains what went wrong through the SDK’s typed errors, and records nothing', async () => {
    const before = (await client.games.list()).total;
    const record = ['record', '--format', 'commander', '--result', 'win'];
    const unverified = await t.identity.signUp();
    const [token, secret, format, deck, verify, usage] = await Promise.all([
      bot(['decks'], { ...env, COMPANION_ID_TOKEN: 'not-a-token' }),
      bot(['decks'], { ...env, COMPANION_SECRET: 'wrong-secret' }),
      bot(['record', '--format', 'no-such-format', '--result', 'win'], env),
      bot([...record, '--deck', 'Atraxa'], env),
      bot(['decks'], { ...env, COMPANION_ID_TOKEN: unverified.idToken }),
      bot(['record', '--format', 'commander', '--result', 'maybe'], env),
    ]);
    expect([token.code, token.stderr]).toEqual([1, expect.stringContaining('Firebase ID token was refused')]);
    expect([secret.code, secret.stderr]).toEqual([
      1,
      expect.stringContaining("refused the request's signature"),
    ]);
    expect([format.code, format.stderr]).toEqual([1, expect.stringContaining('body.formatId')]);
    expect(format.stderr).toContain('companion-bot formats lists them');
    expect([deck.code, deck.stderr]).toEqual([
      2,
      expect.stringContaining('no deck of yours is named "Atraxa" (yours: "Selesnya Tokens")'),
    ]);
    expect([verify.code, verify.stderr]).toEqual([
      1,
      expect.stringContaining('email address is not verified'),
    ]);
    expect([usage.code, usage.stderr]).toEqual([2, expect.stringContaining('"maybe" is not a result')]);
    for (const run of [token, secret, format, deck, verify, usage]) {
      expect(run.stderr).toMatch(/^companion-bot: /);
      expect(run.stderr).not.toContain('    at '); // a sentence, not a stack trace
    }
    expect((await client.games.list()).total).toBe(before);
  });

  it('says so when the API cannot be reached', async () => {
    const run = await bot(['formats'], { ...env, COMPANION_API_URL: 'http://127.0.0.1:9' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('could not reach the API at http://127.0.0.1:9');
  });
});
