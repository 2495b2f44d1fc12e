/**
 * Public configuration, read once and checked by hand (no schema library in the entry chunk: this
 * module loads on every page). Nothing else reads the environment. Every value here ships to
 * browsers: never put a secret that matters in it.
 *
 * Two sources, the second winning: the build's `import.meta.env` (VITE_* variables at build time,
 * the development servers), then the settings the production server writes into the page at run
 * time (`pnpm serve`: a JSON data block, `<script type="application/json" id="companion-config">`,
 * written by apps/api/src/http/site.ts), so that one build serves every deployment.
 */
export interface PublicEnv {
  VITE_API_URL: string;
  VITE_API_KEY: string;
  VITE_API_SECRET: string;
  VITE_FIREBASE_API_KEY: string;
  VITE_FIREBASE_PROJECT_ID: string;
  VITE_FIREBASE_AUTH_DOMAIN?: string | undefined;
  VITE_FIREBASE_STORAGE_BUCKET?: string | undefined;
  VITE_FIREBASE_MESSAGING_SENDER_ID?: string | undefined;
  VITE_FIREBASE_APP_ID?: string | undefined;
  VITE_FIREBASE_MEASUREMENT_ID?: string | undefined;
  VITE_FIREBASE_AUTH_EMULATOR_HOST?: string | undefined;
  VITE_GOOGLE_CLIENT_ID?: string | undefined;
  VITE_APPLE_CLIENT_ID?: string | undefined;
  VITE_APPLE_REDIRECT_URI?: string | undefined;
  VITE_MOBILE_APP_LINK?: string | undefined;
  /** The overlay app's address (`apps/overlay`, served under `/obs/`); default its development server. */
  VITE_OVERLAY_URL?: string | undefined;
  /** Adds test-only routes (the Markdown XSS page) to an end-to-end build. */
  VITE_E2E?: string | undefined;
}

const DEFAULTS = {
  VITE_API_URL: 'http://127.0.0.1:8787',
  VITE_API_KEY: 'companion-dev',
  VITE_API_SECRET: 'companion-dev-secret',
  VITE_FIREBASE_API_KEY: 'demo-api-key',
  VITE_FIREBASE_PROJECT_ID: 'demo-companion',
} as const;

const OPTIONAL = [
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_STORAGE_BUCKET',
  'VITE_FIREBASE_MESSAGING_SENDER_ID',
  'VITE_FIREBASE_APP_ID',
  'VITE_FIREBASE_MEASUREMENT_ID',
  'VITE_FIREBASE_AUTH_EMULATOR_HOST',
  'VITE_GOOGLE_CLIENT_ID',
  'VITE_APPLE_CLIENT_ID',
  'VITE_APPLE_REDIRECT_URI',
  'VITE_MOBILE_APP_LINK',
  'VITE_OVERLAY_URL',
  'VITE_E2E',
] as const;

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Validates `raw` (defaults for missing required values, trimmed optional ones; blank means unset). */
export function readEnv(raw: Record<string, unknown>): PublicEnv {
  const problems: string[] = [];
  const text = (key: string): string | undefined => {
    const value = raw[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') {
      problems.push(`${key}: expected a string`);
      return undefined;
    }
    return value;
  };
  const out: Record<string, string | undefined> = {};
  for (const [key, fallback] of Object.entries(DEFAULTS)) out[key] = text(key) ?? fallback;
  for (const key of OPTIONAL) {
    const value = text(key)?.trim();
    if (value) out[key] = value;
  }
  if (!isUrl(out.VITE_API_URL ?? '')) problems.push('VITE_API_URL: expected an http(s) URL');
  if (problems.length > 0) throw new Error(`Invalid public configuration:\n✖ ${problems.join('\n✖ ')}`);
  return out as unknown as PublicEnv;
}

/** The settings the serving page carries (none on the development servers and in prerendering). */
export function runtimeConfig(doc: Pick<Document, 'getElementById'> | undefined): Record<string, unknown> {
  const text = doc?.getElementById('companion-config')?.textContent;
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export const env: PublicEnv = readEnv({
  ...(import.meta.env as Record<string, unknown>),
  ...runtimeConfig(typeof document === 'undefined' ? undefined : document),
});

/** Firebase public configuration (the web API key is not a secret). */
export const firebaseConfig = {
  apiKey: env.VITE_FIREBASE_API_KEY,
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN ?? `${env.VITE_FIREBASE_PROJECT_ID}.firebaseapp.com`,
  projectId: env.VITE_FIREBASE_PROJECT_ID,
  ...(env.VITE_FIREBASE_STORAGE_BUCKET ? { storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET } : {}),
  ...(env.VITE_FIREBASE_MESSAGING_SENDER_ID
    ? { messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID }
    : {}),
  ...(env.VITE_FIREBASE_APP_ID ? { appId: env.VITE_FIREBASE_APP_ID } : {}),
  ...(env.VITE_FIREBASE_MEASUREMENT_ID ? { measurementId: env.VITE_FIREBASE_MEASUREMENT_ID } : {}),
};
