import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

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
