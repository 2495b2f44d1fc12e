/**
 * Killing the server (SIGKILL) during deck saves, list imports, card moves between binders and
 * playgroup ownership transfers: on restart every acknowledged write is there and none is half done,
 * checked in the database itself.
 *
 * - Decks: each deck's cards are a function of its name and version (`deckRows`), so any deck found
 *   must hold exactly the cards of its version (none empty, none duplicated), and an acknowledged
 *   deck is at its acknowledged version (or the next one, when a save of it was in flight).
 * - Imports: each goes into a list of its own; a list holds nothing or the whole import, and an
 *   acknowledged import is there with its revision.
 * - Moves: copies move between three binders; per card the total across them never changes.
 * - Transfers: each group has exactly one owner, the one of the last acknowledged transfer or of the
 *   one in flight.
 * - Every list's revision counter matches its revision rows.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { dropPgSchema, EmulatorIdentity, storages } from '../support/index.js';
import { childApiEnv, freePort, inspectStopped, signInChild, startApi } from '../support/process.js';
import { importJson, testBeast } from './shared-data.js';

const BEASTS = 30;
const beastName = (i: number) => `Crash Beast ${i + 1}`;

/** The cards of version `version` of the deck called `name`: 10 catalogue cards and 50+ unresolved. */
function deckRows(name: string, version: number) {
  const rows: { name: string; quantity: number; board: 'main' | 'side' }[] = [];
  for (let i = 0; i < 10; i++)
    rows.push({ name: beastName((version * 3 + i) % BEASTS), quantity: version, board: 'main' });
  for (let j = 0; j < 50 + version * 5; j++)
    rows.push({
      name: `${name} v${version} #${j}`,
      quantity: (j % 4) + 1,
      board: j % 10 === 0 ? 'side' : 'main',
    });
  return rows;
}
const rowKey = (r: { name: string; quantity: number; board: string }) => `${r.name}|${r.quantity}|${r.board}`;

/** An import's decklist: every catalogue card and a few unresolved names; returns its total. */
function importContent(tag: string) {
  const lines: string[] = [];
  let total = 0;
  for (let i = 0; i < BEASTS; i++) {
    lines.push(`${(i % 3) + 1} ${beastName(i)}`);
    total += (i % 3) + 1;
  }
  for (let k = 0; k < 10; k++) {
    lines.push(`2 Nowhere ${tag} ${k}`);
    total += 2;
  }
  return { content: `${lines.join('\n')}\n`, total };
}

const COPIES_PER_CARD = 8;
const TARGET_WRITES = 80;
const WRITE_WINDOW_MS = 5_000;
const MAX_WINDOW_MS = 30_000;

describe.each(storages())('SIGKILL during deck saves, imports, moves and transfers on %s', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'companion-crash-'));
  const schema = `crashw_${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') await dropPgSchema(schema);
  });

  it('keeps every acknowledged write and no half-done one', async () => {
    const t0 = Date.now();
    const port = await freePort();
    const env = childApiEnv({ port, dataDir, kind, schema, emulatorHost: inject('emulatorHost') });
    // The database, with a small catalogue, before the server opens it.
    const database =
      kind === 'postgres'
        ? await openDatabase({ databaseUrl: process.env.DATABASE_URL, pgSchema: schema, poolSize: 2 })
        : await openDatabase({
            dataDir,
            pgliteImage: new Blob([readFileSync(inject('pgliteTemplate'))]),
          });
    try {
      await importJson(
        database.db,
        Array.from({ length: BEASTS }, (_, i) =>
          testBeast(randomUUID(), {
            name: beastName(i),
            set: 'crsh',
            set_name: 'Crash Set',
            collector_number: String(i + 1),
          }),
        ),
      );
    } finally {
      await database.close();
    }

    const identity = new EmulatorIdentity(inject('emulatorHost'));
    let api = await startApi(env);
    const url = `http://127.0.0.1:${port}`;
    const signIn = () => signInChild(url, identity, 10_000);
    const a = await signIn();
    const b = await signIn();
    await a.client.friends.request({ params: { code: b.code } });
    await b.client.friends.accept({ params: { code: a.code } });

    // Moves: three binders of A, the first holding COPIES_PER_CARD of every catalogue card.
    const binders = await Promise.all(
      [1, 2, 3].map(
        async (n) =>
          (await a.client.lists.create({ body: { name: `Binder ${n}`, type: 'collection' } })).list.id,
      ),
    );
    await a.client.lists.import({
      params: { id: binders[0] as string },
      body: {
        content: Array.from({ length: BEASTS }, (_, i) => `${COPIES_PER_CARD} ${beastName(i)}`).join('\n'),
      },
    });
    // Transfers: two groups of A with B as a member.
    const groups = new Map<string, { owner: string; pending: string | null }>();
    for (const n of [1, 2]) {
      const { playgroup } = await a.client.playgroups.create({ body: { name: `Transfers ${n}` } });
      await a.client.playgroups.invite({ params: { id: playgroup.id }, body: { id: b.id } });
      await b.client.playgroups.accept({ params: { id: playgroup.id } });
      groups.set(playgroup.id, { owner: a.id, pending: null });
    }

    const decks = new Map<string, { version: number }>();
    const imports = new Map<string, { revision: number; total: number }>();
    /** Lists whose creation was acknowledged: the import's total and the revision before it. */
    const importTotals = new Map<string, { total: number; before: number }>();
    const acks = { decks: 0, imports: 0, moves: 0, transfers: 0 };
    const acknowledged = () => acks.decks + acks.imports + acks.moves + acks.transfers;
    let inFlight = 0;
    let stop = false;
    /** Runs `write` until the kill; a failed request (the server went away, a 4xx) is not acknowledged. */
    const loop = async (write: (i: number) => Promise<void>) => {
      for (let i = 0; !stop; i++) {
        inFlight++;
        try {
          await write(i);
        } catch {
          if (stop) return;
        } finally {
          inFlight--;
        }
      }
    };

    const deckWriter = (n: number) => {
      let current: { id: string; name: string; version: number } | undefined;
      return loop(async (i) => {
        if (!current || current.version >= 3) {
          const name = `crash deck ${n}-${i}`;
          current = undefined;
          const { deck } = await a.client.decks.create({
            body: { name, formatId: 'commander', cards: deckRows(name, 1) },
          });
          current = { id: deck.id, name, version: deck.version };
          decks.set(deck.id, { version: deck.version });
        } else {
          const next = current.version + 1;
          const { deck } = await a.client.decks.update({
            params: { id: current.id },
            body: { cards: deckRows(current.name, next), expectedVersion: current.version },
          });
          current.version = deck.version;
          decks.set(deck.id, { version: deck.version });
        }
        acks.decks++;
      });
    };

    const importWriter = () =>
      loop(async (i) => {
        const tag = `import ${i}`;
        const { list } = await a.client.lists.create({ body: { name: tag, type: 'wishlist' } });
        const { content, total } = importContent(tag);
        importTotals.set(list.id, { total, before: list.revision });
        const report = await a.client.lists.import({ params: { id: list.id }, body: { content } });
        if (!report.revision) throw new Error('import without a revision');
        imports.set(list.id, { revision: report.revision.number, total });
        acks.imports++;
      });

    const moveWriter = (n: number) =>
      loop(async (i) => {
        const from = binders[(n + i) % 3] as string;
        const to = binders[(n + i + 1 + (i % 2)) % 3] as string;
        const { entries } = await a.client.lists.get({ params: { id: from }, query: { limit: 100 } });
        if (!entries.length) return;
        const picked = entries.filter((_, k) => (k + i) % 4 === 0).slice(0, 8);
        await a.client.lists.moveCards({
          params: { id: from },
          body: {
            target: to,
            cards: picked.map((e) => ({ entryId: e.id, quantity: Math.max(1, Math.ceil(e.quantity / 2)) })),
          },
        });
        acks.moves++;
      });

    const transferWriter = (groupId: string) =>
      loop(async () => {
        const state = groups.get(groupId);
        if (!state) throw new Error('unknown group');
        const [from, to] = state.owner === a.id ? [a, b] : [b, a];
        state.pending = to.id;
        await from.client.playgroups.transferOwnership({ params: { id: groupId, userId: to.id } });
        state.owner = to.id;
        state.pending = null;
        acks.transfers++;
      });

    const writers = [
      deckWriter(0),
      deckWriter(1),
      importWriter(),
      moveWriter(0),
      moveWriter(1),
      ...[...groups.keys()].map(transferWriter),
    ];
    const started = Date.now();
    const setupMs = started - t0;
    const everyKind = () => Object.values(acks).every((n) => n >= 2);
    while (
      acknowledged() < TARGET_WRITES &&
      (Date.now() - started < WRITE_WINDOW_MS || !everyKind()) &&
      Date.now() - started < MAX_WINDOW_MS
    ) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const inFlightAtKill = inFlight;
    api.child.kill('SIGKILL');
    stop = true;
    await api.exited;
    await Promise.all(writers);
    console.log(
      `crash (${kind}): set up in ${setupMs} ms, SIGKILL after ${Date.now() - started} ms with ${inFlightAtKill} writes in flight; ` +
        `acknowledged: ${JSON.stringify(acks)}`,
    );
    expect(api.child.signalCode).toBe('SIGKILL');
    expect(inFlightAtKill).toBeGreaterThan(0);
    for (const [what, n] of Object.entries(acks)) expect(n, `acknowledged ${what}`).toBeGreaterThanOrEqual(2);

    // Restart: the server comes back and takes writes.
    api = await startApi(env);
    try {
      const [first] = decks.keys();
      const { deck } = await a.client.decks.get({ params: { id: first as string } });
      expect(deck.cards.length).toBeGreaterThan(0);
      await expect(a.client.playgroups.create({ body: { name: 'After the crash' } })).resolves.toBeDefined();
    } finally {
      api.child.kill('SIGTERM');
      await api.exited;
    }

    console.log(`crash (${kind}): restarted and checked through the API at ${Date.now() - t0} ms`);
    const where = kind === 'postgres' ? ({ kind, schema } as const) : ({ kind, dataDir } as const);
    await inspectStopped(where, async (sql) => {
      // Decks: every deck holds exactly the cards of its version.
      const deckRowsFound = await sql<{ id: string; name: string; version: number; cards: string[] | null }>(
        `select d.id, d.name, d.version,
         (select array_agg(c.name || '|' || c.quantity || '|' || c.board order by c.name, c.quantity, c.board)
            from deck_cards c where c.deck_id = d.id) as cards
       from decks d where d.owner_id = '${a.id}'`,
      );
      const found = new Map(deckRowsFound.map((d) => [d.id, d]));
      for (const d of deckRowsFound) {
        const expected = deckRows(d.name, d.version).map(rowKey).sort();
        expect([...(d.cards ?? [])].sort(), `cards of ${d.name} v${d.version}`).toEqual(expected);
      }
      for (const [id, ack] of decks) {
        const d = found.get(id);
        expect(d, `acknowledged deck ${id}`).toBeDefined();
        // At its acknowledged version, or one further when its next save was in flight.
        expect([ack.version, ack.version + 1]).toContain(d?.version);
      }

      // Lists: revision counters match their revision rows; an import is all there or not at all.
      const lists = await sql<{
        id: string;
        revision: number;
        revisions: number;
        top: number | null;
        total: number;
      }>(
        `select l.id, l.revision,
         (select count(*)::int from list_revisions r where r.list_id = l.id) as revisions,
         (select max(r.number)::int from list_revisions r where r.list_id = l.id) as top,
         (select coalesce(sum(e.quantity), 0)::int from list_entries e where e.list_id = l.id) as total
       from card_lists l where l.owner_id = '${a.id}'`,
      );
      const listById = new Map(lists.map((l) => [l.id, l]));
      for (const l of lists) {
        expect(l.revisions, `revision rows of list ${l.id}`).toBe(l.revision);
        expect(l.top ?? 0).toBe(l.revision);
      }
      for (const [id, { total, before }] of importTotals) {
        const l = listById.get(id);
        expect([0, total], `import into ${id}`).toContain(l?.total);
        // The import is one revision: there with its cards, or not at all.
        expect(l?.revision).toBe(l?.total === 0 ? before : before + 1);
      }
      for (const [id, ack] of imports) {
        const l = listById.get(id);
        expect(l?.total, `acknowledged import into ${id}`).toBe(ack.total);
        expect(l?.revision).toBe(ack.revision);
      }

      // Moves: per card, the copies across the three binders are all there, once.
      const perCard = await sql<{ name: string; copies: number }>(
        `select e.name, sum(e.quantity)::int as copies from list_entries e
       where e.list_id in (${binders.map((id) => `'${id}'`).join(',')}) group by e.name order by e.name`,
      );
      expect(perCard).toEqual(
        Array.from({ length: BEASTS }, (_, i) => ({ name: beastName(i), copies: COPIES_PER_CARD })).sort(
          (x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0),
        ),
      );

      // Transfers: exactly one owner per group, the group's owner_id, from the last acknowledged or
      // the in-flight transfer.
      const owners = await sql<{ id: string; owner_id: string; owners: string[] }>(
        `select p.id, p.owner_id,
         array(select m.user_id::text from playgroup_members m
               where m.playgroup_id = p.id and m.role = 'owner') as owners
       from playgroups p`,
      );
      for (const g of owners) expect(g.owners, `owners of group ${g.id}`).toEqual([g.owner_id]);
      for (const [id, state] of groups) {
        const g = owners.find((o) => o.id === id);
        expect([state.owner, state.pending]).toContain(g?.owner_id);
      }
    });
  }, 180_000);
});
