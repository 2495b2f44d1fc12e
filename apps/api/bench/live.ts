/**
 * The live channel under 1,000 overlay WebSockets: connect time (open → `hello`) and fan-out latency
 * (a sender's `send` → each overlay's `message`), on one instance (in-process bus), then across two
 * instances through Redis (sender on A, the overlays on B) when REDIS_URL is set. The API runs in
 * child processes; the clients share this process, so their own work is part of the figures.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { openDatabase } from '../src/db/client.js';
import { seedFormats } from '../src/db/seed.js';
import { PRODUCTION_ENV } from './production.js';
import { benchUser } from './server.js';

const here = dirname(fileURLToPath(import.meta.url));
const apiRoot = resolve(here, '..');
const OVERLAYS = Number(process.env.LIVE_BENCH_OVERLAYS ?? 1000);
const MESSAGES = Number(process.env.LIVE_BENCH_MESSAGES ?? 40);
/** Messages sent first and not counted, so that the figures are not those of code still being compiled. */
const WARMUP = Number(process.env.LIVE_BENCH_WARMUP ?? 5);
const CONCURRENCY = Number(process.env.LIVE_BENCH_CONCURRENCY ?? 50);
const INTERVAL_MS = 100; // below the per-sender rate limit (20/s)
const TARGET_P99_MS = 50;

interface Credentials {
  session: string;
  streaming: string;
}

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port')),
      );
    });
  });

async function seed(dataDir: string): Promise<Credentials> {
  const database = await openDatabase({ dataDir });
  await seedFormats(database.db);
  const {
    user,
    token: session,
    sessions,
  } = await benchUser(
    database.db,
    'Streamer',
    `L${randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 8),
  );
  const { token: streaming } = await sessions.rotateStreaming(user.id);
  await database.close();
  return { session, streaming };
}

function startApi(port: number, dataDir: string, extra: Record<string, string> = {}): Promise<ChildProcess> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'REDIS_URL') env[k] = v;
  Object.assign(env, {
    ...PRODUCTION_ENV,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    COMPANION_API_KEYS: 'bench:bench-secret',
    COMPANION_LOG_LEVEL: 'silent',
    COMPANION_RATE_LIMIT: 'off',
    // One user's thousand overlays: far over the per-user cap a real streamer needs.
    COMPANION_LIVE_SOCKETS_PER_USER: '5000',
    ...extra,
  });
  delete env.DATABASE_URL;
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (d: Buffer) => {
      output += d.toString();
      if (/listening/i.test(output)) ok(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.on('exit', (code) => fail(new Error(`API exited (${code}):\n${output}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.removeAllListeners('exit');
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) : Number.NaN;

interface Overlay {
  ws: WebSocket;
  onMessage: ((id: string) => void) | null;
}

/**
 * Opens the overlays, CONCURRENCY handshakes at a time (as a crowd of browser sources reconnecting
 * would, without one thundering herd); resolves when every one got `hello`, with each one's time.
 */
async function connectOverlays(port: number, token: string, count: number) {
  const url = `ws://127.0.0.1:${port}/live`;
  const auth = JSON.stringify({ kind: 'auth', token, role: 'overlay' });
  const times: number[] = [];
  const open = () =>
    new Promise<Overlay>((ok, fail) => {
      const t0 = performance.now();
      // The clients share this process: keep their own work small (no compression, no UTF-8 check).
      const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
      const overlay: Overlay = { ws, onMessage: null };
      ws.once('open', () => ws.send(auth));
      ws.on('message', (data) => {
        const text = String(data);
        if (text.startsWith('{"kind":"hello"')) {
          times.push(performance.now() - t0);
          ok(overlay);
          return;
        }
        const id = /"id":"([^"]+)"/.exec(text)?.[1];
        if (id) overlay.onMessage?.(id);
      });
      ws.once('error', fail);
      ws.once('close', (code) => fail(new Error(`overlay closed (${code}) before hello`)));
    });
  const started = performance.now();
  const overlays: Overlay[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, count) }, async () => {
      while (next < count) {
        next += 1;
        overlays.push(await open());
      }
    }),
  );
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  return { overlays, total, p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

/**
 * Sends WARMUP then MESSAGES text messages and records, for each overlay, how long each of the
 * MESSAGES took to arrive (the warm-up ones are delivered and checked, not counted).
 */
async function fanOut(senderPort: number, session: string, overlays: Overlay[]) {
  const sender = new WebSocket(`ws://127.0.0.1:${senderPort}/live`);
  sender.once('open', () => sender.send(JSON.stringify({ kind: 'auth', token: session, role: 'sender' })));
  await new Promise<void>((ok, fail) => {
    sender.on('message', (d) => String(d).startsWith('{"kind":"hello"') && ok());
    sender.once('error', fail);
  });
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let pending = 0;
  let done: () => void = () => {};
  for (const overlay of overlays) {
    overlay.onMessage = (id) => {
      const t = sentAt.get(id);
      if (t === undefined) return;
      latencies.push(performance.now() - t);
      pending -= 1;
      if (pending === 0) done();
    };
  }
  let counting = false;
  for (let i = 0; i < WARMUP + MESSAGES; i += 1) {
    if (i === WARMUP) {
      latencies.length = 0;
      counting = true;
    }
    const id = randomUUID();
    pending += overlays.length;
    const all = new Promise<void>((ok) => {
      done = ok;
    });
    sentAt.set(id, performance.now());
    sender.send(JSON.stringify({ kind: 'send', id, message: { type: 'text', text: `Bench ${i}` } }));
    const timeout = new Promise<void>((_, fail) =>
      setTimeout(
        () =>
          fail(
            new Error(
              `message ${i}${counting ? '' : ' (warm-up)'}: ${pending} deliveries missing after 10 s`,
            ),
          ),
        10_000,
      ),
    );
    await Promise.race([all, timeout]);
    await new Promise((r) => setTimeout(r, INTERVAL_MS));
  }
  sender.close();
  latencies.sort((a, b) => a - b);
  return { deliveries: latencies.length, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const verdict = (p99: number) =>
  `target p99 ≤ ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? 'OK' : 'MISSED'}`;

async function scenario(label: string, redisUrl: string | undefined): Promise<void> {
  const dirA = mkdtempSync(join(tmpdir(), 'companion-live-bench-'));
  const credentials = await seed(dirA);
  // Two processes cannot share one PGlite folder: instance B gets a copy (same user and tokens).
  const dirB = redisUrl ? mkdtempSync(join(tmpdir(), 'companion-live-bench-')) : dirA;
  if (redisUrl) cpSync(dirA, dirB, { recursive: true });
  const extra: Record<string, string> = redisUrl ? { REDIS_URL: redisUrl } : {};
  const [portA, portB] = [await freePort(), await freePort()];
  const a = await startApi(portA, dirA, extra);
  const b = redisUrl ? await startApi(portB, dirB, extra) : a;
  const overlayPort = redisUrl ? portB : portA;
  let overlays: Overlay[] = [];
  try {
    const connect = await connectOverlays(overlayPort, credentials.streaming, OVERLAYS);
    overlays = connect.overlays;
    const fan = await fanOut(portA, credentials.session, overlays);
    console.log(
      `live     ${label}: connect ${OVERLAYS} overlays (${CONCURRENCY} at a time) in ${ms(connect.total)} (each to hello: p50 ${ms(connect.p50)}, p99 ${ms(connect.p99)}); ` +
        `fan-out of ${MESSAGES} messages after ${WARMUP} warm-up (${fan.deliveries.toLocaleString('en-US')} deliveries): p50 ${ms(fan.p50)}, p99 ${ms(fan.p99)} (${verdict(fan.p99)})`,
    );
  } finally {
    for (const o of overlays) o.ws.terminate();
    await stop(a);
    if (b !== a) await stop(b);
    rmSync(dirA, { recursive: true, force: true });
    if (dirB !== dirA) rmSync(dirB, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const load = loadavg().map((n) => n.toFixed(1));
  console.log(
    `live     (${cpus().length} cores, load average ${load.join(' ')}: figures move with the machine's load)`,
  );
  await scenario('one instance (in-process bus)', undefined);
  const redisUrl = process.env.REDIS_URL;
  if (redisUrl) await scenario('two instances via Redis (sender on A, overlays on B)', redisUrl);
  else console.log('live     (the two-instance figures need REDIS_URL, e.g. redis://127.0.0.1:6379)');
}
