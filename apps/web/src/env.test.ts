import { describe, expect, it } from 'vitest';
import { readEnv, runtimeConfig } from './env';

describe('readEnv', () => {
  it('fills defaults and trims optional values, blank meaning unset', () => {
    const env = readEnv({ VITE_GOOGLE_CLIENT_ID: '  id  ', VITE_APPLE_CLIENT_ID: '   ', VITE_API_KEY: '' });
    expect(env.VITE_API_URL).toBe('http://127.0.0.1:8787');
    expect(env.VITE_API_KEY).toBe('companion-dev');
    expect(env.VITE_GOOGLE_CLIENT_ID).toBe('id');
    expect(env.VITE_APPLE_CLIENT_ID).toBeUndefined();
  });
  it('rejects an API URL that is not a URL', () => {
    expect(() => readEnv({ VITE_API_URL: 'not a url' })).toThrow(/VITE_API_URL/);
  });
});

describe('runtimeConfig', () => {
  const page = (text: string | null) => ({
    getElementById: (id: string) =>
      id === 'companion-config' && text !== null ? ({ textContent: text } as HTMLElement) : null,
  });

  it('reads the settings the production server wrote into the page, which win over the build', () => {
    const config = runtimeConfig(page('{"VITE_API_URL":"https://c.example/api","VITE_API_KEY":"web"}'));
    const env = readEnv({ VITE_API_URL: 'http://127.0.0.1:8890', VITE_E2E: '1', ...config });
    expect(env.VITE_API_URL).toBe('https://c.example/api');
    expect(env.VITE_API_KEY).toBe('web');
    expect(env.VITE_E2E).toBe('1');
  });

  it('is empty without a page, without the block, or with a block that is not an object', () => {
    expect(runtimeConfig(undefined)).toEqual({});
    expect(runtimeConfig(page(null))).toEqual({});
    expect(runtimeConfig(page('not json'))).toEqual({});
    expect(runtimeConfig(page('[1,2]'))).toEqual({});
    expect(runtimeConfig(page('null'))).toEqual({});
  });
});
