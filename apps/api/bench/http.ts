/**
 * Throughput of an authenticated, signed `GET /user/decks` (50 decks) at 50 connections, next to a
 * bare Fastify hello-world in the same run, on PGlite and (when DATABASE_URL is set) PostgreSQL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareRequest, signHeaders } from '@companion/sdk';
import { contract } from '@companion/sdk/contract';
import autocannon from 'autocannon';
import { openDatabase } from '../src/db/client.js';
import { deckCards, decks, users } from '../src/db/schema.js';
import { seedFormats } from '../src/db/seed.js';
import { PRODUCTION_ENV } from './production.js';
import { benchUser, dropBenchSchema } from './server.js';

const here = dirname(fileURLToPath(import.meta.url));
const apiRoot = resolve(here, '..');
const KEY = 'bench';
const SECRET = 'bench-secret';
const CONNECTIONS = 50;
const DURATION_S = 10;
const ATTACKERS = 20;

interface Attackers {
  answered: number;
  refused: number;
  /** CPU the attackers' process used, in cores (0..2 here), while the load ran. */
  cpuShare: number | null;
}

interface Figures {
  /** The same load while 20 clients send 25 MB unsigned bodies and hostile decklists. */
  attacked?: Figures & { attackers: Attackers };
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Server CPU time (user + system) per request in ms, when the platform exposes it. */
  cpuMs: number | null;
  /** The part of cpuMs spent in the kernel (sockets), 0..1. */
  systemShare: number | null;
  /** Average response size (headers and body). */
  bytes: number;
}

/**
 * CPU seconds a process has used (Linux `/proc/<pid>/stat`, user + system, 100 ticks/s), or null.
 * Unlike requests/s it barely depends on how busy the machine is, so it compares runs taken under
 * different loads.
 */
function cpuSeconds(pid: number | undefined): { user: number; system: number } | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
  } catch {
    return null;
  }
}

/** `BENCH_CPU_PROF=<folder>` writes a V8 CPU profile of each server there (`node --cpu-prof`). */
const profileArgs = () =>
  process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', resolve(process.env.BENCH_CPU_PROF)] : [];

function startChild(script: string, env: Record<string, string | undefined>): Promise<ChildProcess> {
  const merged: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, ...env })) if (v !== undefined) merged[k] = v;
  return new Promise((resolveChild, reject) => {
    const child = spawn(process.execPath, [...profileArgs(), '--import', 'tsx', script], {
      cwd: apiRoot,
      env: merged,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (d: Buffer) => {
      output += d.toString();
      if (/ready|listening/i.test(output)) resolveChild(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.on('exit', (code) => reject(new Error(`${script} exited (${code}):\n${output}`)));
  });
}

async function load(url: string, headers: Record<string, string>, server: ChildProcess): Promise<Figures> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers }); // warm-up
  const cpuBefore = cpuSeconds(server.pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const cpuAfter = cpuSeconds(server.pid);
  const user = cpuBefore && cpuAfter ? cpuAfter.user - cpuBefore.user : 0;
  const system = cpuBefore && cpuAfter ? cpuAfter.system - cpuBefore.system : 0;
  const measured = cpuBefore !== null && cpuAfter !== null && r.requests.total > 0;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    cpuMs: measured ? ((user + system) * 1000) / r.requests.total : null,
    systemShare: measured && user + system > 0 ? system / (user + system) : null,
    bytes: r.requests.total > 0 ? r.throughput.total / r.requests.total : 0,
  };
}

async function seed(kind: 'pglite' | 'postgres', dataDir: string, schema: string) {
  const database = await openDatabase(
    kind === 'postgres'
      ? { databaseUrl: process.env.DATABASE_URL, pgSchema: schema, poolSize: 4 }
      : { dataDir },
  );
  await seedFormats(database.db);
  const { user, token, sessions: store } = await benchUser(database.db, 'Bench', 'BENCH234');
  const deckRows = await database.db
    .insert(decks)
    .values(
      Array.from({ length: 50 }, (_, i) => ({
        ownerId: user.id,
        name: `Deck ${i + 1}`,
        formatId: 'commander',
        bracket: (i % 5) + 1,
        colorIdentity: ['W', 'U', 'B', 'R', 'G'].slice(0, (i % 5) + 1),
        lastPlayed: new Date(Date.now() - i * 86_400_000),
      })),
    )
    .returning({ id: decks.id });
  await database.db.insert(deckCards).values(
    deckRows.flatMap((d) => [
      { deckId: d.id, name: 'Atraxa, Praetors’ Voice', quantity: 1, board: 'commander' as const },
      ...Array.from({ length: 60 }, (_, j) => ({
        deckId: d.id,
        name: `Card ${j}`,
        quantity: 1,
        board: 'main' as const,
        position: j,
      })),
    ]),
  );
  // The signed-in attackers (one account per decklist client, so that each has the per-user
  // budget of deck creations to spend) have accounts of their own: the decks they create must not
  // lengthen the measured user's deck list (that would measure a bigger answer, not an attack).
  const intruders = await database.db
    .insert(users)
    .values(
      Array.from({ length: ATTACKERS / 2 }, (_, i) => ({
        firebaseUid: `bench-attacker-${i}-${randomBytes(4).toString('hex')}`,
        provider: 'google' as const,
        emailVerified: true,
        code: `ATTACK${String.fromCharCode(65 + i)}${String.fromCharCode(66 + i)}`,
        firstname: 'Attacker',
      })),
    )
    .returning();
  const attackers: Array<{ token: string; userId: string }> = [];
  for (const intruder of intruders)
    attackers.push({ token: (await store.create(intruder.id, 'attacker')).token, userId: intruder.id });
  await database.close();
  return { token, userId: user.id, attackers };
}

async function benchStorage(kind: 'pglite' | 'postgres'): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'companion-bench-'));
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const { token, userId, attackers } = await seed(kind, dataDir, schema);
  const port = '8795';
  const server = await startChild('src/main.ts', {
    ...PRODUCTION_ENV,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    COMPANION_API_KEYS: `${KEY}:${SECRET}`,
    COMPANION_LOG_LEVEL: 'silent',
    // Rate limits on, as in production: they are what stops the signed-in attacker's decklists
    // (decks.create is limited per user). The measured user alone makes thousands of calls a
    // second, so its global budget is raised out of the way.
    COMPANION_RATE_LIMIT: 'on',
    COMPANION_RATE_LIMIT_PER_MINUTE: '100000000',
    DATABASE_URL: kind === 'postgres' ? process.env.DATABASE_URL : undefined,
    DATABASE_SCHEMA: kind === 'postgres' ? schema : undefined,
  });
  try {
    const config = { apiKey: KEY, secret: SECRET, device: 'bench' };
    const prepared = prepareRequest(contract.user.decks, undefined, config, { token, userId });
    const headers: Record<string, string> = { ...prepared.headers };
    signHeaders(
      (n, v) => {
        headers[n] = v;
      },
      prepared,
      config,
      Date.now(),
    );
    const check = await fetch(`http://127.0.0.1:${port}/user/decks`, { headers });
    const body = (await check.json()) as { decks?: unknown[] };
    if (check.status !== 200 || body.decks?.length !== 50) {
      throw new Error(`unexpected answer ${check.status}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    const quiet = await load(`http://127.0.0.1:${port}/user/decks`, headers, server);
    const attacked = await underAttack(port, attackers, () =>
      load(`http://127.0.0.1:${port}/user/decks`, headers, server),
    );
    return { ...quiet, attacked };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') {
      await dropBenchSchema(schema);
    }
  }
}

/** Runs `measure` while ATTACKERS clients attack the server from a process of their own. */
async function underAttack(
  port: string,
  signedIn: Array<{ token: string; userId: string }>,
  measure: () => Promise<Figures>,
): Promise<Figures & { attackers: Attackers }> {
  const attacker = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/attacker.ts',
      port,
      String(ATTACKERS),
      signedIn.map((a) => `${a.token}:${a.userId}`).join(','),
      KEY,
      SECRET,
    ],
    { cwd: apiRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  attacker.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  await new Promise<void>((ok, fail) => {
    const check = setInterval(() => {
      if (output.includes('attacking')) {
        clearInterval(check);
        ok();
      }
    }, 50);
    attacker.once('exit', (code) => fail(new Error(`attacker exited (${code})`)));
  });
  await new Promise((r) => setTimeout(r, 2000)); // let the attack reach its pace
  try {
    const before = cpuSeconds(attacker.pid);
    const started = Date.now();
    const figures = await measure();
    const after = cpuSeconds(attacker.pid);
    const seconds = (Date.now() - started) / 1000;
    attacker.kill('SIGTERM');
    await new Promise((r) => attacker.once('exit', r));
    const last = output.trim().split('\n').at(-1) ?? '{}';
    const counts = JSON.parse(last.startsWith('{') ? last : '{}') as { answered: number; refused: number };
    // The attackers' own share of a core while the load ran (they share the machine's cores).
    const cpuShare =
      before && after ? (after.user + after.system - before.user - before.system) / seconds : null;
    return { ...figures, attackers: { ...counts, cpuShare } };
  } finally {
    if (attacker.exitCode === null) attacker.kill('SIGKILL');
  }
}

async function benchHello(): Promise<Figures> {
  const child = await startChild('bench/hello.ts', { PORT: '8796' });
  try {
    return await load('http://127.0.0.1:8796/hello', {}, child);
  } finally {
    child.kill('SIGTERM');
  }
}

const fmt = (f: Figures) =>
  `${Math.round(f.rps).toLocaleString('en-US')} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms` +
  `${f.cpuMs === null ? '' : `, server CPU ${f.cpuMs.toFixed(3)} ms/request (${Math.round((f.systemShare ?? 0) * 100)}% kernel)`}` +
  `, ${Math.round(f.bytes).toLocaleString('en-US')} B/response${f.errors ? `, ${f.errors} errors` : ''}`;

export async function run(): Promise<void> {
  const hello = await benchHello();
  console.log(
    `api      hello-world (bare Fastify), ${CONNECTIONS} connections: ${fmt(hello)} (load average ${loadavg()[0]?.toFixed(1)})`,
  );
  const kinds: Array<'pglite' | 'postgres'> = process.env.DATABASE_URL ? ['postgres', 'pglite'] : ['pglite'];
  for (const kind of kinds) {
    const f = await benchStorage(kind);
    const target =
      kind === 'postgres'
        ? ` (target ≥ 3,000 req/s, p99 ≤ 30 ms: ${f.rps >= 3000 && f.p99 <= 30 ? 'OK' : 'MISSED'})`
        : '';
    console.log(
      `api      GET /user/decks (50 decks) on ${kind}, ${CONNECTIONS} connections: ${fmt(f)}; ${(f.rps / hello.rps).toFixed(2)}× hello-world${target}`,
    );
    if (f.attacked) {
      const a = f.attacked;
      const ratio = a.p99 / Math.max(f.p99, 1);
      console.log(
        `api      under attack on ${kind} (${ATTACKERS} clients: 25 MB unsigned bodies, hostile decklists from ${ATTACKERS / 2} signed-in users): ${fmt(a)}; ` +
          `p99 ${a.p99} ms vs ${f.p99} ms quiet = ${ratio.toFixed(2)}× (target ≤ 2×: ${ratio <= 2 ? 'OK' : 'MISSED'}); ` +
          `attackers answered ${a.attackers.answered}, cut off ${a.attackers.refused}` +
          `${a.attackers.cpuShare === null ? '' : `, their process used ${Math.round(a.attackers.cpuShare * 100)}% of a core`}`,
      );
    }
  }
  if (!process.env.DATABASE_URL) console.log('api      (PostgreSQL figures need DATABASE_URL)');
}
