/**
 * What the in-process benches share: a signed-in user seeded straight into the database, and the
 * production-mode server on a random loopback port with a signed client for that user.
 */
import { randomBytes } from 'node:crypto';
import { type ClientOptions, type CompanionClient, createClient } from '@companion/sdk';
import pg from 'pg';
import { createSessionStore } from '../src/auth/sessions.js';
import type { Database, Db } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { parseEnv } from '../src/env.js';
import { buildServer } from '../src/server.js';
import { PRODUCTION_ENV } from './production.js';

export const BENCH_KEY = 'bench';

/** Drops a bench's own PostgreSQL schema (on DATABASE_URL), with everything in it. */
export async function dropBenchSchema(schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await admin.end();
  }
}
export const BENCH_SECRET = 'bench-secret';

/** A user with a verified email and a session token (`code` defaults to a random personal code). */
export async function benchUser(db: Db, firstname = 'Bench', code?: string) {
  const [user] = await db
    .insert(users)
    .values({
      firebaseUid: `bench-${randomBytes(4).toString('hex')}`,
      provider: 'google',
      emailVerified: true,
      code: code ?? `B${randomBytes(3).toString('hex').toUpperCase()}`,
      firstname,
    })
    .returning();
  if (!user) throw new Error('seed failed');
  const sessions = createSessionStore(db, 86_400_000);
  const { token } = await sessions.create(user.id, 'bench');
  return { user, token, sessions };
}

/**
 * The server in this process, in production mode without rate limits, on `database` (closing the
 * server closes it), with a bench user and a client signed in as them (`client()` makes another;
 * `fetch` replaces the one it sends requests with).
 */
export async function benchServer(database: Database, dataDir: string) {
  const { user, token } = await benchUser(database.db);
  const env = parseEnv({
    ...PRODUCTION_ENV,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    COMPANION_API_KEYS: `${BENCH_KEY}:${BENCH_SECRET}`,
    COMPANION_LOG_LEVEL: 'silent',
    COMPANION_RATE_LIMIT: 'off',
  });
  const server = await buildServer(env, { database });
  const url = await server.listen(0);
  const client = (options: Pick<ClientOptions, 'fetch'> = {}): CompanionClient =>
    createClient({
      ...options,
      baseUrl: url,
      apiKey: BENCH_KEY,
      secret: BENCH_SECRET,
      retry: 0,
      timeout: 300_000,
      credentials: () => ({ token, userId: user.id }),
    });
  return { server, url, user, client };
}
