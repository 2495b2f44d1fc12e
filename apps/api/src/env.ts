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
  /**
   * Mobile apps that may ask for a sign-in exchange code: their origins (app link or redirect URI,
   * e.g. `companion://auth`), compared exactly, comma-separated.
   */
  COMPANION_MOBILE_ORIGINS: csv,
  /** Public address of the web app, used in add-friend links and QR codes. */
  COMPANION_PUBLIC_URL: z.string().url().default('http://127.0.0.1:5173'),
  /** Public address of this API, used for picture URLs. */
  COMPANION_API_URL: z.string().url().optional(),
  /** A folder of Scryfall card files loaded at start when the catalogue is empty (local runs). */
  COMPANION_SHARED_DATA: z.string().optional(),
  /** Scryfall's API, for `cards:sync` (a mirror or a local copy can stand in). */
  SCRYFALL_API_URL: z.string().url().default('https://api.scryfall.com'),
  /**
   * The server's own catalogue sync from Scryfall: daily at COMPANION_SYNC_HOUR, and at start when
   * the catalogue is empty. Default `on` in production, `off` elsewhere.
   */
  COMPANION_SYNC: z.enum(['on', 'off']).optional(),
  /** Hour of the daily catalogue sync, UTC. */
  COMPANION_SYNC_HOUR: z.coerce.number().int().min(0).max(23).default(4),
  COMPANION_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Turn off rate limits (benchmarks only). */
  COMPANION_RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  /**
   * Requests per minute one user may make across every route (one address for anonymous calls),
   * on top of the stricter limits of some routes. Kept in Redis when REDIS_URL is set.
   */
  COMPANION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /**
   * Which proxies in front of the API to believe about the caller's address (X-Forwarded-For):
   * `false` (none, the default: the API is reached directly), `true` (any), a number of hops, or
   * proxy addresses and CIDR ranges, comma-separated.
   */
  COMPANION_TRUST_PROXY: z.string().default('false'),
  /** Longest time a request may take to arrive and be answered, in milliseconds. */
  COMPANION_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * How long a refusal waits once the same address has been refused five times in ten seconds (an
   * oversized or unsigned body refused unread, a call over its rate limit), in milliseconds; 0: never.
   */
  COMPANION_TARPIT_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  /** Longest time one database statement may run for a request, in milliseconds. */
  COMPANION_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /**
   * Key that signs the URLs of playgroup pictures (members only), at least 32 characters; when
   * unset, a random key kept in DATA_DIR/picture-url.key (shared by instances sharing DATA_DIR).
   */
  COMPANION_PICTURE_SECRET: z.string().min(32).optional(),
  /**
   * Longest time the server spends reading one large import or decklist (in a worker thread), in
   * milliseconds; past it the caller is told to send the text in smaller parts.
   */
  COMPANION_PARSE_BUDGET_MS: z.coerce.number().int().min(100).default(10_000),
  /** Worker threads that read large imports (default: the machine's parallelism less one, 1 to 4). */
  COMPANION_PARSE_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** Heavy writes (deck saves, list imports) at once on one instance (default: 1 on PGlite, 10 on PostgreSQL). */
  COMPANION_WRITE_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Live sockets one user may hold open on one instance. */
  COMPANION_LIVE_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(32),
  /** Bearer token a Prometheus scraper sends to GET /metrics; without it /metrics answers 404. */
  COMPANION_METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /**
   * The built web app (`apps/web/dist`) to serve on this server's origin, with the API under `/api/`
   * (`pnpm serve`). Unset: the API alone, at the root.
   */
  COMPANION_WEB_DIST: z.string().optional(),
  /** The built overlay (`apps/overlay/dist`), served under `/obs/` beside the web app. */
  COMPANION_OVERLAY_DIST: z.string().optional(),
  /** Which key of COMPANION_API_KEYS the served web app signs with (default: the first). */
  COMPANION_WEB_API_KEY: z.string().optional(),
  // The served web app's public settings, given to browsers at run time (one build, any deployment).
  /** The Firebase project's web API key (not a secret; required in production with COMPANION_WEB_DIST). */
  FIREBASE_WEB_API_KEY: z.string().optional(),
  FIREBASE_AUTH_DOMAIN: z.string().optional(),
  FIREBASE_STORAGE_BUCKET: z.string().optional(),
  FIREBASE_MESSAGING_SENDER_ID: z.string().optional(),
  FIREBASE_APP_ID: z.string().optional(),
  FIREBASE_MEASUREMENT_ID: z.string().optional(),
  /** OAuth client ids of the web app's Google and Apple sign-in buttons (off when unset). */
  GOOGLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_REDIRECT_URI: z.string().url().optional(),
  /** The mobile app's link offered on the mobile sign-in page. */
  MOBILE_APP_LINK: z.string().url().optional(),
});

/** The Companion app's own redirect (its URL scheme), allowed when COMPANION_MOBILE_ORIGINS is unset. */
export const DEFAULT_MOBILE_ORIGIN = 'companion://auth';

/** What Fastify's `trustProxy` takes. */
export type TrustProxy = boolean | number | string[];

function trustProxy(value: string): TrustProxy {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '' || v === '0') return false;
  if (v === 'true') return true;
  if (/^[0-9]{1,2}$/.test(v)) return Number(v);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * What production refuses to start with: each a shortcut meant for local runs. Named one by one, with
 * the variable to set.
 */
function productionProblems(e: z.output<typeof EnvSchema>, source: Record<string, string | undefined>) {
  const problems: string[] = [];
  if (e.FIREBASE_AUTH_EMULATOR_HOST) {
    problems.push(
      'FIREBASE_AUTH_EMULATOR_HOST: the Auth emulator signs tokens anyone can forge; unset it in production',
    );
  }
  if (!source.FIREBASE_PROJECT_ID || e.FIREBASE_PROJECT_ID.startsWith('demo-')) {
    problems.push(
      `FIREBASE_PROJECT_ID: set your Firebase project's id (${source.FIREBASE_PROJECT_ID ? `"${e.FIREBASE_PROJECT_ID}" is a demo project, whose tokens the emulator issues` : 'it is not set'})`,
    );
  }
  if (e.COMPANION_API_KEYS.length === 0) {
    problems.push('COMPANION_API_KEYS: required in production (key:secret pairs)');
  } else if (
    e.COMPANION_API_KEYS.some(
      (pair) => pair.startsWith(`${DEV_API_KEY}:`) || pair.endsWith(`:${DEV_API_SECRET}`),
    )
  ) {
    problems.push(
      `COMPANION_API_KEYS: the development key "${DEV_API_KEY}" and its secret are public; use keys of your own`,
    );
  }
  if (e.COMPANION_WEB_ORIGINS.length === 0 && !e.COMPANION_WEB_DIST) {
    problems.push("COMPANION_WEB_ORIGINS: list the web app's origins (https://…), comma-separated");
  }
  if (!source.COMPANION_PUBLIC_URL) {
    problems.push("COMPANION_PUBLIC_URL: the web app's public address (used in friend links and QR codes)");
  }
  if (e.COMPANION_WEB_DIST && !e.FIREBASE_WEB_API_KEY) {
    problems.push(
      "FIREBASE_WEB_API_KEY: the served web app needs your Firebase project's web API key (Project settings › General)",
    );
  }
  return problems;
}

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
  /** App origins the mobile sign-in exchange issues codes for. */
  mobileOrigins: string[];
  publicUrl: string;
  apiUrl: string;
  logLevel: string;
  sharedData: string | undefined;
  rateLimit: boolean;
  rateLimitPerMinute: number;
  scryfallApiUrl: string;
  /** The daily catalogue sync (services/catalogue-schedule.ts). */
  sync: { enabled: boolean; hour: number };
  trustProxy: TrustProxy;
  requestTimeoutMs: number;
  /** Delay of a refusal to an address refused again and again (http/tarpit.ts); 0: none. */
  tarpitMs: number;
  statementTimeoutMs: number;
  liveSocketsPerUser: number;
  /** Token of GET /metrics (none: the path is off). */
  metricsToken: string | undefined;
  /** Signs playgroup picture URLs (else a key kept in DATA_DIR). */
  pictureSecret: string | undefined;
  parseBudgetMs: number;
  parseThreads: number | undefined;
  writeConcurrency: number | undefined;
  /** The web app and overlay this server serves (`pnpm serve`); undefined: the API alone. */
  site: SiteEnv | undefined;
}

/** What the production server needs to serve the built web app and overlay on its own origin. */
export interface SiteEnv {
  webDist: string;
  overlayDist: string | undefined;
  /** The web app's public settings (apps/web/src/env.ts's names), handed to browsers at run time. */
  web: Record<string, string>;
}

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  if (e.NODE_ENV === 'production') {
    const problems = productionProblems(e, source);
    if (problems.length) {
      throw new ConfigError(
        `Refusing to start in production (NODE_ENV=production; see the README, "Run it for real"):\n${problems.map((p) => `  ${p}`).join('\n')}`,
      );
    }
  }
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
  if (apiKeys.size === 0) apiKeys.set(DEV_API_KEY, DEV_API_SECRET);
  const publicUrl = e.COMPANION_PUBLIC_URL.replace(/\/+$/, '');
  const site = e.COMPANION_WEB_DIST ? siteEnv(e, apiKeys, publicUrl) : undefined;
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
      : site
        ? [new URL(publicUrl).origin]
        : [
            'http://127.0.0.1:5173',
            'http://localhost:5173',
            'http://127.0.0.1:5174',
            'http://localhost:5174',
          ],
    mobileOrigins: e.COMPANION_MOBILE_ORIGINS.length ? e.COMPANION_MOBILE_ORIGINS : [DEFAULT_MOBILE_ORIGIN],
    publicUrl,
    apiUrl: (e.COMPANION_API_URL ?? (site ? `${publicUrl}/api` : `http://${e.HOST}:${e.PORT}`)).replace(
      /\/+$/,
      '',
    ),
    logLevel: e.COMPANION_LOG_LEVEL,
    sharedData: e.COMPANION_SHARED_DATA ? resolve(e.COMPANION_SHARED_DATA) : undefined,
    rateLimit: e.COMPANION_RATE_LIMIT === 'on',
    rateLimitPerMinute: e.COMPANION_RATE_LIMIT_PER_MINUTE,
    scryfallApiUrl: e.SCRYFALL_API_URL.replace(/\/+$/, ''),
    sync: {
      enabled: (e.COMPANION_SYNC ?? (e.NODE_ENV === 'production' ? 'on' : 'off')) === 'on',
      hour: e.COMPANION_SYNC_HOUR,
    },
    trustProxy: trustProxy(e.COMPANION_TRUST_PROXY),
    requestTimeoutMs: e.COMPANION_REQUEST_TIMEOUT_MS,
    tarpitMs: e.COMPANION_TARPIT_MS,
    statementTimeoutMs: e.COMPANION_STATEMENT_TIMEOUT_MS,
    liveSocketsPerUser: e.COMPANION_LIVE_SOCKETS_PER_USER,
    metricsToken: e.COMPANION_METRICS_TOKEN,
    pictureSecret: e.COMPANION_PICTURE_SECRET,
    parseBudgetMs: e.COMPANION_PARSE_BUDGET_MS,
    parseThreads: e.COMPANION_PARSE_THREADS,
    writeConcurrency: e.COMPANION_WRITE_CONCURRENCY,
    site,
  };
}

function siteEnv(e: z.output<typeof EnvSchema>, apiKeys: Map<string, string>, publicUrl: string): SiteEnv {
  const key = e.COMPANION_WEB_API_KEY ?? [...apiKeys.keys()][0] ?? DEV_API_KEY;
  const secret = apiKeys.get(key);
  if (secret === undefined) {
    throw new ConfigError(
      `Invalid configuration:\n  COMPANION_WEB_API_KEY: "${key}" is not one of the keys of COMPANION_API_KEYS`,
    );
  }
  const web: Record<string, string | undefined> = {
    VITE_API_URL: `${publicUrl}/api`,
    VITE_API_KEY: key,
    VITE_API_SECRET: secret,
    VITE_FIREBASE_API_KEY: e.FIREBASE_WEB_API_KEY ?? 'demo-api-key',
    VITE_FIREBASE_PROJECT_ID: e.FIREBASE_PROJECT_ID,
    VITE_FIREBASE_AUTH_DOMAIN: e.FIREBASE_AUTH_DOMAIN,
    VITE_FIREBASE_STORAGE_BUCKET: e.FIREBASE_STORAGE_BUCKET,
    VITE_FIREBASE_MESSAGING_SENDER_ID: e.FIREBASE_MESSAGING_SENDER_ID,
    VITE_FIREBASE_APP_ID: e.FIREBASE_APP_ID,
    VITE_FIREBASE_MEASUREMENT_ID: e.FIREBASE_MEASUREMENT_ID,
    VITE_FIREBASE_AUTH_EMULATOR_HOST: e.FIREBASE_AUTH_EMULATOR_HOST,
    VITE_GOOGLE_CLIENT_ID: e.GOOGLE_CLIENT_ID,
    VITE_APPLE_CLIENT_ID: e.APPLE_CLIENT_ID,
    VITE_APPLE_REDIRECT_URI: e.APPLE_REDIRECT_URI,
    VITE_MOBILE_APP_LINK: e.MOBILE_APP_LINK,
    VITE_OVERLAY_URL: `${publicUrl}/obs/`,
  };
  return {
    webDist: resolve(e.COMPANION_WEB_DIST as string),
    overlayDist: e.COMPANION_OVERLAY_DIST ? resolve(e.COMPANION_OVERLAY_DIST) : undefined,
    web: Object.fromEntries(Object.entries(web).filter((entry): entry is [string, string] => !!entry[1])),
  };
}

/** The process environment, parsed once. */
let cached: Env | undefined;
export function loadEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
