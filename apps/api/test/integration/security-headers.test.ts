import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/index.js';

describe('security headers on every response', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('pglite');
  });
  afterAll(() => t.close());

  const expectBase = (res: Response) => {
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toMatch(/script-src/);
    return csp;
  };

  it.each([
    ['a public call', '/ping'],
    ['an unknown route', '/nothing-here'],
    ['an unauthenticated call', '/user'],
    ['the OpenAPI document', '/openapi.json'],
  ])('%s', async (_, path) => {
    const res = await fetch(`${t.url}${path}`);
    expect(expectBase(res)).toMatch(/^default-src 'none'/);
  });

  it('the API reference page allows its own style only, by hash', async () => {
    const res = await fetch(`${t.url}/docs`);
    expect(res.status).toBe(200);
    const csp = expectBase(res);
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toMatch(/default-src 'none'/);
  });
});
