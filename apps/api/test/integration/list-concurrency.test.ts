/**
 * 50 concurrent edits of one list, three ways, each repeated on a fresh list (on PGlite and on
 * PostgreSQL). Every write locks the list row in its transaction (`lists/store.ts`), so writes to
 * one list run one after another and the outcome does not depend on their order:
 *
 * 1. **Same expected revision.** 50 edits (adds of new cards, partial removals, quantity updates),
 *    all sent with `expectedRevision` = the list's revision r: exactly one answers 200 and becomes
 *    revision r + 1; the 49 others answer 409 carrying `details.revision` = r + 1 and change nothing.
 * 2. **Partial edits without an expected revision.** 50 edits of different cards and entries: all
 *    answer 200, they become revisions r + 1 … r + 50 (each number once), and every change is in.
 * 3. **Optimistic retries.** 50 clients each send their edit with the revision they last saw and, on
 *    409, send it again with the revision the 409 carried: all 50 end up applied exactly once
 *    (revisions r + 1 … r + 50), and every 409 carried a revision newer than the one sent.
 *
 * (rounds 1 and 2 run three times per storage, round 3 once: it sends about 1,300 requests.)
 *
 * After each round: the entries equal the start plus exactly the accepted edits, no entry is
 * duplicated (one row per card, finish, condition and language), the revision history is
 * 1 … final with no gap or repeat, and the quantities the history records add up to the entries'.
 */
import { randomUUID } from 'node:crypto';
import { isCompanionError } from '@companion/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, storages, type TestServer, type TestUser } from '../support/index.js';
import { importJson, testBeast } from './shared-data.js';

const ROUNDS = 3;
/** The retry round sends about EDITS²/2 requests (each loser retries): once per storage. */
const RETRY_ROUNDS = 1;
const EDITS = 50;
const START_ENTRIES = EDITS; // removals and updates each touch their own entry
const START_QUANTITY = 10;

type Client = TestUser['client'];

/** One edit of a round: what it sends, and what it does to the quantities when accepted. */
interface Edit {
  send(client: Client, expectedRevision: number | undefined): Promise<{ revision: { number: number } }>;
  apply(quantities: Map<string, number>): void;
}

describe.each(storages())('50 concurrent edits of one list on %s', (kind) => {
  let t: TestServer;
  let u: TestUser;
  /** Card ids: the first START_ENTRIES start in the list, the rest are added by edits. */
  const cardIds: string[] = [];

  beforeAll(async () => {
    t = await startTestServer(kind);
    const tag = randomUUID().slice(0, 8);
    const cards = Array.from({ length: START_ENTRIES + EDITS }, (_, i) =>
      testBeast(randomUUID(), {
        name: `Crowd Beast ${tag} ${i}`,
        set: 'zcc',
        set_name: 'Concurrency Crowd',
        collector_number: String(i + 1),
      }),
    );
    await importJson(t.server.services.db, cards);
    cardIds.push(...cards.map((c) => c.id));
    u = await t.user();
  }, 60_000);
  afterAll(() => t?.close());

  /** A fresh list holding START_QUANTITY of each starting card; its entry ids by card id. */
  async function freshList() {
    const { list } = await u.client.lists.create({ body: { name: `Crowd ${randomUUID()}`, type: 'custom' } });
    await u.client.lists.addCards({
      params: { id: list.id },
      body: {
        cards: cardIds.slice(0, START_ENTRIES).map((cardId) => ({ cardId, quantity: START_QUANTITY })),
      },
    });
    const page = await u.client.lists.get({ params: { id: list.id }, query: { limit: 200 } });
    const entryOf = new Map(page.entries.map((e) => [e.card?.id ?? '', e.id]));
    const quantities = new Map(page.entries.map((e) => [e.card?.id ?? '', e.quantity]));
    return { listId: list.id, revision: page.list.revision, entryOf, quantities };
  }

  /** 50 edits of different cards: adds of new cards, partial removals and quantity updates, mixed. */
  function editsFor(listId: string, entryOf: Map<string, string>): Edit[] {
    const entry = (cardId: string) => entryOf.get(cardId) ?? '';
    return Array.from({ length: EDITS }, (_, i): Edit => {
      if (i % 3 === 0) {
        const cardId = cardIds[START_ENTRIES + i] as string;
        const quantity = 1 + (i % 4);
        return {
          send: (c, expectedRevision) =>
            c.lists.addCards({
              params: { id: listId },
              body: { expectedRevision, cards: [{ cardId, quantity }] },
            }),
          apply: (q) => q.set(cardId, (q.get(cardId) ?? 0) + quantity),
        };
      }
      const cardId = cardIds[i % START_ENTRIES] as string;
      if (i % 3 === 1) {
        const quantity = 1 + (i % 3);
        return {
          send: (c, expectedRevision) =>
            c.lists.removeCards({
              params: { id: listId },
              body: { expectedRevision, cards: [{ entryId: entry(cardId), quantity }] },
            }),
          apply: (q) => q.set(cardId, (q.get(cardId) ?? 0) - quantity),
        };
      }
      const quantity = 20 + i;
      return {
        send: (c, expectedRevision) =>
          c.lists.updateCards({
            params: { id: listId },
            body: { expectedRevision, cards: [{ entryId: entry(cardId), quantity }] },
          }),
        apply: (q) => q.set(cardId, quantity),
      };
    });
  }

  /** The list's state checked against the expected quantities; its final revision. */
  async function expectConsistent(listId: string, expected: Map<string, number>, finalRevision: number) {
    const page = await u.client.lists.get({ params: { id: listId }, query: { limit: 200 } });
    expect(page.list.revision).toBe(finalRevision);
    const keys = page.entries.map((e) => `${e.card?.id}|${e.finish}|${e.condition}|${e.language}`);
    expect(new Set(keys).size).toBe(keys.length); // no duplicated rows
    const actual = new Map(page.entries.map((e) => [e.card?.id ?? '', e.quantity]));
    const wanted = new Map([...expected].filter(([, q]) => q > 0));
    expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(wanted));

    const { revisions, total } = await u.client.lists.revisions({
      params: { id: listId },
      query: { limit: 200 },
    });
    expect(total).toBe(finalRevision);
    expect(revisions.map((r) => r.number)).toEqual(
      Array.from({ length: finalRevision }, (_, i) => finalRevision - i),
    );
    const recorded = revisions.flatMap((r) => r.changes).reduce((s, c) => s + c.quantity, 0);
    expect(recorded).toBe([...actual.values()].reduce((a, b) => a + b, 0));
  }

  const conflictRevision = (error: unknown): number | undefined => {
    if (!isCompanionError(error) || error.status !== 409) throw error;
    const revision = error.details?.revision;
    return typeof revision === 'number' ? revision : undefined;
  };

  it('same expected revision: exactly one edit wins, the others answer 409 with the new revision', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { listId, revision, entryOf, quantities } = await freshList();
      const edits = editsFor(listId, entryOf);
      const outcomes = await Promise.allSettled(edits.map((e) => e.send(u.client, revision)));
      const won = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [{ i, value: o.value }] : []));
      expect(won).toHaveLength(1);
      expect(won[0]?.value.revision.number).toBe(revision + 1);
      const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
      expect(refused.map(conflictRevision)).toEqual(Array(EDITS - 1).fill(revision + 1));
      edits[won[0]?.i ?? -1]?.apply(quantities);
      await expectConsistent(listId, quantities, revision + 1);
    }
  }, 120_000);

  it('partial edits without an expected revision: all 50 are applied, one revision each', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { listId, revision, entryOf, quantities } = await freshList();
      const edits = editsFor(listId, entryOf);
      const results = await Promise.all(edits.map((e) => e.send(u.client, undefined)));
      expect(results.map((r) => r.revision.number).sort((a, b) => a - b)).toEqual(
        Array.from({ length: EDITS }, (_, i) => revision + 1 + i),
      );
      for (const e of edits) e.apply(quantities);
      await expectConsistent(listId, quantities, revision + EDITS);
    }
  }, 120_000);

  it('optimistic retries: every edit lands once, each 409 carrying a newer revision', async () => {
    for (let round = 0; round < RETRY_ROUNDS; round++) {
      const { listId, revision, entryOf, quantities } = await freshList();
      const edits = editsFor(listId, entryOf);
      const stale: Array<{ sent: number; got: number | undefined }> = [];
      const results = await Promise.all(
        edits.map(async (e) => {
          let seen = revision;
          for (let attempt = 0; attempt <= EDITS; attempt++) {
            try {
              return await e.send(u.client, seen);
            } catch (error) {
              const got = conflictRevision(error);
              stale.push({ sent: seen, got });
              if (got === undefined || got <= seen) throw error;
              seen = got;
            }
          }
          throw new Error('edit never landed');
        }),
      );
      expect(results.map((r) => r.revision.number).sort((a, b) => a - b)).toEqual(
        Array.from({ length: EDITS }, (_, i) => revision + 1 + i),
      );
      expect(stale.filter((s) => s.got === undefined || s.got <= s.sent)).toEqual([]);
      for (const e of edits) e.apply(quantities);
      await expectConsistent(listId, quantities, revision + EDITS);
    }
  }, 120_000);
});
