/**
 * Configuration, read once from the environment and validated. Nothing else reads `process.env`.
 */
import { resolve } from 'node:path';
import { z } from 'zod';

const csv = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().default('127.0.0.1'),
  /** Where PGlite keeps its files and uploads are stored. */
  DATA_DIR: z.string().default('.data'),
  /** PostgreSQL connection string; PGlite in DATA_DIR when absent. */
  DATABASE_URL: z.string().url().optional(),
  /** PostgreSQL schema to keep the tables in (several installations can share one database). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'lowercase letters, digits and underscores')
    .optional(),
  /** Redis for the live channel's fan-out across instances; in-process when absent. */
  REDIS_URL: z.string().url().optional(),
  FIREBASE_PROJECT_ID: z.string().default('demo-companion'),
  /** host:port of the Firebase Auth emulator (local runs and tests). */
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  /** `key:secret` pairs, comma-separated. */
  COMPANION_API_KEYS: csv,
  /** Accepted clock difference for signed requests, in milliseconds. */
  COMPANION_SIGNATURE_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(5 * 60 * 1000),
  COMPANION_SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Web origins allowed by CORS, comma-separated. */
  COMPANION_WEB_ORIGINS: csv,
  /** Public address of the web app, used in add-friend links and QR codes. */
  COMPANION_PUBLIC_URL: z.string().url().default('http://127.0.0.1:5173'),
  /** Public address of this API, used for picture URLs. */
  COMPANION_API_URL: z.string().url().optional(),
  /** A folder of Scryfall card files loaded at start when the catalogue is empty (local runs). */
  COMPANION_SHARED_DATA: z.string().optional(),
  /** Scryfall's API, for `cards:sync` (a mirror or a local copy can stand in). */
  SCRYFALL_API_URL: z.string().url().default('https://api.scryfall.com'),
  COMPANION_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Turn off rate limits (benchmarks only). */
  COMPANION_RATE_LIMIT: z.enum(['on', 'off']).default('on'),
});

/** The development key pair, used only when no keys are configured outside production. */
export const DEV_API_KEY = 'companion-dev';
export const DEV_API_SECRET = 'companion-dev-secret';

export interface Env {
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  redisUrl: string | undefined;
  firebaseProjectId: string;
  firebaseAuthEmulatorHost: string | undefined;
  apiKeys: Map<string, string>;
  signatureWindowMs: number;
  sessionTtlMs: number;
  webOrigins: string[];
  publicUrl: string;
  apiUrl: string;
  logLevel: string;
  sharedData: string | undefined;
  rateLimit: boolean;
  scryfallApiUrl: string;
}

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  const apiKeys = new Map<string, string>();
  for (const pair of e.COMPANION_API_KEYS) {
    const at = pair.indexOf(':');
    if (at <= 0 || at === pair.length - 1) {
      throw new ConfigError(
        'Invalid configuration:\n  COMPANION_API_KEYS: use key:secret pairs separated by commas',
      );
    }
    apiKeys.set(pair.slice(0, at), pair.slice(at + 1));
  }
  if (apiKeys.size === 0) {
    if (e.NODE_ENV === 'production') {
      throw new ConfigError(
        'Invalid configuration:\n  COMPANION_API_KEYS: required in production (key:secret pairs)',
      );
    }
    apiKeys.set(DEV_API_KEY, DEV_API_SECRET);
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    redisUrl: e.REDIS_URL,
    firebaseProjectId: e.FIREBASE_PROJECT_ID,
    firebaseAuthEmulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
    apiKeys,
    signatureWindowMs: e.COMPANION_SIGNATURE_WINDOW_MS,
    sessionTtlMs: e.COMPANION_SESSION_TTL_DAYS * 24 * 3600 * 1000,
    webOrigins: e.COMPANION_WEB_ORIGINS.length
      ? e.COMPANION_WEB_ORIGINS
      : ['http://127.0.0.1:5173', 'http://localhost:5173', 'http://127.0.0.1:5174', 'http://localhost:5174'],
    publicUrl: e.COMPANION_PUBLIC_URL.replace(/\/+$/, ''),
    apiUrl: (e.COMPANION_API_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.COMPANION_LOG_LEVEL,
    sharedData: e.COMPANION_SHARED_DATA ? resolve(e.COMPANION_SHARED_DATA) : undefined,
    rateLimit: e.COMPANION_RATE_LIMIT === 'on',
    scryfallApiUrl: e.SCRYFALL_API_URL.replace(/\/+$/, ''),
  };
}

/** The process environment, parsed once. */
let cached: Env | undefined;
export function loadEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
