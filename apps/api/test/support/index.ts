/**
 * Test support: a real API server on 127.0.0.1 (PGlite or PostgreSQL), real Firebase ID tokens from
 * the Auth emulator, and SDK clients signed in as real users.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CompanionClient, type Credentials, createClient } from '@companion/sdk';
import { inject } from 'vitest';
import { parseEnv } from '../../src/env.js';
import { type BuildOptions, buildServer, type Server } from '../../src/server.js';
import { openTestDatabase, type StorageKind } from './database.js';
import { PROJECT_ID } from './emulator.js';
import { EmulatorIdentity } from './identity.js';

export { dropPgSchema, type StorageKind, storages } from './database.js';
export { EmulatorIdentity } from './identity.js';

export const TEST_API_KEY = 'test-key';
export const TEST_SECRET = 'test-secret';

export interface TestUser {
  id: string;
  uid: string;
  email: string;
  token: string;
  code: string;
  client: CompanionClient;
  credentials: Credentials;
}

export interface TestServer {
  url: string;
  server: Server;
  identity: EmulatorIdentity;
  /** An SDK client with the given credentials (none: anonymous). */
  client(
    credentials?: Credentials,
    options?: { secret?: string; now?: () => number; validateRequests?: boolean; fetch?: typeof fetch },
  ): CompanionClient;
  /** A real user: emulator account, verified email (unless told), signed in through /auth/signin. */
  user(options?: { verified?: boolean; firstname?: string; locale?: 'en' | 'fr' }): Promise<TestUser>;
  close(): Promise<void>;
}

export async function startTestServer(
  kind: StorageKind = 'pglite',
  extraEnv: Record<string, string> = {},
  options: Pick<BuildOptions, 'live' | 'rateLimitPrefix'> = {},
): Promise<TestServer> {
  const emulatorHost = inject('emulatorHost');
  const database = await openTestDatabase(kind, inject('pgliteTemplate'));
  const dataDir = mkdtempSync(join(tmpdir(), 'companion-api-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    COMPANION_API_KEYS: `${TEST_API_KEY}:${TEST_SECRET}`,
    COMPANION_LOG_LEVEL: 'silent',
    COMPANION_PUBLIC_URL: 'http://127.0.0.1:5173',
    // Suites make hundreds of calls a minute as one user; the rate-limit tests set their own budget.
    COMPANION_RATE_LIMIT_PER_MINUTE: '100000',
    // Suites send refused calls by the dozen from one address; the tarpit's test turns it on.
    COMPANION_TARPIT_MS: '0',
    ...extraEnv,
  });
  const server = await buildServer(env, { database, ...options });
  const url = await server.listen(0);
  // Picture URLs point at this instance.
  (server.services.env as { apiUrl: string }).apiUrl = url;
  const identity = new EmulatorIdentity(emulatorHost);

  const client: TestServer['client'] = (credentials, options = {}) =>
    createClient({
      baseUrl: url,
      apiKey: TEST_API_KEY,
      secret: options.secret ?? TEST_SECRET,
      credentials: () => credentials,
      retry: 0,
      validateRequests: options.validateRequests ?? true,
      ...(options.now ? { now: options.now } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });

  return {
    url,
    server,
    identity,
    client,
    async user(options = {}) {
      const account = await identity.signUp();
      let idToken = account.idToken;
      if (options.verified !== false) {
        await identity.verifyEmail(account.uid);
        idToken = (await identity.signIn(account.email, account.password)).idToken;
      }
      const session = await client().auth.signin({
        identityToken: idToken,
        body: { locale: options.locale ?? 'en', firstname: options.firstname ?? 'Player' },
      });
      const credentials = { token: session.token, userId: session.user.id };
      return {
        id: session.user.id,
        uid: account.uid,
        email: account.email,
        token: session.token,
        code: session.user.code,
        credentials,
        client: client(credentials),
      };
    },
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
