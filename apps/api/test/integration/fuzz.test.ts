/**
 * Fuzz: a few thousand malformed, correctly signed requests to every contract endpoint (wrong types,
 * missing fields, huge strings, unicode, negative numbers, broken JSON) as a signed-in user.
 * Nothing may answer 5xx, and every 4xx must be the one error shape without internals.
 */
import { createHash } from 'node:crypto';
import {
  type AnyEndpoint,
  canonicalString,
  fillPath,
  listEndpoints,
  UNSIGNED_PAYLOAD,
} from '@companion/sdk/contract';
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
  const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

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
    body: string | Buffer | undefined,
    contentType = 'application/json',
    as: TestUser | null = ep.path.startsWith('/auth/logout') ? throwaway : user,
  ): Promise<Sent> {
    const pathWithQuery = query ? `${path}?${query}` : path;
    const timestamp = String(Date.now());
    const signature = sha(
      canonicalString({
        secret: TEST_SECRET,
        timestamp,
        method: ep.method,
        pathWithQuery,
        // Multipart uploads are signed without their bytes (UNSIGNED-PAYLOAD), as the SDK does.
        bodyHash: contentType.startsWith('multipart/form-data') ? UNSIGNED_PAYLOAD : sha(body ?? ''),
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
        ...(as ? { authorization: `Bearer ${as.token}`, 'x-user-id': as.id } : {}),
      },
      body:
        ep.method === 'GET'
          ? undefined
          : typeof body === 'string' || body === undefined
            ? body
            : new Uint8Array(body),
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
    expectNoServerErrors(results);
  }, 600_000);

  function expectNoServerErrors(results: Sent[]) {
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
  }

  /** A multipart body with the given parts (`file` parts carry a filename and a type). */
  function multipart(
    boundary: string,
    parts: Array<{ name: string; filename?: string; type?: string; data: Buffer | string }>,
    close = true,
  ): Buffer {
    const chunks: Buffer[] = [];
    for (const part of parts) {
      const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
        ),
        Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
        Buffer.from('\r\n'),
      );
    }
    if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return Buffer.concat(chunks);
  }

  it('answers correctly signed multipart uploads, broken or not, without a 5xx', async () => {
    const { playgroup } = await user.client.playgroups.create({ body: { name: 'Fuzz group' } });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const b = 'fuzzboundary';
    const bodies: Array<[string, Buffer, string?]> = [
      ['valid png', multipart(b, [{ name: 'file', filename: 'a.png', type: 'image/png', data: png }])],
      [
        'png bytes called jpeg',
        multipart(b, [{ name: 'file', filename: 'a.jpg', type: 'image/jpeg', data: png }]),
      ],
      [
        'random bytes',
        multipart(b, [
          { name: 'file', filename: 'x.png', type: 'image/png', data: Buffer.from(faker.string.alpha(5000)) },
        ]),
      ],
      [
        'truncated png',
        multipart(b, [{ name: 'file', filename: 'x.png', type: 'image/png', data: png.subarray(0, 20) }]),
      ],
      ['empty file', multipart(b, [{ name: 'file', filename: 'x.png', type: 'image/png', data: '' }])],
      [
        'svg',
        multipart(b, [
          { name: 'file', filename: 'x.svg', type: 'image/svg+xml', data: '<svg onload="alert(1)"/>' },
        ]),
      ],
      ['text', multipart(b, [{ name: 'file', filename: 'x.txt', type: 'text/plain', data: 'hello' }])],
      ['wrong field', multipart(b, [{ name: 'picture', filename: 'a.png', type: 'image/png', data: png }])],
      ['field, no file', multipart(b, [{ name: 'file', data: 'just text' }])],
      [
        'two files',
        multipart(b, [
          { name: 'file', filename: 'a.png', type: 'image/png', data: png },
          { name: 'file', filename: 'b.png', type: 'image/png', data: png },
        ]),
      ],
      [
        'many fields',
        multipart(
          b,
          Array.from({ length: 50 }, (_, i) => ({ name: `f${i}`, data: 'x' })),
        ),
      ],
      [
        'nasty filename',
        multipart(b, [
          { name: 'file', filename: '../../etc/passwd\u0000.png', type: 'image/png', data: png },
        ]),
      ],
      [
        'long filename',
        multipart(b, [{ name: 'file', filename: `${'n'.repeat(5000)}.png`, type: 'image/png', data: png }]),
      ],
      ['unclosed', multipart(b, [{ name: 'file', filename: 'a.png', type: 'image/png', data: png }], false)],
      ['no parts', Buffer.from(`--${b}--\r\n`)],
      ['empty body', Buffer.alloc(0)],
      ['garbage', Buffer.from(faker.string.alphanumeric(2000))],
      [
        '6 MB file',
        multipart(b, [
          {
            name: 'file',
            filename: 'big.png',
            type: 'image/png',
            data: Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]),
          },
        ]),
      ],
      [
        'no boundary',
        multipart(b, [{ name: 'file', filename: 'a.png', type: 'image/png', data: png }]),
        'multipart/form-data',
      ],
      [
        'other boundary',
        multipart(b, [{ name: 'file', filename: 'a.png', type: 'image/png', data: png }]),
        'multipart/form-data; boundary=nope',
      ],
    ];
    const uploads = listEndpoints().filter(({ endpoint }) => endpoint.bodyType === 'multipart');
    expect(uploads.length).toBeGreaterThan(0);
    const results: Sent[] = [];
    for (const { endpoint: ep } of uploads) {
      const path = ep.path.includes(':id') ? fillPath(ep.path, { id: playgroup.id }) : ep.path;
      for (const [label, body, type] of bodies) {
        results.push(
          await send(ep, `${ep.path} ${label}`, path, '', body, type ?? `multipart/form-data; boundary=${b}`),
        );
      }
      // Signed out, and as someone who may not change the picture.
      results.push(
        await send(
          ep,
          `${ep.path} signed out`,
          path,
          '',
          bodies[0]![1],
          `multipart/form-data; boundary=${b}`,
          null,
        ),
      );
      results.push(
        await send(
          ep,
          `${ep.path} as another user`,
          path,
          '',
          bodies[0]![1],
          `multipart/form-data; boundary=${b}`,
          throwaway,
        ),
      );
    }
    const ok = results.filter((r) => r.label.endsWith('valid png'));
    expect(ok.map((r) => r.status)).toEqual(ok.map(() => 200));
    expect(results.find((r) => r.label.endsWith('6 MB file'))?.status).toBe(413);
    expectNoServerErrors(results);
  }, 300_000);

  /** Query strings a form never sends: repeated keys, brackets, prototype keys, broken escapes. */
  function hostileQuery(ep: AnyEndpoint): string {
    const keys = ep.query
      ? Object.keys((ep.query as unknown as { shape?: Record<string, unknown> }).shape ?? {})
      : [];
    const key = keys.length ? pick(keys) : 'q';
    return pick([
      `${key}=1&${key}=2&${key}=three`,
      `${key}[]=1&${key}[]=2`,
      `${key}[nested][deeper]=x`,
      '__proto__[polluted]=1&constructor[prototype][polluted]=1',
      `${key}=%E0%A4%A&${key}2=%`,
      `${key}=%00%0d%0a`,
      `${key}=${'9'.repeat(400)}`,
      `${key}=-0&limit=1e309&page=NaN`,
      `${key}=${encodeURIComponent('🃏'.repeat(300))}`,
      `${key}`,
      `=&&&=${key}`,
      keys.map((k) => `${k}=${encodeURIComponent(stringify(pick(nasty)).slice(0, 300))}`).join('&'),
    ]);
  }

  it("answers hostile query strings and other users' ids without a 5xx", async () => {
    // Objects another user owns, for every id-shaped parameter.
    const stranger = await t.user();
    const theirs: Record<string, string[]> = {
      id: [],
      userId: [stranger.id, user.id],
      code: [stranger.code],
    };
    const { deck } = await stranger.client.decks.create({
      body: { name: 'Not yours', formatId: 'commander' },
    });
    const { list } = await stranger.client.lists.create({ body: { name: 'Not yours', type: 'collection' } });
    const { playgroup } = await stranger.client.playgroups.create({ body: { name: 'Not yours' } });
    theirs.id?.push(deck.id, list.id, playgroup.id, stranger.id);
    const results: Sent[] = [];
    for (const { endpoint: ep } of listEndpoints()) {
      if (ep.bodyType === 'multipart' || ep.path === '/auth/logout') continue;
      const names = [...ep.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string);
      const body = ep.body && ep.bodyType === 'json' ? JSON.stringify(sampleValid(ep.body)) : undefined;
      const ids = names.length ? (theirs.id ?? []) : [''];
      for (const id of ids) {
        const params = Object.fromEntries(
          names.map((n) => [n, n === 'id' ? id : pick(theirs[n] ?? theirs.id ?? [id])]),
        );
        const path = names.length ? fillPath(ep.path, params) : ep.path;
        results.push(await send(ep, `${ep.method} ${path} (others' ids)`, path, '', body));
        if (ep.method === 'GET') {
          const query = hostileQuery(ep);
          results.push(await send(ep, `${ep.method} ${path}?${query}`, path, query, undefined));
        }
      }
    }
    expect(results.length).toBeGreaterThan(150);
    expectNoServerErrors(results);
    // Another user's deck, list and playgroup are never changed by this user.
    expect((await stranger.client.decks.get({ params: { id: deck.id } })).deck.name).toBe('Not yours');
    const lists = await stranger.client.lists.list();
    expect(lists.lists.some((l) => l.id === list.id)).toBe(true);
  }, 600_000);
});
