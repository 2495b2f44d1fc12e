import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_API_KEY, DEV_API_SECRET, parseEnv } from './env.js';

const production = {
  NODE_ENV: 'production',
  FIREBASE_PROJECT_ID: 'companion-prod',
  COMPANION_API_KEYS: 'web:8c5b1e0f2a7d4e96b3f1c0a9d8e7f6a5',
  COMPANION_WEB_ORIGINS: 'https://companion.example',
  COMPANION_PUBLIC_URL: 'https://companion.example',
};

const refusal = (source: Record<string, string | undefined>): string => {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected parseEnv to refuse');
};

describe('production refuses the shortcuts of local runs', () => {
  it('starts with a real project, keys of its own and its origins', () => {
    const env = parseEnv(production);
    expect(env.nodeEnv).toBe('production');
    expect(env.webOrigins).toEqual(['https://companion.example']);
    expect([...env.apiKeys.keys()]).toEqual(['web']);
  });

  it.each([
    ['the Auth emulator', { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, /FIREBASE_AUTH_EMULATOR_HOST/],
    ['a demo project', { FIREBASE_PROJECT_ID: 'demo-companion' }, /FIREBASE_PROJECT_ID: .*demo project/],
    ['no project', { FIREBASE_PROJECT_ID: undefined }, /FIREBASE_PROJECT_ID: .*not set/],
    ['no API keys', { COMPANION_API_KEYS: undefined }, /COMPANION_API_KEYS: required/],
    [
      'the development key',
      { COMPANION_API_KEYS: `${DEV_API_KEY}:other` },
      /COMPANION_API_KEYS: the development key/,
    ],
    [
      'the development secret',
      { COMPANION_API_KEYS: `mine:${DEV_API_SECRET}` },
      /COMPANION_API_KEYS: the development key/,
    ],
    ['no web origins', { COMPANION_WEB_ORIGINS: undefined }, /COMPANION_WEB_ORIGINS/],
    ['no public address', { COMPANION_PUBLIC_URL: undefined }, /COMPANION_PUBLIC_URL/],
  ])('%s', (_, change, message) => {
    const text = refusal({ ...production, ...change });
    expect(text).toMatch(/^Refusing to start in production/);
    expect(text).toMatch(message);
  });

  it('names every problem at once', () => {
    const text = refusal({ NODE_ENV: 'production' });
    for (const name of [
      'FIREBASE_PROJECT_ID',
      'COMPANION_API_KEYS',
      'COMPANION_WEB_ORIGINS',
      'COMPANION_PUBLIC_URL',
    ])
      expect(text).toContain(name);
  });

  it('development keeps its defaults', () => {
    const env = parseEnv({});
    expect(env.apiKeys.get(DEV_API_KEY)).toBe(DEV_API_SECRET);
    expect(env.webOrigins.length).toBeGreaterThan(0);
  });
});

describe('proxies', () => {
  it('trusts none unless told', () => {
    expect(parseEnv({}).trustProxy).toBe(false);
    expect(parseEnv({ COMPANION_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseEnv({ COMPANION_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseEnv({ COMPANION_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });
});

describe('mobile sign-in origins', () => {
  it('allow the app’s own redirect by default, or exactly the listed ones', () => {
    expect(parseEnv({}).mobileOrigins).toEqual(['companion://auth']);
    expect(
      parseEnv({ COMPANION_MOBILE_ORIGINS: 'companion://auth, https://app.example/cb' }).mobileOrigins,
    ).toEqual(['companion://auth', 'https://app.example/cb']);
  });
});

describe('serving the web app (pnpm serve)', () => {
  const served = {
    ...production,
    COMPANION_WEB_ORIGINS: undefined,
    COMPANION_WEB_DIST: 'apps/web/dist',
    COMPANION_OVERLAY_DIST: 'apps/overlay/dist',
    FIREBASE_WEB_API_KEY: 'AIzaSyExampleWebKey',
    FIREBASE_APP_ID: '1:123:web:abc',
  };

  it('puts the API under /api/ of the public address and hands the web app its settings', () => {
    const env = parseEnv(served);
    expect(env.apiUrl).toBe('https://companion.example/api');
    // One origin: the public address is the only web origin unless others are listed.
    expect(env.webOrigins).toEqual(['https://companion.example']);
    expect(env.site?.web).toEqual({
      VITE_API_URL: 'https://companion.example/api',
      VITE_API_KEY: 'web',
      VITE_API_SECRET: '8c5b1e0f2a7d4e96b3f1c0a9d8e7f6a5',
      VITE_FIREBASE_API_KEY: 'AIzaSyExampleWebKey',
      VITE_FIREBASE_PROJECT_ID: 'companion-prod',
      VITE_FIREBASE_APP_ID: '1:123:web:abc',
      VITE_OVERLAY_URL: 'https://companion.example/obs/',
    });
    expect(env.site?.webDist).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('signs the web app with the key it is told to, and only a configured one', () => {
    const keys = 'bot:0123456789abcdef0123456789abcdef,web:8c5b1e0f2a7d4e96b3f1c0a9d8e7f6a5';
    expect(
      parseEnv({ ...served, COMPANION_API_KEYS: keys, COMPANION_WEB_API_KEY: 'web' }).site?.web.VITE_API_KEY,
    ).toBe('web');
    expect(() => parseEnv({ ...served, COMPANION_WEB_API_KEY: 'nope' })).toThrow(
      /COMPANION_WEB_API_KEY: "nope" is not one of the keys/,
    );
  });

  it('refuses production without the Firebase web API key the pages need', () => {
    expect(refusal({ ...served, FIREBASE_WEB_API_KEY: undefined })).toMatch(/FIREBASE_WEB_API_KEY/);
  });

  it('keeps the API alone at the root when no web app is served', () => {
    const env = parseEnv({ PORT: '9000' });
    expect(env.site).toBeUndefined();
    expect(env.apiUrl).toBe('http://127.0.0.1:9000');
  });
});
