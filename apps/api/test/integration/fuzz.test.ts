/**
 * Fuzz: a few thousand malformed, correctly signed requests to every contract endpoint (wrong types,
 * missing fields, huge strings, unicode, negative numbers, broken JSON) as a signed-in user.
 * Nothing may answer 5xx, and every 4xx must be the one error shape without internals.
 */
import { createHash } from 'node:crypto';
import { type AnyEndpoint, canonicalString, listEndpoints } from '@companion/sdk/contract';
import { faker } from '@faker-js/faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fake, seed, setFaker } from 'zod-schema-faker/v4';
import {
  startTestServer,
  TEST_API_KEY,
  TEST_SECRET,
  type TestServer,
  type TestUser,
} from '../support/index.js';

setFaker(faker);
seed(7);

/** Deterministic PRNG (mulberry32) so a failure can be replayed. */
function prng(s: number) {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = prng(20261123);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;

const nasty: unknown[] = [
  null,
  true,
  -1,
  -999999999,
  0,
  1.5,
  Number.MAX_SAFE_INTEGER,
  '',
  ' ',
  'x'.repeat(100_000),
  '🃏🔥💀'.repeat(500),
  'Ünïcødé — « français » 日本語 العربية',
  '\u0000\u0001\u202e',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '%00%ff',
  '2026-13-45T99:99:99Z',
  [],
  [1, 'two', null],
  {},
  { $gt: '' },
  { nested: { deeper: { deepest: ['x'] } } },
];

function sampleValid(schema: z.ZodType): unknown {
  for (let i = 0; i < 50; i++) {
    try {
      const v = fake(schema as never);
      if (schema.safeParse(v).success) return v;
    } catch {
      break;
    }
  }
  return {};
}

/** Breaks one thing in a valid value. */
function mutate(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const obj = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(obj);
    const roll = rand();
    if (keys.length && roll < 0.35) obj[pick(keys)] = pick(nasty);
    else if (keys.length && roll < 0.55) delete obj[pick(keys)];
    else if (keys.length && roll < 0.75) obj[pick(keys)] = mutate(obj[pick(keys)]);
    else if (roll < 0.85) obj[`unknown_${Math.floor(rand() * 1000)}`] = pick(nasty);
    else return pick(nasty);
    return obj;
  }
  if (Array.isArray(value)) {
    return rand() < 0.5 ? value.map((v) => (rand() < 0.5 ? mutate(v) : v)) : Array(3000).fill(value[0] ?? 1);
  }
  return pick(nasty);
}

const stringify = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

interface Sent {
  label: string;
  status: number;
  body: string;
}

describe('fuzz every endpoint', () => {
  let t: TestServer;
  let user: TestUser;
  let throwaway: TestUser;
  const sha = (s: string) => createHash('sha256').update(s).digest('hex');

  beforeAll(async () => {
    t = await startTestServer('pglite', { COMPANION_LOG_LEVEL: process.env.FUZZ_LOG ?? 'silent' });
    user = await t.user();
    throwaway = await t.user();
  });
  afterAll(() => t?.close());

  async function send(
    ep: AnyEndpoint,
    label: string,
    path: string,
    query: string,
    body: string | undefined,
    contentType = 'application/json',
  ): Promise<Sent> {
    const pathWithQuery = query ? `${path}?${query}` : path;
    const timestamp = String(Date.now());
    const signature = sha(
      canonicalString({
        secret: TEST_SECRET,
        timestamp,
        method: ep.method,
        pathWithQuery,
        bodyHash: sha(body ?? ''),
      }),
    );
    const res = await fetch(t.url + pathWithQuery, {
      method: ep.method,
      headers: {
        'content-type': contentType,
        'x-api-key': TEST_API_KEY,
        'x-timestamp': timestamp,
        'x-device': 'fuzz',
        'x-signature': signature,
        // Logging out (of this or every device) must not end the session the other cases use.
        authorization: `Bearer ${ep.path.startsWith('/auth/logout') ? throwaway.token : user.token}`,
        'x-user-id': ep.path.startsWith('/auth/logout') ? throwaway.id : user.id,
      },
      body: ep.method === 'GET' ? undefined : body,
    });
    return { label, status: res.status, body: await res.text() };
  }

  function pathFor(ep: AnyEndpoint, broken: boolean): string {
    return ep.path.replace(/:([A-Za-z_]+)/g, () =>
      encodeURIComponent(broken ? stringify(pick(nasty)).slice(0, 2000) || 'x' : faker.string.uuid()),
    );
  }

  function queryFor(ep: AnyEndpoint): string {
    if (!ep.query) return `junk=${encodeURIComponent(stringify(pick(nasty)).slice(0, 3000))}`;
    const valid = sampleValid(ep.query) as Record<string, unknown>;
    const broken = mutate(valid);
    const entries: Array<[string, unknown]> =
      broken && typeof broken === 'object' && !Array.isArray(broken)
        ? Object.entries(broken)
        : [['q', broken]];
    return entries
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(stringify(v).slice(0, 5000))}`)
      .join('&');
  }

  it('answers every malformed request without a 5xx and with the error shape', async () => {
    const results: Sent[] = [];
    const endpoints = listEndpoints();
    for (const { domain, name, endpoint: ep } of endpoints) {
      const label = `${ep.method} ${ep.path} (${domain}.${name})`;
      const validBody = ep.body && ep.bodyType === 'json' ? sampleValid(ep.body) : undefined;
      const cases: Array<() => Promise<Sent>> = [];
      for (let i = 0; i < 24; i++) {
        cases.push(() =>
          send(
            ep,
            `${label} #${i}`,
            pathFor(ep, rand() < 0.3),
            rand() < 0.6 ? queryFor(ep) : '',
            validBody === undefined && rand() < 0.5 ? undefined : JSON.stringify(mutate(validBody ?? {})),
          ),
        );
      }
      cases.push(() => send(ep, `${label} broken json`, pathFor(ep, false), '', '{"name": "unterminated'));
      cases.push(() => send(ep, `${label} deep json`, pathFor(ep, false), '', deepJson(5000)));
      cases.push(() =>
        send(ep, `${label} huge`, pathFor(ep, false), '', JSON.stringify({ content: 'y'.repeat(2_000_000) })),
      );
      cases.push(() => send(ep, `${label} wrong type`, pathFor(ep, false), '', 'plain text', 'text/plain'));
      cases.push(() =>
        send(
          ep,
          `${label} multipart junk`,
          pathFor(ep, false),
          '',
          '--x\r\nnot really multipart',
          'multipart/form-data; boundary=x',
        ),
      );
      // Two at a time keeps the run short without flooding the 2-core machine.
      for (let i = 0; i < cases.length; i += 2) {
        results.push(...(await Promise.all(cases.slice(i, i + 2).map((c) => c()))));
      }
    }
    expect(results.length).toBeGreaterThan(2500);
    const serverErrors = results.filter((r) => r.status >= 500);
    expect(serverErrors.map((r) => `${r.label} → ${r.status} ${r.body.slice(0, 200)}`)).toEqual([]);
    const badShape = results.filter((r) => {
      if (r.status < 400) return false;
      try {
        const json = JSON.parse(r.body) as { code?: unknown; message?: unknown };
        return typeof json.code !== 'number' || typeof json.message !== 'string' || /\n\s+at /.test(r.body);
      } catch {
        return true;
      }
    });
    expect(badShape.map((r) => `${r.label} → ${r.status} ${r.body.slice(0, 200)}`)).toEqual([]);
    const statuses = new Map<number, number>();
    for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    console.log(`fuzz: ${results.length} requests; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  }, 600_000);
});
