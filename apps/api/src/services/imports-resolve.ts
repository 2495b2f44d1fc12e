/**
 * Resolves card references to catalogue printings in a few batched queries, whatever the number of
 * references, keeping what the reference says. In order: the Scryfall id; the MTGO catalogue id (a
 * .dek's CatID: the printing's `mtgo_id`, or its `mtgo_foil_id` for the foil); the set and collector
 * number (+ language); the set and the name; the name alone, last (`name`: the printing is a
 * guess). A reference that names a printing the catalogue has lands on that printing or on nothing:
 * never on another one. With a `finish`, only a printing that has it is chosen; a named printing
 * without it leaves the reference unresolved, with the reason.
 */
import type { FinishValue, ImportMethodValue } from '@companion/sdk/contract';
import { sql } from 'drizzle-orm';
import { cardMigrations, cards } from '../db/catalogue.js';
import type { Db } from '../db/client.js';
import { normalizeName } from './catalogue.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

export interface CardReference {
  scryfallId?: string | null;
  setCode?: string | null;
  collectorNumber?: string | null;
  language?: string | null;
  name?: string | null;
  /** The finish the reference holds (foil, etched…): only a printing that has it is chosen. */
  finish?: string | null;
  /**
   * An MTGO catalogue id (a .dek item's CatID): the printing whose `mtgo_id` (nonfoil) or
   * `mtgo_foil_id` (foil) it is. An id no printing has falls back to the name, when there is one.
   */
  mtgoId?: number | null;
}

/**
 * What callers need of a resolved printing: a few narrow columns, not the wide catalogue row (an
 * import of 100,000 rows would otherwise read and parse about 200 MB of card data it never uses).
 */
const printingColumns = {
  id: cards.id,
  name: cards.name,
  lang: cards.lang,
  set: cards.set,
  collectorNumber: cards.collectorNumber,
  finishes: cards.finishes,
};
export interface ResolvedCard {
  id: string;
  name: string;
  lang: string;
  set: string;
  collectorNumber: string;
  finishes: string[];
}

/** Printings by Scryfall id, narrow. */
async function printingsByIds(db: Db, ids: readonly string[]): Promise<Map<string, ResolvedCard>> {
  const out = new Map<string, ResolvedCard>();
  if (!ids.length) return out;
  const rows = await db
    .select(printingColumns)
    .from(cards)
    .where(sql`${cards.id} in (select jsonb_array_elements_text(${json([...new Set(ids)])}))`);
  for (const r of rows) out.set(r.id, r);
  return out;
}

/** How a reference found its printing (the contract's import methods, but the player's `chosen`). */
export type ResolveMethod = Exclude<ImportMethodValue, 'chosen'>;
export type Resolution =
  | {
      card: ResolvedCard;
      method: ResolveMethod;
      reason?: undefined;
      /**
       * The finish the reference's id stands for: an MTGO catalogue id is its printing's nonfoil or
       * its foil. The printing may lack it (MTGO has foils of printings never foiled on paper):
       * whoever keeps finishes checks `card.finishes`.
       */
      finish?: FinishValue;
    }
  | { card: null; method: null; reason: string; finish?: undefined };

/** The reason a printing is refused for a finish it was never made in. */
export const finishMissing = (c: Pick<ResolvedCard, 'name' | 'set' | 'collectorNumber'>, finish: string) =>
  `${c.name} (${c.set.toUpperCase()} #${c.collectorNumber}) has no ${finish} finish`;

export async function resolveCards(db: Db, refs: readonly CardReference[]): Promise<Resolution[]> {
  // Plain loops, and notes only for the references that get one: an import resolves 100,000 rows.
  const n = refs.length;
  const out: Array<Resolution | undefined> = new Array(n);
  const notes: Array<string[] | undefined> = new Array(n);
  const note = (i: number, text: string) => {
    const list = notes[i];
    if (list) list.push(text);
    else notes[i] = [text];
  };
  /** References that named a printing the catalogue has, without their finish: no other printing. */
  const settled = new Uint8Array(n);
  const open = (i: number) => out[i] === undefined && settled[i] === 0;
  const hasFinish = (r: CardReference, c: { finishes: string[] }) =>
    !r.finish || c.finishes.includes(r.finish);
  const lacksFinish = (i: number, r: CardReference, c: ResolvedCard) => {
    settled[i] = 1;
    note(i, finishMissing(c, r.finish ?? ''));
  };

  // 1. Scryfall ids (following id migrations).
  const idSet = new Set<string>();
  for (const r of refs) if (r.scryfallId && UUID.test(r.scryfallId)) idSet.add(r.scryfallId.toLowerCase());
  if (idSet.size) {
    const ids = [...idSet];
    const found = await printingsByIds(db, ids);
    const missing = ids.filter((id) => !found.has(id));
    const moved = new Map<string, { to: string | null; note: string | null }>();
    if (missing.length) {
      const rows = await db
        .select()
        .from(cardMigrations)
        .where(sql`${cardMigrations.oldScryfallId} in (select jsonb_array_elements_text(${json(missing)}))`);
      for (const m of rows) moved.set(m.oldScryfallId, { to: m.newScryfallId, note: m.note });
      const targets = await printingsByIds(
        db,
        rows.flatMap((m) => (m.newScryfallId ? [m.newScryfallId] : [])),
      );
      for (const [k, v] of targets) found.set(k, v);
    }
    for (let i = 0; i < n; i++) {
      const r = refs[i] as CardReference;
      if (!r.scryfallId) continue;
      const id = r.scryfallId.toLowerCase();
      const m = moved.get(id);
      const card = found.get(id) ?? (m?.to ? found.get(m.to) : undefined);
      if (card && hasFinish(r, card)) out[i] = { card, method: 'id' };
      else if (card) lacksFinish(i, r, card);
      else if (m && !m.to) note(i, `Scryfall deleted printing ${id}${m.note ? ` (${m.note})` : ''}`);
      else note(i, `No printing with Scryfall id ${id}`);
    }
  }

  // 2. MTGO catalogue ids: the printings whose nonfoil or foil has the id (a few share one).
  const mtgoSet = new Set<number>();
  for (let i = 0; i < n; i++) {
    const id = (refs[i] as CardReference).mtgoId;
    if (id != null && open(i)) mtgoSet.add(id);
  }
  if (mtgoSet.size) {
    const mtgoIds = [...mtgoSet];
    const rows = await db
      .select({
        ...printingColumns,
        oracleId: cards.oracleId,
        mtgoId: cards.mtgoId,
        mtgoFoilId: cards.mtgoFoilId,
        nameKeys: cards.nameKeys,
      })
      .from(cards)
      .where(
        sql`${cards.mtgoId} in (select jsonb_array_elements_text(${json(mtgoIds)})::int)
          or ${cards.mtgoFoilId} in (select jsonb_array_elements_text(${json(mtgoIds)})::int)`,
      );
    const byMtgoId = new Map<
      number,
      Array<{ card: ResolvedCard; oracle: string; keys: string[]; finish: FinishValue }>
    >();
    for (const { nameKeys, oracleId, mtgoId, mtgoFoilId, ...card } of rows) {
      for (const [id, finish] of [
        [mtgoId, 'nonfoil'],
        [mtgoFoilId, 'foil'],
      ] as const) {
        if (id === null) continue;
        const list = byMtgoId.get(id) ?? [];
        list.push({ card, oracle: oracleId ?? card.name, keys: nameKeys, finish });
        byMtgoId.set(id, list);
      }
    }
    for (const list of byMtgoId.values())
      list.sort(
        (a, b) =>
          Number(b.card.lang === 'en') - Number(a.card.lang === 'en') ||
          a.card.set.localeCompare(b.card.set) ||
          a.card.collectorNumber.localeCompare(b.card.collectorNumber, 'en', { numeric: true }) ||
          a.card.id.localeCompare(b.card.id),
      );
    const label = (c: ResolvedCard) => `${c.name} (${c.set.toUpperCase()} #${c.collectorNumber})`;
    for (let i = 0; i < n; i++) {
      const r = refs[i] as CardReference;
      if (r.mtgoId == null || !open(i)) continue;
      const all = byMtgoId.get(r.mtgoId);
      if (!all) {
        note(i, `No card has MTGO catalogue id ${r.mtgoId}`);
        continue;
      }
      // With a name, the id must be a printing of that card; else the name is looked up as usual.
      const key = r.name ? normalizeName(r.name) : null;
      const named = key === null ? all : all.filter((x) => x.keys.includes(key));
      const first = named[0];
      if (!first) {
        note(
          i,
          `MTGO catalogue id ${r.mtgoId} is ${label((all[0] as (typeof all)[number]).card)}, not "${r.name}"`,
        );
        continue;
      }
      if (new Set(named.map((x) => x.oracle)).size > 1) {
        note(
          i,
          `MTGO catalogue id ${r.mtgoId} belongs to several cards (${named.map((x) => label(x.card)).join(', ')}): give the card's name`,
        );
        continue;
      }
      const lang = r.language?.toLowerCase();
      const pick = (lang ? named.find((x) => x.card.lang === lang) : undefined) ?? first;
      if (hasFinish(r, pick.card)) out[i] = { card: pick.card, method: 'id', finish: pick.finish };
      else lacksFinish(i, r, pick.card);
    }
  }

  // 3. Set code + collector number (+ language, else the English printing).
  const pairs = new Map<string, { s: string; n: string }>();
  const pairKeys: Array<string | undefined> = new Array(n);
  for (let i = 0; i < n; i++) {
    const r = refs[i] as CardReference;
    if (out[i] !== undefined || !r.setCode || !r.collectorNumber) continue;
    const s = r.setCode.toLowerCase();
    const key = `${s}|${r.collectorNumber}`;
    pairKeys[i] = key;
    if (!pairs.has(key)) pairs.set(key, { s, n: r.collectorNumber });
  }
  if (pairs.size) {
    const rows = await db
      .select(printingColumns)
      .from(cards)
      .where(
        sql`(${cards.set}, ${cards.collectorNumber}) in (select x.s, x.n from jsonb_to_recordset(${json([...pairs.values()])}) as x(s text, n text))`,
      );
    const bySetNumber = new Map<string, ResolvedCard[]>();
    for (const row of rows) {
      const key = `${row.set}|${row.collectorNumber}`;
      const list = bySetNumber.get(key);
      if (list) list.push(row);
      else bySetNumber.set(key, [row]);
    }
    for (let i = 0; i < n; i++) {
      const key = pairKeys[i];
      if (key === undefined || settled[i] === 1) continue;
      const r = refs[i] as CardReference;
      const printings = bySetNumber.get(key);
      let card = printings?.[0];
      if (printings && printings.length > 1) {
        const lang = (r.language ?? 'en').toLowerCase();
        card = printings.find((c) => c.lang === lang) ?? printings.find((c) => c.lang === 'en') ?? card;
      }
      if (card && hasFinish(r, card)) out[i] = { card, method: 'set' };
      else if (card) lacksFinish(i, r, card);
      else note(i, `No printing ${r.setCode?.toUpperCase()} #${r.collectorNumber}`);
    }
  }

  // 4. Name: exact (either face of a multi-face card, or the full name), case- and accent-insensitive.
  const nameKeys: Array<string | undefined> = new Array(n);
  const names = new Set<string>();
  for (let i = 0; i < n; i++) {
    const name = (refs[i] as CardReference).name;
    if (!name || !open(i)) continue;
    const key = normalizeName(name);
    nameKeys[i] = key;
    names.add(key);
  }
  if (names.size) {
    // One printing per name, set and set of finishes (English first, then the newest). Each name is
    // looked up on its own in the GIN index: one `name_keys && array[…thousands…]` is quadratic
    // (every candidate row is checked against every key), 4.6 s for 8,000 names on PostgreSQL.
    const result = await db.execute(sql`select distinct on (k.key, c.set, c.finishes) k.key, c.id, c.name,
        c.lang, c.set, c.collector_number, c.finishes, (lower(c.name) = k.key) as full_name, c.released_at
      from (select distinct jsonb_array_elements_text(${json([...names])}) as key) k
      cross join lateral (select c.id, c.name, c.lang, c.set, c.collector_number, c.finishes, c.released_at
        from cards c where c.name_keys @> array[k.key] and c.layout not in ('art_series')) c
      order by k.key, c.set, c.finishes, (c.lang = 'en') desc, c.released_at desc nulls last, c.id`);
    const rows = (
      result as unknown as {
        rows: Array<{
          key: string;
          id: string;
          name: string;
          lang: string;
          set: string;
          collector_number: string;
          finishes: string[];
          full_name: boolean;
          released_at: string | null;
        }>;
      }
    ).rows;
    const byKey = new Map<string, typeof rows>();
    for (const row of rows) {
      const list = byKey.get(row.key);
      if (list) list.push(row);
      else byKey.set(row.key, [row]);
    }
    for (const list of byKey.values()) {
      list.sort(
        (a, b) =>
          Number(b.full_name) - Number(a.full_name) ||
          String(b.released_at ?? '').localeCompare(String(a.released_at ?? '')),
      );
    }
    for (let i = 0; i < n; i++) {
      const key = nameKeys[i];
      if (key === undefined) continue;
      const r = refs[i] as CardReference;
      const all = byKey.get(key);
      if (!all?.length) {
        note(i, `No card named "${r.name}"`);
        continue;
      }
      const list = all.filter((x) => hasFinish(r, { finishes: x.finishes ?? [] }));
      if (!list.length) {
        note(i, `No printing of "${r.name}" has the ${r.finish} finish`);
        continue;
      }
      const set = r.setCode?.toLowerCase();
      const inSet = set ? list.find((x) => x.set === set) : undefined;
      const pick = inSet ?? (list[0] as (typeof list)[number]);
      out[i] = {
        card: {
          id: pick.id,
          name: pick.name,
          lang: pick.lang,
          set: pick.set,
          collectorNumber: pick.collector_number,
          finishes: pick.finishes ?? [],
        },
        method: inSet ? 'setName' : 'name',
      };
    }
  }

  const resolutions: Resolution[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const done = out[i];
    if (done) {
      resolutions[i] = done;
      continue;
    }
    const why = notes[i] ?? [];
    if (!refs[i]?.name && !why.length) why.push('No card id, set and number, or name to look up');
    resolutions[i] = { card: null, method: null, reason: why.join('; ') };
  }
  return resolutions;
}
