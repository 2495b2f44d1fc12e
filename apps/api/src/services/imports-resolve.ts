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
import { type CardData, cardColumns, cardsByIds, normalizeName } from './catalogue.js';

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

/** How a reference found its printing (the contract's import methods, but the player's `chosen`). */
export type ResolveMethod = Exclude<ImportMethodValue, 'chosen'>;
export type Resolution =
  | {
      card: CardData;
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

/** The reason a printing is refused for a finish it was never made in. */
export const finishMissing = (c: CardData, finish: string) =>
  `${c.name} (${c.set.toUpperCase()} #${c.collectorNumber}) has no ${finish} finish`;

export async function resolveCards(db: Db, refs: readonly CardReference[]): Promise<Resolution[]> {
  const out: Array<Resolution | undefined> = new Array(refs.length);
  const notes: string[][] = refs.map(() => []);
  /** References that named a printing the catalogue has, without their finish: no other printing. */
  const settled: boolean[] = refs.map(() => false);
  const hasFinish = (r: CardReference, c: { finishes: string[] }) =>
    !r.finish || c.finishes.includes(r.finish);
  const lacksFinish = (i: number, r: CardReference, c: CardData) => {
    settled[i] = true;
    notes[i]?.push(finishMissing(c, r.finish ?? ''));
  };

  // 1. Scryfall ids (following id migrations).
  const ids = [
    ...new Set(
      refs.flatMap((r) => (r.scryfallId && UUID.test(r.scryfallId) ? [r.scryfallId.toLowerCase()] : [])),
    ),
  ];
  if (ids.length) {
    const found = await cardsByIds(db, ids);
    const missing = ids.filter((id) => !found.has(id));
    const moved = new Map<string, { to: string | null; note: string | null }>();
    if (missing.length) {
      const rows = await db
        .select()
        .from(cardMigrations)
        .where(sql`${cardMigrations.oldScryfallId} in (select jsonb_array_elements_text(${json(missing)}))`);
      for (const m of rows) moved.set(m.oldScryfallId, { to: m.newScryfallId, note: m.note });
      const targets = await cardsByIds(
        db,
        rows.flatMap((m) => (m.newScryfallId ? [m.newScryfallId] : [])),
      );
      for (const [k, v] of targets) found.set(k, v);
    }
    refs.forEach((r, i) => {
      if (!r.scryfallId) return;
      const id = r.scryfallId.toLowerCase();
      const m = moved.get(id);
      const card = found.get(id) ?? (m?.to ? found.get(m.to) : undefined);
      if (card && hasFinish(r, card)) out[i] = { card, method: 'id' };
      else if (card) lacksFinish(i, r, card);
      else if (m && !m.to) notes[i]?.push(`Scryfall deleted printing ${id}${m.note ? ` (${m.note})` : ''}`);
      else notes[i]?.push(`No printing with Scryfall id ${id}`);
    });
  }

  // 2. MTGO catalogue ids: the printings whose nonfoil or foil has the id (a few share one).
  const mtgoIds = [
    ...new Set(refs.flatMap((r, i) => (!out[i] && !settled[i] && r.mtgoId != null ? [r.mtgoId] : []))),
  ];
  if (mtgoIds.length) {
    const rows = await db
      .select({ ...cardColumns, nameKeys: cards.nameKeys })
      .from(cards)
      .where(
        sql`${cards.mtgoId} in (select jsonb_array_elements_text(${json(mtgoIds)})::int)
          or ${cards.mtgoFoilId} in (select jsonb_array_elements_text(${json(mtgoIds)})::int)`,
      );
    const byMtgoId = new Map<number, Array<{ card: CardData; keys: string[]; finish: FinishValue }>>();
    for (const { nameKeys, ...card } of rows) {
      for (const [id, finish] of [
        [card.mtgoId, 'nonfoil'],
        [card.mtgoFoilId, 'foil'],
      ] as const) {
        if (id === null) continue;
        const list = byMtgoId.get(id) ?? [];
        list.push({ card, keys: nameKeys, finish });
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
    const label = (c: CardData) => `${c.name} (${c.set.toUpperCase()} #${c.collectorNumber})`;
    refs.forEach((r, i) => {
      if (out[i] || settled[i] || r.mtgoId == null) return;
      const all = byMtgoId.get(r.mtgoId);
      if (!all) {
        notes[i]?.push(`No card has MTGO catalogue id ${r.mtgoId}`);
        return;
      }
      // With a name, the id must be a printing of that card; else the name is looked up as usual.
      const key = r.name ? normalizeName(r.name) : null;
      const named = key === null ? all : all.filter((x) => x.keys.includes(key));
      if (!named.length) {
        notes[i]?.push(`MTGO catalogue id ${r.mtgoId} is ${label(all[0]!.card)}, not "${r.name}"`);
        return;
      }
      if (new Set(named.map((x) => x.card.oracleId ?? x.card.name)).size > 1) {
        notes[i]?.push(
          `MTGO catalogue id ${r.mtgoId} belongs to several cards (${named.map((x) => label(x.card)).join(', ')}): give the card's name`,
        );
        return;
      }
      const pick =
        named.find((x) => (r.language ? x.card.lang === r.language.toLowerCase() : false)) ?? named[0]!;
      if (hasFinish(r, pick.card)) out[i] = { card: pick.card, method: 'id', finish: pick.finish };
      else lacksFinish(i, r, pick.card);
    });
  }

  // 3. Set code + collector number (+ language, else the English printing).
  const pairs = new Map<string, { s: string; n: string }>();
  refs.forEach((r, i) => {
    if (out[i] || !r.setCode || !r.collectorNumber) return;
    const s = r.setCode.toLowerCase();
    pairs.set(`${s}|${r.collectorNumber}`, { s, n: r.collectorNumber });
  });
  if (pairs.size) {
    const rows = await db
      .select(cardColumns)
      .from(cards)
      .where(
        sql`(${cards.set}, ${cards.collectorNumber}) in (select x.s, x.n from jsonb_to_recordset(${json([...pairs.values()])}) as x(s text, n text))`,
      );
    const bySetNumber = new Map<string, CardData[]>();
    for (const row of rows) {
      const key = `${row.set}|${row.collectorNumber}`;
      const list = bySetNumber.get(key) ?? [];
      list.push(row);
      bySetNumber.set(key, list);
    }
    refs.forEach((r, i) => {
      if (out[i] || settled[i] || !r.setCode || !r.collectorNumber) return;
      const printings = bySetNumber.get(`${r.setCode.toLowerCase()}|${r.collectorNumber}`);
      const lang = (r.language ?? 'en').toLowerCase();
      const card =
        printings?.find((c) => c.lang === lang) ?? printings?.find((c) => c.lang === 'en') ?? printings?.[0];
      if (card && hasFinish(r, card)) out[i] = { card, method: 'set' };
      else if (card) lacksFinish(i, r, card);
      else notes[i]?.push(`No printing ${r.setCode.toUpperCase()} #${r.collectorNumber}`);
    });
  }

  // 4. Name: exact (either face of a multi-face card, or the full name), case- and accent-insensitive.
  const names = new Set<string>();
  refs.forEach((r, i) => {
    if (!out[i] && !settled[i] && r.name) names.add(normalizeName(r.name));
  });
  if (names.size) {
    const keys = [...names];
    // One printing per name, set and set of finishes (English first, then the newest).
    const result = await db.execute(sql`select distinct on (k.key, c.set, c.finishes) k.key, c.id, c.set,
        c.finishes, (lower(c.name) = k.key) as full_name, c.released_at
      from cards c cross join lateral unnest(c.name_keys) as k(key)
      where c.name_keys && array(select jsonb_array_elements_text(${json(keys)}))
        and k.key in (select jsonb_array_elements_text(${json(keys)}))
        and c.layout not in ('art_series')
      order by k.key, c.set, c.finishes, (c.lang = 'en') desc, c.released_at desc nulls last, c.id`);
    const rows = (
      result as unknown as {
        rows: Array<{
          key: string;
          id: string;
          set: string;
          finishes: string[];
          full_name: boolean;
          released_at: string | null;
        }>;
      }
    ).rows;
    const byKey = new Map<string, typeof rows>();
    for (const row of rows) {
      const list = byKey.get(row.key) ?? [];
      list.push(row);
      byKey.set(row.key, list);
    }
    for (const list of byKey.values()) {
      list.sort(
        (a, b) =>
          Number(b.full_name) - Number(a.full_name) ||
          String(b.released_at ?? '').localeCompare(String(a.released_at ?? '')),
      );
    }
    const chosen = new Map<number, { id: string; method: ResolveMethod }>();
    refs.forEach((r, i) => {
      if (out[i] || settled[i] || !r.name) return;
      const all = byKey.get(normalizeName(r.name));
      if (!all?.length) return;
      const list = all.filter((x) => hasFinish(r, { finishes: x.finishes ?? [] }));
      if (!list.length) {
        notes[i]?.push(`No printing of "${r.name}" has the ${r.finish} finish`);
        return;
      }
      const set = r.setCode?.toLowerCase();
      const inSet = set ? list.find((x) => x.set === set) : undefined;
      const pick = inSet ?? list[0];
      if (pick) chosen.set(i, { id: pick.id, method: inSet ? 'setName' : 'name' });
    });
    const found = await cardsByIds(
      db,
      [...chosen.values()].map((c) => c.id),
    );
    refs.forEach((r, i) => {
      if (out[i] || settled[i] || !r.name) return;
      const pick = chosen.get(i);
      const card = pick ? found.get(pick.id) : undefined;
      if (card && pick) out[i] = { card, method: pick.method };
      else if (!notes[i]?.some((n) => n.startsWith('No printing of')))
        notes[i]?.push(`No card named "${r.name}"`);
    });
  }

  return refs.map((r, i) => {
    const done = out[i];
    if (done) return done;
    const why = notes[i] ?? [];
    if (!r.name && !why.length) why.push('No card id, set and number, or name to look up');
    return { card: null, method: null, reason: why.join('; ') };
  });
}
