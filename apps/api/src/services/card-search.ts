/**
 * Compiles a parsed search (card-search-syntax.ts) to a parameterised SQL condition over a `cards`
 * alias, and runs catalogue searches. User input only ever reaches SQL as bound parameters.
 */
import type {
  CardOrderValue,
  CardUniqueValue,
  ColorValue as Color,
  SortDirectionValue,
} from '@companion/sdk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  type Comparison,
  parseSearch,
  RARITY_RANK,
  type SearchNode,
  SearchSyntaxError,
} from './card-search-syntax.js';
import { type CardData, cardsByIds, normalizeName } from './catalogue.js';
import { Invalid } from './errors.js';

const OPS: Record<Comparison, string> = { '=': '=', '!=': '<>', '>=': '>=', '<=': '<=', '>': '>', '<': '<' };
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);
const contains = (s: string) => `%${escapeLike(s)}%`;

export function rarityRank(c: SQL): SQL {
  const cases = Object.entries(RARITY_RANK).map(
    ([r, n]) => sql`when ${sql.raw(`'${r}'`)} then ${sql.raw(String(n))}`,
  );
  return sql`(case ${c}.rarity ${sql.join(cases, sql` `)} else 0 end)`;
}

const textArray = (values: readonly string[]) =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

/** Bits of `card_search.color_bits` and `identity_bits` (migration 0003 computes them the same way). */
export const CARD_COLOR_BITS: Record<Color, number> = { W: 1, U: 2, B: 4, R: 8, G: 16 };
/**
 * Bit i of `card_search.type_bits` is set when the printing's `search_types` contains word i
 * (migration 0003): `t:creature` tests a bit instead of a LIKE; other type words use the LIKE.
 */
export const CARD_TYPE_WORDS = [
  'artifact',
  'creature',
  'enchantment',
  'instant',
  'land',
  'planeswalker',
  'sorcery',
  'battle',
  'legendary',
  'basic',
  'snow',
  'kindred',
  'tribal',
  'equipment',
  'aura',
  'vehicle',
  'saga',
  'token',
] as const;

/** Where a compiled search reads: the `cards` alias, and optionally the `card_search` alias. */
interface Aliases {
  c: SQL;
  /** When set, the leaves `card_search` holds (types, colours, mana value, prices, rarity, set,
   * number, language) read it instead of the wide `cards` row. */
  s?: SQL | undefined;
  /** When set, name substrings read this alias's `search_name` (`entry_search` has one). */
  names?: SQL | undefined;
  /**
   * When set, the rows are list entries without a printing (this alias is `list_entries`): names
   * read the entry's own name and `is:unresolved` holds; every other leaf finds no printing.
   */
  loose?: SQL | undefined;
}

function compileNode(node: SearchNode, a: Aliases): SQL {
  switch (node.kind) {
    case 'and':
      return sql`(${sql.join(
        node.children.map((n) => compileNode(n, a)),
        sql` and `,
      )})`;
    case 'or':
      return sql`(${sql.join(
        node.children.map((n) => compileNode(n, a)),
        sql` or `,
      )})`;
    case 'not':
      return sql`(not ${compileNode(node.child, a)})`;
    default: {
      if (node.kind === 'is' && node.value === 'unresolved') return a.loose ? sql`true` : sql`false`;
      if (a.loose && node.kind === 'name') {
        const value = normalizeName(node.value);
        return node.exact
          ? sql`lower(${a.loose}.name) = ${value}`
          : sql`lower(${a.loose}.name) like ${contains(value)}`;
      }
      // Only leaves over nullable values need coalesce (so that `-usd>1` keeps cards without a
      // price); the others stay bare so PostgreSQL can use the trigram and GIN indexes.
      const compiled =
        a.s && NARROW_KINDS.has(node.kind)
          ? narrowLeaf(node, a.s)
          : a.names && node.kind === 'name' && !node.exact
            ? leaf(node, a.names)
            : leaf(node, a.c);
      return canBeNull(node) ? sql`coalesce(${compiled}, false)` : compiled;
    }
  }
}

/** The leaf kinds `card_search` can answer. */
const NARROW_KINDS = new Set<SearchNode['kind']>(['type', 'color', 'number', 'rarity', 'set', 'cn', 'lang']);

/**
 * True when a search reads something only the wide `cards` row has (names, texts, legalities, is:);
 * with `names`, name substrings are read elsewhere (`entry_search.search_name`).
 */
export function needsCardsRow(node: SearchNode, names = false): boolean {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.children.some((n) => needsCardsRow(n, names));
    case 'not':
      return needsCardsRow(node.child, names);
    case 'name':
      return !(names && !node.exact);
    default:
      return !NARROW_KINDS.has(node.kind);
  }
}

/** True when a search reads a price (which `entry_search` does not hold). */
export function readsPrices(node: SearchNode): boolean {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.children.some(readsPrices);
    case 'not':
      return readsPrices(node.child);
    default:
      return node.kind === 'number' && node.field !== 'mv';
  }
}

/**
 * The codes of `entry_search.features` (migration 0004 computes them from the same bits): type word
 * i is `type + i`, colour bit j `color + j`, identity bit j `identity + j`, rarity `rarity + rank`,
 * mana value `mv + floor(mv)` (`mv + 20` for 20 and more).
 */
export const ENTRY_FEATURES = {
  type: 1,
  color: 100,
  identity: 200,
  rarity: 300,
  mv: 400,
  mvMax: 20,
} as const;

const colorIndex = (x: Color) => Math.log2(CARD_COLOR_BITS[x]);

/**
 * Conditions on `features` that the search implies: each leaf of its top-level AND that names a
 * type word, colours a card must have, a rarity, a mana value or a range of two. They select a
 * superset of the matches (the search itself still applies), so a GIN index can find the few
 * entries of a type and colour without reading the others.
 */
export function featureHints(ast: SearchNode, alias: string): SQL[] {
  const f = sql.raw(`${alias}.features`);
  const codes = (xs: number[]) => sql.raw(`'{${xs.join(',')}}'::int4[]`);
  const leaves = ast.kind === 'and' ? ast.children : [ast];
  const out: SQL[] = [];
  for (const node of leaves) {
    switch (node.kind) {
      case 'type': {
        const i = (CARD_TYPE_WORDS as readonly string[]).indexOf(node.value);
        if (i >= 0) out.push(sql`${f} @> ${codes([ENTRY_FEATURES.type + i])}`);
        break;
      }
      case 'color': {
        if ('multicolor' in node.value || !['=', '>=', '>'].includes(node.op)) break;
        const base = node.field === 'colors' ? ENTRY_FEATURES.color : ENTRY_FEATURES.identity;
        const xs = node.value.colors.map((x) => base + colorIndex(x));
        if (xs.length) out.push(sql`${f} @> ${codes(xs)}`);
        break;
      }
      case 'rarity':
        if (node.op === '=')
          out.push(sql`${f} @> ${codes([ENTRY_FEATURES.rarity + RARITY_RANK[node.value]])}`);
        break;
      case 'number': {
        if (node.field !== 'mv' || !['=', '<=', '<'].includes(node.op) || node.value < 0) break;
        const top = Math.min(Math.floor(node.value), ENTRY_FEATURES.mvMax);
        const from = node.op === '=' ? top : 0;
        // A range is a union of posting lists, which costs more than it saves beyond two values:
        // measured over 100,000 entries on PostgreSQL, `mv<=1` 49 -> 40 ms with it, but `mv<=3`
        // 76 -> 83 ms and `t:creature c:g mv<=3` 10.5 -> 13.5 ms.
        if (top - from > 1) break;
        const xs = Array.from({ length: top - from + 1 }, (_, k) => ENTRY_FEATURES.mv + from + k);
        out.push(sql`${f} && ${codes(xs)}`);
        break;
      }
      default:
        break;
    }
  }
  return out;
}

const bits = (colors: readonly Color[]) => colors.reduce((m, x) => m | CARD_COLOR_BITS[x], 0);

/** A leaf over `card_search`: the same rows as `leaf` over `cards`, through the bits. */
function narrowLeaf(node: SearchNode, s: SQL): SQL {
  switch (node.kind) {
    case 'type': {
      const i = (CARD_TYPE_WORDS as readonly string[]).indexOf(node.value);
      return i >= 0
        ? sql`(${s}.type_bits & ${sql.raw(String(1 << i))}) <> 0`
        : sql`${s}.search_types like ${contains(node.value)}`;
    }
    case 'color': {
      const col = sql`${s}.${sql.raw(node.field === 'colors' ? 'color_bits' : 'identity_bits')}`;
      if ('multicolor' in node.value) {
        const many = sql`(${col} & (${col} - 1)) <> 0`;
        return node.op === '!=' || node.op === '<' ? sql`not (${many})` : many;
      }
      const m = sql.raw(String(bits(node.value.colors)));
      const outside = sql.raw(String(31 & ~bits(node.value.colors)));
      switch (node.op) {
        case '=':
          return sql`${col} = ${m}`;
        case '!=':
          return sql`${col} <> ${m}`;
        case '>=':
          // As in `leaf`: `c:c` (no colours) means colourless, not "every card".
          return node.value.colors.length === 0 ? sql`${col} = 0` : sql`(${col} & ${m}) = ${m}`;
        case '<=':
          return sql`(${col} & ${outside}) = 0`;
        case '>':
          return sql`((${col} & ${m}) = ${m} and ${col} <> ${m})`;
        case '<':
          return sql`((${col} & ${outside}) = 0 and ${col} <> ${m})`;
      }
      break;
    }
    case 'rarity':
      return sql`${s}.rarity_rank ${sql.raw(OPS[node.op])} ${RARITY_RANK[node.value]}`;
    default:
      // Mana value, prices, set, number and language have the same column names in both tables.
      return leaf(node, s);
  }
  throw new Error(`Unhandled search node ${node.kind}`);
}

/** Leaves whose SQL may yield NULL: prices and format legalities. Every other column is NOT NULL. */
function canBeNull(node: SearchNode): boolean {
  return node.kind === 'format' || (node.kind === 'number' && node.field !== 'mv');
}

function leaf(node: SearchNode, c: SQL): SQL {
  switch (node.kind) {
    case 'name': {
      const value = normalizeName(node.value);
      if (node.exact) return sql`${c}.name_keys @> ${textArray([value])}`;
      return sql`${c}.search_name like ${contains(value)}`;
    }
    case 'type':
      return sql`${c}.search_types like ${contains(node.value)}`;
    case 'oracle':
      return sql`${c}.search_text like ${contains(node.value)}`;
    case 'color': {
      const col = sql.raw(node.field === 'colors' ? 'colors' : 'color_identity');
      if ('multicolor' in node.value) {
        const many = sql`cardinality(${c}.${col}) >= 2`;
        return node.op === '!=' || node.op === '<' ? sql`not (${many})` : many;
      }
      const set = textArray(node.value.colors);
      const n = node.value.colors.length;
      switch (node.op) {
        case '=':
          return sql`(${c}.${col} @> ${set} and ${c}.${col} <@ ${set})`;
        case '!=':
          return sql`not (${c}.${col} @> ${set} and ${c}.${col} <@ ${set})`;
        case '>=':
          return n === 0 ? sql`cardinality(${c}.${col}) = 0` : sql`${c}.${col} @> ${set}`;
        case '<=':
          return sql`${c}.${col} <@ ${set}`;
        case '>':
          return sql`(${c}.${col} @> ${set} and cardinality(${c}.${col}) > ${n})`;
        case '<':
          return sql`(${c}.${col} <@ ${set} and cardinality(${c}.${col}) < ${n})`;
      }
      break;
    }
    case 'number': {
      const col = sql.raw(node.field === 'mv' ? 'cmc' : node.field);
      return sql`${c}.${col} ${sql.raw(OPS[node.op])} ${node.value}`;
    }
    case 'rarity':
      return sql`${rarityRank(c)} ${sql.raw(OPS[node.op])} ${RARITY_RANK[node.value]}`;
    case 'set':
      return sql`${c}.set = ${node.value}`;
    case 'cn':
      return sql`${c}.collector_number = ${node.value}`;
    case 'lang':
      return node.value === 'any' ? sql`true` : sql`${c}.lang = ${node.value}`;
    case 'format':
      return node.status === 'legal'
        ? sql`${c}.legalities ->> ${node.value} in ('legal', 'restricted')`
        : sql`${c}.legalities ->> ${node.value} = ${node.status}`;
    case 'is':
      switch (node.value) {
        case 'gamechanger':
          return sql`${c}.game_changer`;
        case 'commander':
          return sql`(${c}.layout not in ('token', 'double_faced_token', 'emblem', 'art_series') and (
            split_part(${c}.search_types, '//', 1) like '%legendary%creature%'
            or ${c}.search_text like '%can be your commander%'))`;
        case 'dfc':
          return sql`${c}.layout in ('transform', 'modal_dfc', 'meld', 'reversible_card', 'double_faced_token')`;
        case 'mdfc':
          return sql`${c}.layout = 'modal_dfc'`;
        case 'split':
        case 'flip':
        case 'adventure':
        case 'transform':
        case 'meld':
          return sql`${c}.layout = ${node.value}`;
        case 'foil':
        case 'nonfoil':
        case 'etched':
          return sql`${c}.finishes @> ${textArray([node.value])}`;
        case 'token':
          return sql`${c}.layout in ('token', 'double_faced_token')`;
        case 'extra':
          return sql`${c}.layout in ${EXTRA_LAYOUTS_SQL}`;
        case 'include-extras':
          return sql`true`;
      }
  }
  throw new Error(`Unhandled search node ${node.kind}`);
}

/**
 * Scryfall's "extras", which its searches hide unless asked for: tokens, emblems, art cards, planes
 * and phenomena, schemes, vanguards.
 */
export const EXTRA_LAYOUTS = [
  'token',
  'double_faced_token',
  'emblem',
  'art_series',
  'planar',
  'scheme',
  'vanguard',
] as const;
const EXTRA_LAYOUTS_SQL = sql.raw(`(${EXTRA_LAYOUTS.map((l) => `'${l}'`).join(', ')})`);
/** Type words that name an extra: `t:token` or `t:plane` asks for them. */
const EXTRA_TYPES = ['token', 'emblem', 'plane', 'phenomenon', 'scheme', 'vanguard'];

/**
 * Whether a query asks for extras (Scryfall's rule): `include:extras`, `is:token`, `is:extra`, or a
 * type that only extras have (`t:token`, `t:plane`…), anywhere in it, negated or not.
 */
export function asksForExtras(node: SearchNode): boolean {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.children.some(asksForExtras);
    case 'not':
      return asksForExtras(node.child);
    case 'is':
      return node.value === 'include-extras' || node.value === 'token' || node.value === 'extra';
    case 'type':
      return EXTRA_TYPES.some((word) => node.value.toLowerCase().includes(word));
    default:
      return false;
  }
}

/**
 * Compiles an AST to a SQL condition over the `cards` alias `alias` (default `c`), and over the
 * `card_search` alias `narrow` for the leaves it holds when given.
 */
export function compileSearch(
  ast: SearchNode,
  alias = 'c',
  narrow?: string,
  names?: string,
  loose?: string,
): SQL {
  return compileNode(ast, {
    c: sql.raw(alias),
    s: narrow ? sql.raw(narrow) : undefined,
    names: names ? sql.raw(names) : undefined,
    loose: loose ? sql.raw(loose) : undefined,
  });
}

/** Parses a query string, turning syntax errors into 400s that point at `param`. */
export function parseSearchParam(q: string, param: string): SearchNode {
  try {
    return parseSearch(q);
  } catch (error) {
    if (error instanceof SearchSyntaxError) {
      throw new Invalid(error.message, [{ path: `query.${param}`, message: error.message }]);
    }
    throw error;
  }
}

/** Parses and compiles a query string, turning syntax errors into 400s that point at `param`. */
export function searchCondition(q: string, param: string, alias = 'c'): SQL {
  return compileSearch(parseSearchParam(q, param), alias);
}

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type SearchOrder = CardOrderValue;

/** Sorts by a collector number's digits, then as text ("2" < "10" < "10a"). */
export const collectorSort = (c: SQL) =>
  sql`coalesce(nullif(regexp_replace(${c}.collector_number, '[^0-9]', '', 'g'), '')::bigint, 0), ${c}.collector_number`;

function orderSql(order: SearchOrder, dir: SortDirectionValue, c: SQL): SQL {
  const d = sql.raw(dir);
  switch (order) {
    case 'released':
      return sql`${c}.released_at ${d} nulls last, ${c}.name asc`;
    case 'mv':
      return sql`${c}.cmc ${d}, ${c}.name asc`;
    case 'usd':
    case 'eur':
      return sql`${c}.${sql.raw(order)} ${d} nulls last, ${c}.name asc`;
    case 'rarity':
      return sql`${rarityRank(c)} ${d}, ${c}.name asc`;
    case 'set':
      return sql`${c}.set ${d}, ${collectorSort(c)}`;
    default:
      return sql`${c}.name ${d}, ${c}.released_at desc nulls last`;
  }
}

export interface CatalogueSearch {
  q: string;
  page: number;
  limit: number;
  unique: CardUniqueValue;
  order: SearchOrder;
  dir: SortDirectionValue;
}

/** A page of catalogue search results; `unique=cards` keeps the newest English printing per card. */
export async function searchCatalogue(
  db: Db,
  s: CatalogueSearch,
): Promise<{ cards: CardData[]; total: number }> {
  const ast = parseSearchParam(s.q, 'q');
  // Extras stay out unless the query asks for them, as on Scryfall (a player's own tokens still show
  // in their collection and lists: only the catalogue hides them).
  const where = asksForExtras(ast)
    ? compileSearch(ast, 'c')
    : sql`(${compileSearch(ast, 'c')}) and c.layout not in ${EXTRA_LAYOUTS_SQL}`;
  const m = sql.raw('m');
  const source =
    s.unique === 'cards'
      ? sql`(select distinct on (coalesce(c.oracle_id, c.id)) c.* from cards c where ${where}
             order by coalesce(c.oracle_id, c.id), (c.lang = 'en') desc, c.released_at desc nulls last, c.id) m`
      : sql`(select c.* from cards c where ${where}) m`;
  const result = await db.execute(sql`select m.id, count(*) over ()::int as total from ${source}
    order by ${orderSql(s.order, s.dir, m)}, m.id limit ${s.limit} offset ${(s.page - 1) * s.limit}`);
  const rows = rowsOf<{ id: string; total: number }>(result);
  const byId = await cardsByIds(
    db,
    rows.map((r) => r.id),
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && s.page > 1) {
    const count = await db.execute(sql`select count(*)::int as n from ${source}`);
    total = Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0);
  }
  return { cards: rows.flatMap((r) => byId.get(r.id) ?? []), total };
}
