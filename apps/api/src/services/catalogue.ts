/**
 * The card catalogue: Scryfall card objects to rows, rows to the contract's Card, and the lookups
 * other services share (by id, by set + number, prints, prices).
 */
import {
  type Card,
  type CardSet,
  type CardSummary,
  COLORS,
  type ColorValue,
  type CurrencyValue,
  FINISHES,
  type FinishValue,
  isOneOf,
  LEGALITIES,
  type LegalityValue,
  LIMITS,
} from '@companion/sdk/contract';
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { cardPrices, cardSets, cards } from '../db/catalogue.js';
import type { Db } from '../db/client.js';

export type CardRow = typeof cards.$inferSelect;
export type CardInsert = typeof cards.$inferInsert;

const isColor = (c: unknown): c is ColorValue => isOneOf(COLORS, c);
const sortColors = (colors: Iterable<unknown>): ColorValue[] => {
  const set = new Set(colors);
  return COLORS.filter((c) => set.has(c));
};

/** Lower case, no accents, straight quotes, single spaces: how names are compared. */
export function normalizeName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[|]/g, ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The names a card answers to: full name, each face, and the face names of "A // B". */
export function cardNames(
  name: string,
  faces: ReadonlyArray<{ name?: unknown }> | null | undefined,
): string[] {
  const names = [name, ...name.split(' // ')];
  for (const f of faces ?? []) if (typeof f.name === 'string') names.push(f.name);
  return [...new Set(names.map(normalizeName).filter(Boolean))];
}

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const strArray = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
/** A Scryfall MTGO id: a positive whole number that fits the integer column, else null. */
const mtgoIdOf = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2_147_483_647 ? v : null;
const price = (v: unknown): string | null => {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n.toFixed(2) : null;
};

/**
 * A card's text without its reminder text (parenthesised, on one line), as Scryfall's `o:` reads it.
 * One pass, no pattern: linear whatever the text.
 */
export function withoutReminderText(text: string | null): string {
  if (!text) return '';
  let out = '';
  let depth = 0;
  for (const ch of text) {
    if (ch === '(') depth++;
    else if (ch === ')' && depth > 0) depth--;
    else if (ch === '\n') {
      depth = 0;
      out += ch;
    } else if (depth === 0) out += ch;
  }
  return out.replace(/ {2,}/g, ' ').replace(/ +\n/g, '\n').trim();
}

/** The symbols of a mana cost, upper case without braces: `{2}{W/U}{W/U}` → 2, W/U, W/U. */
export function manaSymbols(cost: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i < cost.length; i++) {
    const ch = cost[i];
    if (ch === '{') start = i + 1;
    else if (ch === '}' && start >= 0) {
      out.push(cost.slice(start, i).toUpperCase());
      start = -1;
    }
  }
  return out;
}

/** A power, toughness or loyalty as a number: `*` and `X` count 0, `1+*` counts 1, `?` none. */
export function statValue(value: string | null | undefined): number | null {
  if (value == null) return null;
  const v = value.trim();
  const n = Number(v);
  if (v !== '' && Number.isFinite(n)) return n;
  let digits = '';
  let i = 0;
  if (v[0] === '-' || v[0] === '+') digits += v[i++];
  while (i < v.length && v[i]! >= '0' && v[i]! <= '9') digits += v[i++];
  if (digits && digits !== '-' && digits !== '+') return Number(digits);
  return /^[*xX]/.test(v) ? 0 : null;
}

/** A Scryfall card object as a `cards` row (null for objects that are not cards). */
export function cardRowFromScryfall(raw: unknown, now: Date): CardInsert | null {
  if (!raw || typeof raw !== 'object') return null;
  const c = raw as Json;
  if (c.object !== undefined && c.object !== 'card') return null;
  const id = str(c.id);
  const name = str(c.name);
  const set = str(c.set);
  if (!id || !name || !set) return null;
  const faces = Array.isArray(c.card_faces) ? (c.card_faces as Json[]) : null;
  const faceColors = faces?.flatMap((f) => strArray(f.colors)) ?? [];
  const prices = (c.prices ?? {}) as Json;
  const printedName = str(c.printed_name);
  const names = cardNames(name, faces as Array<{ name?: unknown }> | null);
  const searchNames = [...names];
  if (printedName) searchNames.push(normalizeName(printedName));
  for (const f of faces ?? [])
    if (typeof f.printed_name === 'string') searchNames.push(normalizeName(f.printed_name));
  const types = [str(c.type_line), ...(faces ?? []).map((f) => str(f.type_line))].filter(Boolean);
  const texts = [str(c.oracle_text), ...(faces ?? []).map((f) => str(f.oracle_text))].filter(Boolean);
  const cmc = typeof c.cmc === 'number' ? c.cmc : Number(c.cmc ?? 0) || 0;
  const flavors = [str(c.flavor_text), ...(faces ?? []).map((f) => str(f.flavor_text))].filter(Boolean);
  const stat = (key: string) => statValue(str(c[key]) ?? (faces ?? []).map((f) => str(f[key])).find(Boolean));
  const manaCost = str(c.mana_cost) ?? (faces ? faces.map((f) => str(f.mana_cost) ?? '').join(' // ') : null);
  return {
    id,
    oracleId: str(c.oracle_id) ?? str(faces?.[0]?.oracle_id),
    name,
    printedName,
    lang: str(c.lang) ?? 'en',
    set: set.toLowerCase(),
    setName: str(c.set_name) ?? set.toUpperCase(),
    collectorNumber: str(c.collector_number) ?? '',
    rarity: str(c.rarity) ?? 'common',
    layout: str(c.layout) ?? 'normal',
    manaCost,
    cmc,
    typeLine: str(c.type_line),
    oracleText: str(c.oracle_text),
    printedText: str(c.printed_text),
    power: str(c.power),
    toughness: str(c.toughness),
    loyalty: str(c.loyalty),
    colors: sortColors(Array.isArray(c.colors) ? strArray(c.colors) : faceColors),
    hasColors: Array.isArray(c.colors),
    colorIdentity: sortColors(strArray(c.color_identity)),
    keywords: strArray(c.keywords),
    finishes: strArray(c.finishes).length
      ? strArray(c.finishes)
      : [...(c.nonfoil !== false ? ['nonfoil'] : []), ...(c.foil ? ['foil'] : [])],
    gameChanger: c.game_changer === true,
    legalities: (c.legalities && typeof c.legalities === 'object' ? c.legalities : {}) as Record<
      string,
      string
    >,
    imageUris: (c.image_uris && typeof c.image_uris === 'object' ? c.image_uris : null) as Record<
      string,
      string
    > | null,
    cardFaces: faces,
    usd: price(prices.usd),
    usdFoil: price(prices.usd_foil),
    usdEtched: price(prices.usd_etched),
    eur: price(prices.eur),
    eurFoil: price(prices.eur_foil),
    tix: price(prices.tix),
    pricesUpdatedAt: now,
    releasedAt: str(c.released_at),
    artist: str(c.artist),
    scryfallUri: str(c.scryfall_uri),
    mtgoId: mtgoIdOf(c.mtgo_id),
    mtgoFoilId: mtgoIdOf(c.mtgo_foil_id),
    searchName: `|${[...new Set(searchNames)].join('|')}|`,
    nameKeys: names,
    searchTypes: types.join('\n').toLowerCase(),
    searchText: texts.join('\n').toLowerCase(),
    searchRules: texts.map(withoutReminderText).join('\n').toLowerCase(),
    searchFlavor: flavors.join('\n').toLowerCase(),
    manaSymbols: manaSymbols(manaCost ?? ''),
    powerNum: stat('power'),
    toughnessNum: stat('toughness'),
    loyaltyNum: stat('loyalty'),
    producedMana: strArray(c.produced_mana),
    watermark:
      str(c.watermark)?.toLowerCase() ??
      str(faces?.find((f) => f.watermark)?.watermark)?.toLowerCase() ??
      null,
    games: strArray(c.games),
    promoTypes: strArray(c.promo_types),
    frameEffects: strArray(c.frame_effects),
    borderColor: str(c.border_color),
    frame: str(c.frame),
    setType: str(c.set_type),
    illustrationId: str(c.illustration_id) ?? str(faces?.[0]?.illustration_id),
    edhrecRank: typeof c.edhrec_rank === 'number' && Number.isInteger(c.edhrec_rank) ? c.edhrec_rank : null,
    reserved: c.reserved === true,
    reprint: c.reprint === true,
    promo: c.promo === true,
    digital: c.digital === true,
    fullArt: c.full_art === true,
    textless: c.textless === true,
    oversized: c.oversized === true,
    booster: c.booster === true,
    storySpotlight: c.story_spotlight === true,
    updatedAt: now,
  };
}

/** Columns only searches read: never fetched for a Card. */
const SEARCH_ONLY = [
  'searchName',
  'nameKeys',
  'searchTypes',
  'searchText',
  'searchRules',
  'searchFlavor',
  'manaSymbols',
  'powerNum',
  'toughnessNum',
  'loyaltyNum',
  'producedMana',
  'watermark',
  'games',
  'promoTypes',
  'frameEffects',
  'borderColor',
  'frame',
  'setType',
  'illustrationId',
  'edhrecRank',
  'reserved',
  'reprint',
  'promo',
  'digital',
  'fullArt',
  'textless',
  'oversized',
  'booster',
  'storySpotlight',
  'updatedAt',
] as const satisfies ReadonlyArray<keyof CardRow>;

/** The columns a Card needs (everything but the search helpers). */
export const cardColumns = (() => {
  const all: Record<string, unknown> = { ...getTableColumns(cards) };
  for (const k of SEARCH_ONLY) delete all[k];
  return all as Omit<ReturnType<typeof getTableColumns<typeof cards>>, (typeof SEARCH_ONLY)[number]>;
})();
export type CardData = Omit<CardRow, (typeof SEARCH_ONLY)[number]>;

const IMAGE_KEYS = ['small', 'normal', 'large', 'png', 'art_crop', 'border_crop'] as const;
function images(v: unknown): Card['image_uris'] {
  if (!v || typeof v !== 'object') return null;
  const out: Record<string, string> = {};
  for (const k of IMAGE_KEYS) {
    const u = (v as Json)[k];
    if (typeof u === 'string') out[k] = u;
  }
  return out;
}

/** A catalogue row as the contract's Card (Scryfall field names). */
export function toCard(row: CardData): Card {
  const faces = row.cardFaces
    ? row.cardFaces.map((f) => ({
        name: str(f.name) ?? '',
        printed_name: str(f.printed_name),
        mana_cost: str(f.mana_cost),
        type_line: str(f.type_line),
        oracle_text: str(f.oracle_text),
        printed_text: str(f.printed_text),
        colors: Array.isArray(f.colors) ? strArray(f.colors).filter(isColor) : null,
        power: str(f.power),
        toughness: str(f.toughness),
        loyalty: str(f.loyalty),
        image_uris: images(f.image_uris),
      }))
    : null;
  const legalities: Record<string, LegalityValue> = {};
  for (const [k, v] of Object.entries(row.legalities ?? {})) {
    if (isOneOf(LEGALITIES, v)) legalities[k] = v;
  }
  return {
    id: row.id,
    oracle_id: row.oracleId,
    name: row.name,
    printed_name: row.printedName,
    lang: row.lang,
    layout: row.layout,
    set: row.set,
    set_name: row.setName,
    collector_number: row.collectorNumber,
    rarity: row.rarity,
    released_at: row.releasedAt,
    mana_cost: row.manaCost,
    cmc: row.cmc,
    type_line: row.typeLine,
    oracle_text: row.oracleText,
    printed_text: row.printedText,
    power: row.power,
    toughness: row.toughness,
    loyalty: row.loyalty,
    colors: row.hasColors ? row.colors.filter(isColor) : null,
    color_identity: row.colorIdentity.filter(isColor),
    keywords: row.keywords,
    finishes: row.finishes.filter((f): f is FinishValue => isOneOf(FINISHES, f)),
    image_uris: images(row.imageUris),
    card_faces: faces,
    prices: {
      usd: row.usd,
      usd_foil: row.usdFoil,
      usd_etched: row.usdEtched,
      eur: row.eur,
      eur_foil: row.eurFoil,
      tix: row.tix,
    },
    legalities,
    game_changer: row.gameChanger,
    artist: row.artist,
    scryfall_uri: row.scryfallUri,
  };
}

/** The columns a page of list entries reads of a printing: what CardSummary shows, and its prices. */
export const cardSummaryColumns = (() => {
  const c = getTableColumns(cards);
  return {
    id: c.id,
    name: c.name,
    printedName: c.printedName,
    lang: c.lang,
    set: c.set,
    setName: c.setName,
    collectorNumber: c.collectorNumber,
    rarity: c.rarity,
    manaCost: c.manaCost,
    typeLine: c.typeLine,
    finishes: c.finishes,
    imageUris: c.imageUris,
    cardFaces: c.cardFaces,
    usd: c.usd,
    usdFoil: c.usdFoil,
    usdEtched: c.usdEtched,
    eur: c.eur,
    eurFoil: c.eurFoil,
  };
})();
export type CardSummaryData = Pick<CardData, keyof typeof cardSummaryColumns>;

/** The normal-size picture alone of Scryfall's image URIs. */
function normalImage(v: unknown): CardSummary['image_uris'] {
  if (!v || typeof v !== 'object') return null;
  const normal = (v as Json).normal;
  return typeof normal === 'string' ? { normal } : {};
}

/** A catalogue row as the contract's CardSummary: what a page of list entries shows of it. */
export function toCardSummary(row: CardSummaryData): CardSummary {
  return {
    id: row.id,
    name: row.name,
    printed_name: row.printedName,
    lang: row.lang,
    set: row.set,
    set_name: row.setName,
    collector_number: row.collectorNumber,
    rarity: row.rarity,
    mana_cost: row.manaCost,
    type_line: row.typeLine,
    finishes: row.finishes.filter((f): f is FinishValue => isOneOf(FINISHES, f)),
    image_uris: normalImage(row.imageUris),
    card_faces: row.cardFaces
      ? row.cardFaces.map((f) => ({
          name: str(f.name) ?? '',
          mana_cost: str(f.mana_cost),
          type_line: str(f.type_line),
          image_uris: normalImage(f.image_uris),
        }))
      : null,
  };
}

type PriceColumns = Pick<CardData, 'usd' | 'usdFoil' | 'usdEtched' | 'eur' | 'eurFoil'>;

/** Unit price of a printing in a finish and currency (etched falls back to foil). */
export function unitPrice(row: PriceColumns, finish: FinishValue, currency: CurrencyValue): number | null {
  const v =
    currency === 'usd'
      ? finish === 'foil'
        ? row.usdFoil
        : finish === 'etched'
          ? (row.usdEtched ?? row.usdFoil)
          : row.usd
      : finish === 'nonfoil'
        ? row.eur
        : row.eurFoil;
  return v === null ? null : Number(v);
}

/** The same rule in SQL over a `cards` alias and a finish expression. */
export function priceSql(currency: CurrencyValue, finish: ReturnType<typeof sql>, c = sql.raw('c')) {
  return currency === 'usd'
    ? sql`(case ${finish} when 'foil' then ${c}.usd_foil when 'etched' then coalesce(${c}.usd_etched, ${c}.usd_foil) else ${c}.usd end)`
    : sql`(case ${finish} when 'nonfoil' then ${c}.eur else ${c}.eur_foil end)`;
}

export async function cardsByIds(db: Db, ids: readonly string[]): Promise<Map<string, CardData>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, CardData>();
  // The ids as one array parameter rather than a list of parameters (`in ($1, …, $50)`), which each
  // statement had parsed and planned (a page of 50 cards over 110,000 printings on PostgreSQL,
  // medians of 100 interleaved: 2.70 against 2.40 ms; up to 5,000 ids a statement).
  for (let i = 0; i < unique.length; i += 5000) {
    const rows = await db
      .select(cardColumns)
      .from(cards)
      .where(sql`${cards.id} = any(${sql.param(unique.slice(i, i + 5000))}::text[])`);
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}

/** A printing by set and number, in the language asked for, else its English printing. */
export async function cardBySetNumber(
  db: Db,
  setCode: string,
  collectorNumber: string,
  lang: string,
): Promise<CardData | null> {
  const rows = await db
    .select(cardColumns)
    .from(cards)
    .where(and(eq(cards.set, setCode.toLowerCase()), eq(cards.collectorNumber, collectorNumber)))
    .orderBy(sql`case when ${cards.lang} = ${lang} then 0 when ${cards.lang} = 'en' then 1 else 2 end`)
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return row.lang === lang || row.lang === 'en' ? row : null;
}

export async function printsOf(db: Db, id: string): Promise<CardData[] | null> {
  const [card] = await db.select({ oracleId: cards.oracleId }).from(cards).where(eq(cards.id, id));
  if (!card) return null;
  if (!card.oracleId) return [...(await cardsByIds(db, [id])).values()];
  return db
    .select(cardColumns)
    .from(cards)
    .where(eq(cards.oracleId, card.oracleId))
    .orderBy(sql`${cards.releasedAt} desc nulls last`, asc(cards.set), asc(cards.collectorNumber));
}

/**
 * Card names containing `text` (normalised like every name: no accents, case or curly quotes), the
 * names where a full or face name starts with it first, then shorter names first. The pattern is a
 * LIKE with its wildcards escaped, served by the trigram index on `search_name`.
 */
export async function autocompleteNames(db: Db, text: string): Promise<string[]> {
  const needle = normalizeName(text).replace(/[\\%_]/g, (c) => `\\${c}`);
  if (!needle) return [];
  const rows = await db
    .select({ name: cards.name })
    .from(cards)
    .where(sql`${cards.searchName} like ${`%${needle}%`}`)
    .groupBy(cards.name)
    .orderBy(
      sql`bool_or(${cards.searchName} like ${`%|${needle}%`}) desc`,
      sql`length(${cards.name})`,
      asc(cards.name),
    )
    .limit(LIMITS.autocompleteNames.max);
  return rows.map((r) => r.name);
}

/** How close a name must be, as pg_trgm's word similarity (0–1), to be offered as "did you mean". */
const SIMILAR_THRESHOLD = 0.4;

/**
 * "Did you mean": the catalogue names nearest to a text by trigram distance (pg_trgm's word similarity
 * against every name a card answers to, through the trigram index on `search_name`), nearest first,
 * each with its newest printing. Ties go to the name whose whole is closest, then the shorter.
 */
export async function similarNames(
  db: Db,
  text: string,
): Promise<Array<{ name: string; cardId: string; score: number }>> {
  const needle = normalizeName(text);
  if (needle.length < LIMITS.autocompleteQuery.min) return [];
  return db.transaction(async (tx) => {
    // `<%` compares with this threshold; set for this transaction only.
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(SIMILAR_THRESHOLD)}, true)`,
    );
    const result = await tx.execute(sql`select ${cards.name} as name,
        (array_agg(${cards.id} order by ${cards.releasedAt} desc nulls last, ${cards.id}))[1] as card_id,
        max(word_similarity(${needle}, ${cards.searchName})) as score,
        max(similarity(${needle}, lower(${cards.name}))) as whole
      from ${cards}
      where ${needle} <% ${cards.searchName}
      group by ${cards.name}
      order by score desc, whole desc, length(${cards.name}), ${cards.name}
      limit ${LIMITS.similarNames.max}`);
    const rows = (result as unknown as { rows: unknown[] }).rows as Array<{
      name: string;
      card_id: string;
      score: number | string;
    }>;
    return rows.map((r) => ({
      name: r.name,
      cardId: r.card_id,
      score: Math.min(1, Math.round(Number(r.score) * 1000) / 1000),
    }));
  });
}

export async function allSets(db: Db): Promise<CardSet[]> {
  const rows = await db
    .select()
    .from(cardSets)
    .orderBy(sql`${cardSets.releasedAt} desc nulls last`, asc(cardSets.code));
  return rows.map((s) => ({
    code: s.code,
    name: s.name,
    set_type: s.setType,
    released_at: s.releasedAt,
    card_count: s.cardCount,
    parent_set_code: s.parentSetCode,
    icon_svg_uri: s.iconSvgUri,
    digital: s.digital,
  }));
}

const num = (v: string | null) => (v === null ? null : Number(v));

export async function priceHistory(db: Db, cardId: string) {
  const rows = await db
    .select()
    .from(cardPrices)
    .where(eq(cardPrices.cardId, cardId))
    .orderBy(desc(cardPrices.date))
    .limit(366);
  return rows.reverse().map((p) => ({
    date: p.date,
    usd: num(p.usd),
    usd_foil: num(p.usdFoil),
    usd_etched: num(p.usdEtched),
    eur: num(p.eur),
    eur_foil: num(p.eurFoil),
    tix: num(p.tix),
  }));
}

/** Picture of a printing for list views (art crop, else the front face's). */
export async function cardImages(db: Db, ids: string[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  if (!ids.length) return out;
  const rows = await db
    .select({ id: cards.id, imageUris: cards.imageUris, cardFaces: cards.cardFaces })
    .from(cards)
    .where(inArray(cards.id, [...new Set(ids)]));
  for (const r of rows) {
    const front = r.imageUris ?? (r.cardFaces?.[0]?.image_uris as Record<string, string> | undefined) ?? null;
    out.set(r.id, front?.art_crop ?? front?.normal ?? front?.small ?? null);
  }
  return out;
}
