/**
 * Route completeness: every contract entry (`listEndpoints()` of `@companion/sdk/contract`) has a
 * route in the server, registered through the registrar (so it is signed, authenticated and
 * validated) and present in Fastify's router under the contract's method and path.
 */
import { readFileSync } from 'node:fs';
import { type AnyEndpoint, listEndpoints, toOpenApiPath } from '@companion/sdk/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainRoutes } from '../../src/http/implement.js';
import { createRegistrar } from '../../src/http/registrar.js';
import { startTestServer, type TestServer } from '../support/index.js';

/** `domain.name (METHOD path)` of every contract entry the server lacks. */
function missingRoutes(
  registered: ReadonlySet<AnyEndpoint>,
  hasRoute: (method: string, url: string) => boolean,
): string[] {
  return listEndpoints().flatMap(({ domain, name, endpoint }) =>
    registered.has(endpoint) && hasRoute(endpoint.method, endpoint.path)
      ? []
      : [`${domain}.${name} (${endpoint.method} ${endpoint.path})`],
  );
}

describe('route completeness', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('pglite');
  });
  afterAll(() => t?.close());

  const hasRoute = (method: string, url: string) => t.server.app.hasRoute({ method: method as 'GET', url });

  it('serves every contract entry', () => {
    expect(listEndpoints().length).toBeGreaterThan(50);
    expect(missingRoutes(t.server.registrar.registered, hasRoute)).toEqual([]);
    // Nothing registered outside the contract either.
    const contract = new Set(listEndpoints().map((e) => e.endpoint));
    expect([...t.server.registrar.registered].filter((e) => !contract.has(e))).toEqual([]);
  });

  it('names the entries that have no route', () => {
    const [first, second] = listEndpoints();
    if (!first || !second) throw new Error('empty contract');
    const withoutTwo = new Set([...t.server.registrar.registered].filter((e) => e !== first.endpoint));
    expect(missingRoutes(withoutTwo, hasRoute)).toEqual([
      `${first.domain}.${first.name} (${first.endpoint.method} ${first.endpoint.path})`,
    ]);
    const unrouted = (method: string, url: string) =>
      hasRoute(method, url) && !(method === second.endpoint.method && url === second.endpoint.path);
    expect(missingRoutes(t.server.registrar.registered, unrouted)).toEqual([
      `${second.domain}.${second.name} (${second.endpoint.method} ${second.endpoint.path})`,
    ]);
  });

  it('refuses a domain implementation with a handler missing or one the contract lacks', async () => {
    const app = Fastify();
    const registrar = createRegistrar(app, t.server.services);
    const redeem = async () => ({}) as never;
    // The compiler refuses these already (src/http/implement.test.ts); the registrar checks again.
    expect(() => registrar.register({ domain: 'promo', handlers: {} } as unknown as DomainRoutes)).toThrow(
      'No handler for promo.redeem (POST /promo/event)',
    );
    expect(() =>
      registrar.register({ domain: 'promo', handlers: { redeem, other: redeem } } as unknown as DomainRoutes),
    ).toThrow("Not in the contract's promo domain: other");
    registrar.register({ domain: 'promo', handlers: { redeem } });
    expect(() => registrar.register({ domain: 'promo', handlers: { redeem } })).toThrow(
      'Route registered twice: POST /promo/event',
    );
    await app.close();
  });

  it('documents every contract entry in /openapi.json and on the /docs page', async () => {
    const res = await fetch(`${t.url}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\.1/);
    const undocumented = listEndpoints().flatMap(({ domain, name, endpoint }) =>
      doc.paths[toOpenApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()] ? [] : [`${domain}.${name}`],
    );
    expect(undocumented).toEqual([]);
    const page = await fetch(`${t.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    for (const { domain, name } of listEndpoints()) expect(html).toContain(`id="${domain}.${name}"`);
  });

  it('reports the version of the API package in /health and /openapi.json', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    const health = (await (await fetch(`${t.url}/health`)).json()) as { version: string };
    expect(health.version).toBe(version);
    const doc = (await (await fetch(`${t.url}/openapi.json`)).json()) as { info: { version: string } };
    expect(doc.info.version).toBe(version);
  });
});
