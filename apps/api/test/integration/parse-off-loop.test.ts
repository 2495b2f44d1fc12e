/**
 * Issue 16: big imports and decklists are parsed in worker threads, within a time budget. While a
 * big import is being parsed the server answers other calls at once; a parse over its budget
 * answers the catalogue's TOO_COMPLEX (422) and the server carries on.
 */
import { ErrorCode } from '@companion/sdk/contract';
import type { ImportParseResult, ParseImportOptions } from '@companion/sdk/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INLINE_PARSE_CHARS } from '../../src/services/parsing.js';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';

const HEADER = 'Name,Set code,Collector number,Quantity\n';
/**
 * A decklist of three cards followed by `comments` empty comment lines: slow to read (each costs
 * the parser about a microsecond or two) but with few rows, so that what follows the parse
 * (resolving, storing) is short and the parse is what the test observes.
 */
const paddedDecklist = (comments: number) =>
  `2 Not A Real Card\n1 Another Made Up Card\n${'//\n'.repeat(comments)}`;

/** Observes when the server's import parses start and end (the real parser still does the work). */
function watchParses(t: TestServer) {
  const parsing = t.server.services.parsing;
  const original = parsing.importFile;
  const spans: Array<{ start: number; end?: number }> = [];
  parsing.importFile = async (content: string, options?: ParseImportOptions): Promise<ImportParseResult> => {
    const span: { start: number; end?: number } = { start: performance.now() };
    spans.push(span);
    try {
      return await original(content, options);
    } finally {
      span.end = performance.now();
    }
  };
  return {
    spans,
    restore: () => {
      parsing.importFile = original;
    },
  };
}

async function ping(t: TestServer) {
  const sent = performance.now();
  const res = await fetch(`${t.url}/ping`);
  await res.text();
  return { sent, ms: performance.now() - sent, status: res.status };
}

describe.each(storages())('parsing off the event loop on %s', (kind) => {
  let t: TestServer;
  let u: TestUser;
  let listId: string;
  beforeAll(async () => {
    t = await startTestServer(kind);
    u = await t.user();
    const { list } = await u.client.lists.create({ body: { name: 'Big imports', type: 'collection' } });
    listId = list.id;
  });
  afterAll(() => t?.close());

  it('imports a big file end to end while /ping answers at once', async () => {
    const content = paddedDecklist(1_000_000);
    expect(content.length).toBeGreaterThan(INLINE_PARSE_CHARS);
    const watch = watchParses(t);
    try {
      const started = performance.now();
      let done = false;
      const importing = u.client.lists.import({ params: { id: listId }, body: { content } }).finally(() => {
        done = true;
      });
      const pings: Array<{ sent: number; ms: number; status: number }> = [];
      while (!done && performance.now() - started < 60_000) {
        pings.push(await ping(t));
        await new Promise((r) => setTimeout(r, 20));
      }
      const report = await importing;
      expect(report.added).toBe(3);
      expect(report.unresolved.map((r) => r.name).sort()).toEqual([
        'Another Made Up Card',
        'Not A Real Card',
      ]);

      const [span] = watch.spans;
      expect(span?.end).toBeDefined();
      const { start, end = start } = span ?? { start: 0 };
      // Pings sent while the file was being parsed were answered at once.
      const during = pings.filter((p) => p.sent >= start && p.sent + p.ms <= end);
      expect(end - start).toBeGreaterThan(100); // the parse took long enough to observe
      expect(during.length).toBeGreaterThanOrEqual(2);
      expect(during.every((p) => p.status === 200)).toBe(true);
      expect(Math.max(...during.map((p) => p.ms))).toBeLessThan(200);
    } finally {
      watch.restore();
    }
  }, 90_000);

  it('parses a decklist above the inline size in a worker, with the same result', async () => {
    const decklist = `${'1 Not A Real Card\n'.repeat(30)}${'// a comment\n'.repeat(6_000)}`;
    expect(decklist.length).toBeGreaterThan(INLINE_PARSE_CHARS);
    const { deck, unresolved } = await u.client.decks.create({
      body: { name: 'Long', formatId: 'commander', decklist },
    });
    expect(unresolved).toHaveLength(30);
    expect(unresolved[0]).toMatchObject({ line: 1, text: '1 Not A Real Card' });
    expect(deck.name).toBe('Long');
  });
});

describe.each(storages())('a parse over its time budget on %s', (kind) => {
  let t: TestServer;
  let u: TestUser;
  let listId: string;
  beforeAll(async () => {
    t = await startTestServer(kind, { COMPANION_PARSE_BUDGET_MS: '1000' });
    u = await t.user();
    const { list } = await u.client.lists.create({ body: { name: 'Too slow', type: 'collection' } });
    listId = list.id;
  });
  afterAll(() => t?.close());

  it('answers TOO_COMPLEX, stops the worker, and the server stays healthy', async () => {
    const watch = watchParses(t);
    let error: unknown;
    try {
      // Four million comment lines: several seconds of parsing, over the 1 s budget.
      error = await u.client.lists
        .import({ params: { id: listId }, body: { content: paddedDecklist(4_000_000) } })
        .then(
          () => null,
          (e: unknown) => e,
        );
    } finally {
      watch.restore();
    }
    expect(error).toMatchObject({ kind: 'tooComplex', status: 422, code: ErrorCode.TOO_COMPLEX });
    expect((error as Error).message).toMatch(/too long to read/i);
    // Given up once the budget ran out, not once the parse would have ended (seconds later).
    const [span] = watch.spans;
    expect(span?.end).toBeDefined();
    expect((span?.end ?? Number.POSITIVE_INFINITY) - (span?.start ?? 0)).toBeLessThan(2_500);

    // Nothing was imported; the server answers, and a small import still works.
    const { total } = await u.client.lists.get({ params: { id: listId } });
    expect(total).toBe(0);
    expect((await ping(t)).status).toBe(200);
    const report = await u.client.lists.import({
      params: { id: listId },
      body: { content: `${HEADER}Not A Real Card,zzz,1,1\n` },
    });
    expect(report.added).toBe(1);
    // A big one that parses quickly goes to the pool too, which replaced the stopped worker.
    const quick = `Name,Set code,Collector number,Quantity,Notes\n${`Not A Real Card,zzz,1,1,${'n'.repeat(900)}\n`.repeat(80)}`;
    expect(quick.length).toBeGreaterThan(INLINE_PARSE_CHARS);
    expect(await u.client.lists.import({ params: { id: listId }, body: { content: quick } })).toMatchObject({
      added: 80,
    });
  }, 60_000);
});
