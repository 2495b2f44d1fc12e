import { createHash } from 'node:crypto';
import { faker } from '@faker-js/faker';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fake, seed, setFaker } from 'zod-schema-faker/v4';
import { type DefaultsTree, fillDefaults, omitDefaults, responseDefaults } from '../src/contract/defaults.js';
import {
  type AnyEndpoint,
  buildQueryString,
  contract,
  fillPath,
  ListEntry,
  listEndpoints,
} from '../src/contract/index.js';
import { endpointTable } from '../src/contract/table.js';
import { createClient, endpoints } from '../src/index.js';
import { HttpRecorder } from './http-recorder.js';

setFaker(faker);
seed(42);

const SECRET = 'test-secret-7f3a';
const API_KEY = 'test-key';
const NOW = 1_790_000_000_000;
const credentials = {
  token: 'session-token-abcdefghijklmnop',
  userId: 'user-1',
  googleToken: 'g-tok',
  appleToken: 'a-tok',
};

/** Independent implementation of the signature, with node:crypto, to check the SDK's. */
function expectedSignature(
  timestamp: string,
  method: string,
  pathWithQuery: string,
  body: Buffer | 'multipart',
) {
  const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
  const bodyHash = body === 'multipart' ? 'UNSIGNED-PAYLOAD' : sha(body);
  return sha(`${SECRET}\n${timestamp}\n${method}\n${pathWithQuery}\n${bodyHash}`);
}

/** Keeps faked arrays short so requests stay small. */
function shorten(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, 3).map(shorten);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]));
  }
  return value;
}

/** Fakes a value the schema accepts (retrying past refinements). */
function sample(schema: z.ZodType): unknown {
  for (let i = 0; i < 200; i++) {
    const value = shorten(fake(schema as never));
    if (schema.safeParse(value).success) return value;
  }
  throw new Error('could not fake a valid value');
}

function argsFor(ep: AnyEndpoint): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  if (ep.params) args.params = sample(ep.params);
  if (ep.query) args.query = sample(ep.query);
  if (ep.body) {
    args.body =
      ep.bodyType === 'multipart'
        ? { file: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }) }
        : sample(ep.body);
  }
  if (ep.auth === 'identity') args.identityToken = 'firebase-id-token';
  return args;
}

const server = new HttpRecorder();
/** A client that validates nothing (and so loads no schema), as the web app's production build. */
const unvalidatedClient = () =>
  createClient({
    baseUrl: server.url,
    apiKey: API_KEY,
    secret: SECRET,
    credentials: () => credentials,
    validateRequests: false,
    validateResponses: false,
  });
beforeAll(async () => {
  await server.start();
});
afterAll(() => server.stop());
beforeEach(() => server.reset());

describe('every contract entry', () => {
  const all = listEndpoints();

  it('has a unique method and path', () => {
    const keys = all.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(all.map((e) => [`${e.domain}.${e.name}`, e] as const))(
    '%s is sent as the contract says',
    async (_, entry) => {
      const ep = entry.endpoint;
      const responseValue = ep.responseType === 'text' ? 'name,quantity\nSol Ring,1\n' : sample(ep.response);
      server.reply(() =>
        ep.responseType === 'text'
          ? { status: ep.status, text: responseValue as string }
          : { status: ep.status, body: responseValue },
      );
      const client = createClient({
        baseUrl: server.url,
        apiKey: API_KEY,
        secret: SECRET,
        credentials: () => credentials,
        now: () => NOW,
      });
      const args = argsFor(ep);
      const domain = client[entry.domain] as unknown as Record<string, (a: unknown) => Promise<unknown>>;
      const fn = domain[entry.name];
      expect(fn).toBeTypeOf('function');
      const result = await fn?.(args);

      expect(server.requests).toHaveLength(1);
      const req = server.requests[0]!;
      const qs = buildQueryString(args.query as Record<string, unknown> | undefined);
      const path = fillPath(ep.path, args.params as Record<string, unknown> | undefined);
      const pathWithQuery = qs ? `${path}?${qs}` : path;

      // method, path and query
      expect(req.method).toBe(ep.method);
      expect(req.url).toBe(pathWithQuery);
      // body
      if (ep.bodyType === 'multipart') {
        expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
        expect(req.body.includes(Buffer.from([137, 80, 78, 71]))).toBe(true);
      } else {
        expect(req.headers['content-type']).toBe('application/json');
        expect(req.body.toString('utf8')).toBe(args.body === undefined ? '' : JSON.stringify(args.body));
      }
      // signing headers
      expect(req.headers['x-api-key']).toBe(API_KEY);
      expect(req.headers['x-device']).toBe('web');
      expect(req.headers['x-timestamp']).toBe(String(NOW));
      expect(req.headers['x-request-id']).toMatch(/\S{8,}/);
      expect(req.headers['x-signature']).toBe(
        expectedSignature(
          String(NOW),
          ep.method,
          pathWithQuery,
          ep.bodyType === 'multipart' ? 'multipart' : req.body,
        ),
      );
      // auth headers
      if (ep.auth === 'public') {
        for (const h of ['authorization', 'x-user-id', 'x-google-token', 'x-apple-token']) {
          expect(req.headers[h], h).toBeUndefined();
        }
      } else {
        expect(req.headers.authorization).toBe(
          ep.auth === 'identity' ? 'Bearer firebase-id-token' : `Bearer ${credentials.token}`,
        );
        expect(req.headers['x-user-id']).toBe(credentials.userId);
        expect(req.headers['x-google-token']).toBe(credentials.googleToken);
        expect(req.headers['x-apple-token']).toBe(credentials.appleToken);
      }
      // response parsed with the contract
      expect(result).toEqual(ep.response.parse(responseValue));
    },
  );
});

describe('client behaviour', () => {
  it('omits auth headers it does not have', async () => {
    server.replyOnce({ status: 200, body: { pong: true, time: new Date(NOW).toISOString() } });
    const client = createClient({ baseUrl: server.url, apiKey: API_KEY, secret: SECRET });
    server.replyOnce({ status: 200, body: { playgroups: [] } });
    await client.user.playgroups();
    const req = server.requests[0]!;
    expect(req.headers.authorization).toBeUndefined();
    expect(req.headers['x-google-token']).toBeUndefined();
  });

  it('uses the device given', async () => {
    server.replyOnce({ status: 200, body: { pong: true, time: new Date(NOW).toISOString() } });
    const client = createClient({
      baseUrl: `${server.url}/`,
      apiKey: API_KEY,
      secret: SECRET,
      device: 'bot',
    });
    await client.system.ping();
    expect(server.requests[0]?.headers['x-device']).toBe('bot');
    expect(server.requests[0]?.url).toBe('/ping');
  });

  it('re-signs a retried GET with a fresh timestamp', async () => {
    let clock = NOW;
    server.replyOnce(
      { status: 503, body: { code: 101, message: 'warming up' }, headers: { 'retry-after': '0' } },
      { status: 200, body: { playgroups: [] } },
    );
    const client = createClient({
      baseUrl: server.url,
      apiKey: API_KEY,
      secret: SECRET,
      credentials: () => credentials,
      now: () => (clock += 1000),
    });
    await expect(client.user.playgroups()).resolves.toEqual({ playgroups: [] });
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect(first?.headers['x-timestamp']).not.toBe(second?.headers['x-timestamp']);
    for (const req of [first!, second!]) {
      expect(req.headers['x-signature']).toBe(
        expectedSignature(String(req.headers['x-timestamp']), 'GET', '/user/playgroups', Buffer.alloc(0)),
      );
    }
  });

  it('never retries a POST', async () => {
    server.replyOnce({ status: 503, body: { code: 101, message: 'down' } }, { status: 201, body: {} });
    const client = createClient({
      baseUrl: server.url,
      apiKey: API_KEY,
      secret: SECRET,
      credentials: () => credentials,
    });
    await expect(client.playgroups.create({ body: { name: 'Friday night' } })).rejects.toThrow(
      'A server error occurred. Please try again later.',
    );
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a request the contract refuses, naming the field, without sending it', async () => {
    const client = createClient({
      baseUrl: server.url,
      apiKey: API_KEY,
      secret: SECRET,
      credentials: () => credentials,
    });
    await expect(
      client.decks.setBracket({ params: { id: 'd1' }, body: { bracket: 9 } }),
    ).rejects.toMatchObject({
      kind: 'validation',
      side: 'request',
      validationIssues: [{ path: 'body.bracket' }],
    });
    expect(server.requests).toHaveLength(0);
  });

  it('calls any entry through call()', async () => {
    server.replyOnce({ status: 200, body: { formats: [] } });
    const client = createClient({ baseUrl: server.url, apiKey: API_KEY, secret: SECRET });
    await expect(client.call(contract.system.formats)).resolves.toEqual({ formats: [] });
  });

  it('answers a reference like its contract entry: arguments and response checked', async () => {
    const client = createClient({
      baseUrl: server.url,
      apiKey: API_KEY,
      secret: SECRET,
      credentials: () => credentials,
    });
    await expect(
      client.call(endpoints.decks.setBracket, { params: { id: 'd1' }, body: { bracket: 9 } as never }),
    ).rejects.toMatchObject({
      kind: 'validation',
      side: 'request',
      validationIssues: [{ path: 'body.bracket' }],
    });
    expect(server.requests).toHaveLength(0);
    server.replyOnce({ status: 200, body: { formats: 'not a list' } });
    await expect(client.call(endpoints.system.formats)).rejects.toMatchObject({
      kind: 'validation',
      side: 'response',
    });
  });

  it('sends and returns as is without validation (no schema needed)', async () => {
    const client = unvalidatedClient();
    server.replyOnce({ status: 200, body: { formats: 'not a list' } });
    await expect(client.system.formats()).resolves.toEqual({ formats: 'not a list' });
    expect(server.requests).toHaveLength(1);
  });
});

describe('endpoints (the contract without schemas)', () => {
  it('matches the contract: regenerate src/client/endpoints.ts with scripts/build-endpoints.ts', () => {
    expect(JSON.parse(JSON.stringify(endpoints))).toEqual(endpointTable());
  });

  it('holds no schema', () => {
    for (const refs of Object.values(endpoints)) {
      for (const ref of Object.values(refs))
        expect(
          Object.keys(ref)
            .filter((k) => k !== 'responseDefaults')
            .sort(),
        ).toEqual(['auth', 'bodyType', 'domain', 'method', 'name', 'path', 'responseType', 'status']);
    }
  });
});

/** `value` as the API may send it: every field the tree gives a default for, left out. */
function withoutDefaults(value: unknown, tree: DefaultsTree | undefined): unknown {
  if (!tree || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withoutDefaults(v, tree.e));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (tree.d && key in tree.d) continue;
    out[key] = withoutDefaults(v, tree.f?.[key]);
  }
  return out;
}

describe('defaults left out of a response', () => {
  const entries = Object.values(contract).flatMap((domain) =>
    Object.values(domain as Record<string, AnyEndpoint>).filter((ep) => ep.responseType === 'json'),
  );

  it('a list page: the table knows the entry and card fields the API leaves out', () => {
    const tree = endpoints.lists.get.responseDefaults;
    expect(tree?.f?.entries?.e?.d).toMatchObject({ finish: 'nonfoil', condition: null, tags: [] });
    expect(tree?.f?.entries?.e?.f?.card?.d).toEqual({
      printed_name: null,
      image_uris: null,
      card_faces: null,
    });
  });

  it.each(entries.map((ep) => [`${ep.method} ${ep.path}`, ep] as const))(
    '%s: filling the table’s defaults gives what parsing with the schema gives',
    (_name, ep) => {
      const tree = responseDefaults(ep.response);
      for (let i = 0; i < 3; i++) {
        const wire = withoutDefaults(sample(ep.response), tree);
        const filled = fillDefaults(structuredClone(wire), tree);
        expect(filled).toEqual(ep.response.parse(structuredClone(wire)));
      }
    },
  );

  it.each(entries.map((ep) => [`${ep.method} ${ep.path}`, ep] as const))(
    '%s: what omitDefaults leaves out, the schema and the table put back',
    (_name, ep) => {
      const tree = responseDefaults(ep.response);
      for (let i = 0; i < 3; i++) {
        const value = ep.response.parse(sample(ep.response));
        const sent = omitDefaults(ep.response, structuredClone(value));
        expect(ep.response.parse(structuredClone(sent))).toEqual(value);
        expect(fillDefaults(structuredClone(sent), tree)).toEqual(value);
      }
    },
  );

  it('omitDefaults leaves out a field only when it holds its default', () => {
    const entry = {
      ...(sample(ListEntry) as object),
      finish: 'nonfoil',
      condition: null,
      tags: [],
      price: 1.5,
      printingGuessed: true,
    };
    const sent = omitDefaults(ListEntry, ListEntry.parse(entry)) as Record<string, unknown>;
    expect(sent).not.toHaveProperty('finish');
    expect(sent).not.toHaveProperty('condition');
    expect(sent).not.toHaveProperty('tags');
    expect(sent.price).toBe(1.5);
    expect(sent.printingGuessed).toBe(true);
  });

  it('a client that does not validate puts the defaults back', async () => {
    const client = unvalidatedClient();
    const listId = '0df7dc04-3ce8-4487-96c4-1a8b524be344';
    const entry = {
      id: '46fe258a-7dcf-4285-b9bb-097b258f89ac',
      listId,
      card: null,
      quantity: 2,
      language: 'en',
      addedAt: '2026-11-27T10:30:25.265Z',
      unresolved: { name: 'Nothing', setCode: null, collectorNumber: null, reason: 'Unknown card' },
    };
    const list = sample(contract.lists.get.response) as Record<string, unknown>;
    server.replyOnce({ status: 200, body: { ...list, entries: [entry] } });
    const page = await client.lists.get({ params: { id: listId } });
    expect(page.entries[0]).toEqual({
      ...entry,
      finish: 'nonfoil',
      condition: null,
      purchasePrice: null,
      purchaseCurrency: null,
      tags: [],
      price: null,
      imported: null,
      printingGuessed: false,
    });
    // A fresh list each time: filling one entry's tags does not share them with another's.
    server.replyOnce({ status: 200, body: { ...list, entries: [entry, { ...entry, id: listId }] } });
    const two = await client.lists.get({ params: { id: listId } });
    expect(two.entries[0]?.tags).not.toBe(two.entries[1]?.tags);
  });
});
