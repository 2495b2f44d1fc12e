/**
 * Compiles a parsed search (card-search-syntax.ts) to a parameterised SQL condition over a `cards`
 * alias, and runs catalogue searches. User input only ever reaches SQL as bound parameters.
 */
import {
  type CardOrderValue,
  type CardUniqueValue,
  type ColorValue as Color,
  CURRENCIES,
  type SortDirectionValue,
} from '@companion/sdk/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, isPglite } from '../db/client.js';
import {
  type Comparison,
  type IsValue,
  LAND_CYCLES,
  OUTLAW_TYPES,
  PARTNER_KEYWORDS,
  PARTY_TYPES,
  PERMANENT_TYPES,
  parseSearch,
  RARITY_RANK,
  type SearchNode,
  SearchSyntaxError,
  SPELL_TYPES,
  searchOptions,
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
  /**
   * When set (`card_search`), `legal:`, `banned:`, `restricted:` and `is:commander` read this alias's
   * `flags`, and the `is:` values that read the layout alone its `layout`.
   */
  flags?: SQL | undefined;
  /** When set (`card_pick`), `legal:`, `banned:` and `is:commander` read its `legal_bits` instead. */
  bits?: SQL | undefined;
}

/**
 * `filter`: the condition is a filter (a WHERE), where NULL drops a row as false does, and `node`
 * stands under no `not`: its nullable leaves may then stay bare (`s.eur >= 5`, which an index on
 * the price answers, where `coalesce(s.eur >= 5, false)` is read row by row). Under a `not`, or
 * read as a value, they are coalesced (`-usd>1` keeps cards without a price).
 */
function compileNode(node: SearchNode, a: Aliases, filter = false): SQL {
  switch (node.kind) {
    case 'and':
      return sql`(${sql.join(
        node.children.map((n) => compileNode(n, a, filter)),
        sql` and `,
      )})`;
    case 'or':
      return sql`(${sql.join(
        node.children.map((n) => compileNode(n, a, filter)),
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
      // What card_pick's legal_bits, card_search's flags and layout answer (never null).
      if (
        a.bits &&
        node.kind === 'format' &&
        FLAG_FORMATS.includes(node.value) &&
        node.status !== 'restricted'
      )
        return legalBitsLeaf(node, a.bits);
      if (a.bits && node.kind === 'is' && node.value === 'commander')
        return sql`(${a.bits}.legal_bits & 1) <> 0`;
      if (a.flags && node.kind === 'format' && FLAG_FORMATS.includes(node.value))
        return legalLeaf(node, a.flags);
      if (a.flags && node.kind === 'is' && node.value === 'commander')
        return sql`${a.flags}.flags @> ${flagCodes([FLAG_COMMANDER])}`;
      if (a.flags && node.kind === 'is' && LAYOUT_IS.has(node.value)) return isLeaf(node.value, a.flags);
      // Only leaves over nullable values need coalesce (so that `-usd>1` keeps cards without a
      // price), and only under a `not` or in a value; the others stay bare so PostgreSQL can use
      // the trigram, GIN and B-tree indexes.
      const compiled =
        a.s && isNarrow(node)
          ? narrowLeaf(node, a.s)
          : a.names && node.kind === 'name' && !node.exact
            ? leaf(node, a.names)
            : leaf(node, a.c);
      return canBeNull(node) && !filter ? sql`coalesce(${compiled}, false)` : compiled;
    }
  }
}

/**
 * The leaf kinds `card_search` can answer: types, colours, mana value, the two prices it holds,
 * rarity, set, number, language, and the year and date of its `released_at` (`year:2020` over
 * 110,000 printings, in-process: 134 ms over the wide rows, 35 over these); and options
 * (`order:usd`), which read nothing (typed in the query, one sent the search over the wide rows:
 * `usd>=10 order:usd` 138 ms, against 14 with the order given apart).
 */
const NARROW_KINDS = new Set<SearchNode['kind']>([
  'type',
  'color',
  'number',
  'rarity',
  'set',
  'cn',
  'lang',
  'date',
  'option',
]);
const isNarrow = (node: SearchNode) =>
  (NARROW_KINDS.has(node.kind) && !(node.kind === 'number' && node.field === 'tix')) ||
  (node.kind === 'is' && TYPE_IS(node.value));

/**
 * The `is:` values isLeaf answers from the type line alone (`search_types`, which card_search,
 * card_pick and entry_search hold): `is:spell c:u` over 110,000 printings read every wide row.
 */
const TYPE_IS = (value: IsValue) => value in TYPE_IS_WORDS;
/** For each of them, the type words (of CARD_TYPE_WORDS) one of which its type line has. */
const TYPE_IS_WORDS: Partial<Record<IsValue, readonly string[]>> = {
  spell: SPELL_TYPES,
  permanent: PERMANENT_TYPES,
  historic: ['legendary', 'artifact', 'saga'],
  party: ['creature'],
  outlaw: ['creature'],
};
/**
 * The `is:` values isLeaf answers from what card_pick copies from the pick's cards row (migration
 * 0035) with its type line and mana value: keywords (`is:companion`, `is:partner`), mana cost
 * symbols (`is:hybrid`, `is:phyrexian`), power and toughness (`is:bear`).
 */
const FACT_IS = new Set<IsValue>(['bear', 'companion', 'partner', 'hybrid', 'phyrexian']);

/**
 * True when a search reads something only the wide `cards` row has (names, texts, legalities, is:);
 * with `names`, name substrings are read elsewhere (`entry_search.search_name`); with `flags`,
 * legalities, `is:commander` and the layout's `is:` values too (`card_search.flags`, `.layout`).
 */
export function needsCardsRow(node: SearchNode, names = false, flags = false): boolean {
  return someLeaf(node, (leaf) =>
    leaf.kind === 'name' ? !(names && !leaf.exact) : !(isNarrow(leaf) || (flags && inFlags(leaf))),
  );
}

/** The leaves `card_search.flags` and `.layout` answer (compileNode reads them there when told). */
const inFlags = (leaf: Leaf) =>
  (leaf.kind === 'format' && FLAG_FORMATS.includes(leaf.value)) ||
  (leaf.kind === 'is' && (leaf.value === 'commander' || LAYOUT_IS.has(leaf.value)));

/**
 * The formats whose legalities `card_search.flags` holds (Scryfall's legality keys), at fixed
 * positions: migration 0021's trigger writes `4 × (position + 1) + FLAG_STATUS` for each, and its
 * list must stay this one (a test checks). A format Scryfall adds is appended to both; until then
 * its searches read the wide rows.
 */
export const FLAG_FORMATS: readonly string[] = [
  'alchemy',
  'brawl',
  'commander',
  'duel',
  'explorer',
  'future',
  'gladiator',
  'historic',
  'historicbrawl',
  'legacy',
  'modern',
  'oathbreaker',
  'oldschool',
  'pauper',
  'paupercommander',
  'penny',
  'pioneer',
  'predh',
  'premodern',
  'standard',
  'standardbrawl',
  'timeless',
  'vintage',
];
/** The status part of a legality's flag code. */
export const FLAG_STATUS = { legal: 0, restricted: 1, banned: 2 } as const;
/** The flag code of `is:commander`. */
export const FLAG_COMMANDER = 1;
/** A format's flag code for a status. */
export const formatFlag = (format: string, status: keyof typeof FLAG_STATUS): number =>
  4 * (FLAG_FORMATS.indexOf(format) + 1) + FLAG_STATUS[status];
/** A SQL array literal of integers (`'{1,2}'::int4[]`). */
const intArray = (xs: number[], type: 'int2' | 'int4') => sql.raw(`'{${xs.join(',')}}'::${type}[]`);

const flagCodes = (codes: number[]) => intArray(codes, 'int2');

/** The `is:` values isLeaf answers from the layout alone (which `card_search` holds). */
const LAYOUT_IS = new Set<IsValue>([
  'dfc',
  'mdfc',
  'split',
  'flip',
  'adventure',
  'transform',
  'meld',
  'leveler',
  'saga',
]);

/**
 * `legal:`, `banned:` and `restricted:` over `card_search.flags` (migration 0021's codes), as its GIN
 * index answers them: legal means legal or restricted, as over the wide row.
 */
function legalLeaf(node: Extract<SearchNode, { kind: 'format' }>, s: SQL): SQL {
  const wanted = node.status === 'legal' ? (['legal', 'restricted'] as const) : [node.status];
  return sql`${s}.flags && ${flagCodes(wanted.map((status) => formatFlag(node.value, status)))}`;
}

/**
 * The bit of card_pick's `legal_bits` (migration 0029's flag_bits()) for a format of FLAG_FORMATS:
 * legal (or restricted, which `legal:` includes), or banned.
 */
export const legalBit = (format: string, status: 'legal' | 'banned'): bigint =>
  1n << BigInt(FLAG_FORMATS.indexOf(format) + 1 + (status === 'banned' ? FLAG_FORMATS.length : 0));

/** `legal:` and `banned:` over card_pick's `legal_bits` (`restricted:` reads `flags`). */
function legalBitsLeaf(node: Extract<SearchNode, { kind: 'format' }>, p: SQL): SQL {
  const bit = legalBit(node.value, node.status === 'banned' ? 'banned' : 'legal');
  return sql`(${p}.legal_bits & ${sql.raw(String(bit))}) <> 0`;
}

/**
 * True when a search reads a price or a release date (`year:`, `date:`), which `card_search` holds
 * and `entry_search` does not.
 */
export function readsBeyondEntrySearch(node: SearchNode): boolean {
  return someLeaf(
    node,
    (leaf) =>
      leaf.kind === 'date' ||
      (leaf.kind === 'number' &&
        (leaf.field === 'usd' || leaf.field === 'eur' || leaf.field === 'tix' || leaf.field === 'year')),
  );
}

type Leaf = Exclude<SearchNode, { kind: 'and' | 'or' | 'not' }>;

/** True when some leaf of a search, negated or not, satisfies `test`. */
function someLeaf(node: SearchNode, test: (leaf: Leaf) => boolean): boolean {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.children.some((n) => someLeaf(n, test));
    case 'not':
      return someLeaf(node.child, test);
    default:
      return test(node);
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
 * `card_search`'s feature codes (alias `s`), as its GIN index computes them (migration 0021): the
 * expression must stay the index's for PostgreSQL to use it.
 */
export const CARD_SEARCH_FEATURES = sql.raw(
  'entry_search_features(s.type_bits, s.color_bits, s.identity_bits, s.rarity_rank, s.cmc)',
);

/**
 * The feature codes every match of a colour leaf holds (`c>=ub`: colours U and B), or null when
 * there are none to rely on (colourless, multicolour, an upper bound).
 */
function colorCodes(node: SearchNode): number[] | null {
  if (node.kind !== 'color' || 'multicolor' in node.value || !['=', '>=', '>'].includes(node.op)) return null;
  const base = node.field === 'colors' ? ENTRY_FEATURES.color : ENTRY_FEATURES.identity;
  const xs = node.value.colors.map((x) => base + colorIndex(x));
  return xs.length ? xs : null;
}

/**
 * Conditions on the feature codes `f` (`entry_search.features`, or CARD_SEARCH_FEATURES) that the
 * search implies: each leaf of its top-level AND that names a type word, colours a card must have,
 * a rarity, a mana value or a range of two. They select a superset of the matches (the search
 * itself still applies), so a GIN index can find the few entries of a type and colour without
 * reading the others.
 *
 * With `loneRarity: false` (the catalogue), none when a rarity would be the only one. One rarity
 * names a tenth to a half of all printings (`r:rare`: 44,884 of 109,000), whose bitmap reads nearly
 * every page; and the code repeats the rarity's own condition, so the planner counted its share
 * twice (`eur>=5 r:rare`: 22,517 printings, estimated 4,854), sorted them all rather than walk
 * card_search_name, and could not count them in card_search_eur alone.
 */
export function featureHints(ast: SearchNode, f: SQL, { loneRarity = true } = {}): SQL[] {
  const codes = (xs: number[]) => intArray(xs, 'int4');
  const leaves = ast.kind === 'and' ? ast.children : [ast];
  const out: SQL[] = [];
  let rarities = 0;
  for (const node of leaves) {
    switch (node.kind) {
      case 'type': {
        const i = (CARD_TYPE_WORDS as readonly string[]).indexOf(node.value);
        if (i >= 0) out.push(sql`${f} @> ${codes([ENTRY_FEATURES.type + i])}`);
        break;
      }
      case 'color': {
        const xs = colorCodes(node);
        if (xs) out.push(sql`${f} @> ${codes(xs)}`);
        break;
      }
      case 'or': {
        // `c:u or id:b`: a match holds every code of one branch, so one of the codes of them all.
        const each = node.children.map(colorCodes);
        if (each.every((xs) => xs !== null)) out.push(sql`${f} && ${codes([...new Set(each.flat())])}`);
        break;
      }
      case 'rarity':
        if (node.op === '=') {
          out.push(sql`${f} @> ${codes([ENTRY_FEATURES.rarity + RARITY_RANK[node.value]])}`);
          rarities++;
        }
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
  return loneRarity || out.length > rarities ? out : [];
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
    case 'is': {
      // A type word the value needs, in type_bits first: the regular expressions then run on those
      // rows alone. In a CASE, which keeps that order: PostgreSQL ranks a regular expression as
      // cheap as one operator, and ran it on every row before the bits and the other leaves.
      const words = TYPE_IS_WORDS[node.value];
      if (!words) return leaf(node, s);
      const mask = words.reduce((m, w) => m | (1 << (CARD_TYPE_WORDS as readonly string[]).indexOf(w)), 0);
      return sql`(case when (${s}.type_bits & ${sql.raw(String(mask))}) <> 0 then ${leaf(node, s)} else false end)`;
    }
    default:
      // Mana value, prices, set, number and language have the same column names in both tables.
      return leaf(node, s);
  }
  throw new Error('Unhandled search node');
}

/** Leaves whose SQL may yield NULL (nullable columns); every other leaf reads NOT NULL columns. */
function canBeNull(node: SearchNode): boolean {
  switch (node.kind) {
    case 'format':
    case 'stat':
    case 'date':
    case 'watermark':
    case 'settype':
    case 'new':
      return true;
    case 'number':
      return node.field !== 'mv';
    case 'text':
    case 'regex':
      return node.field === 'artist';
    default:
      return false;
  }
}

const STAT_COLUMNS = { pow: 'power_num', tou: 'toughness_num', loy: 'loyalty_num' } as const;
/** `(?i)`-free case-insensitive match; every column read by `~*` is text. */
const REGEX_COLUMNS = {
  name: 'name',
  type: 'search_types',
  oracle: 'search_rules',
  fulloracle: 'search_text',
  flavor: 'search_flavor',
  artist: 'artist',
} as const;
const wordsRegex = (words: readonly string[]) => `\\m(${words.join('|')})\\M`;
/** The front face's type line, lower case. */
const frontType = (c: SQL) => sql`split_part(split_part(${c}.search_types, E'\n', 1), ' // ', 1)`;

/**
 * A regular expression in PostgreSQL's dialect: the JavaScript-style word boundaries players type
 * (`\b`, `\B`) are `\y`, `\Y` there (where `\b` is a backspace). One pass over the pattern.
 */
export function toPostgresRegex(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch === '\\' && i + 1 < pattern.length) {
      const next = pattern[i + 1] as string;
      out += next === 'b' ? '\\y' : next === 'B' ? '\\Y' : `\\${next}`;
      i++;
    } else out += ch;
  }
  return out;
}

/** A printing's mana cost symbols joined by `|`, which none holds: W|U/B|2. */
const joinedSymbols = (c: SQL) => sql`array_to_string(${c}.mana_symbols, '|')`;

/**
 * Occurrences of a symbol in a printing's mana cost: the positions array_positions finds, where a
 * subquery unnesting the symbols cost about three times as much a row (`m:{G}{G}` over card_pick's
 * 30,000 rows).
 */
const symbolCount = (c: SQL, symbol: string) =>
  sql`cardinality(array_positions(${c}.mana_symbols, ${symbol}::text))`;

function manaLeaf(node: Extract<SearchNode, { kind: 'mana' }>, c: SQL): SQL {
  const counts = new Map<string, number>();
  for (const x of node.symbols) counts.set(x, (counts.get(x) ?? 0) + 1);
  const total = node.symbols.length;
  const atLeast = sql.join(
    [...counts].map(([x, n]) => sql`${symbolCount(c, x)} >= ${n}`),
    sql` and `,
  );
  const exactly = sql.join(
    [...counts].map(([x, n]) => sql`${symbolCount(c, x)} = ${n}`),
    sql` and `,
  );
  const json = JSON.stringify(Object.fromEntries(counts));
  const within = sql`not exists (select 1 from unnest(${c}.mana_symbols) as ms(x) group by ms.x
    having count(*) > coalesce((${json}::jsonb ->> ms.x)::int, 0))`;
  const size = sql`cardinality(${c}.mana_symbols)`;
  switch (node.op) {
    case '>=':
      return sql`(${atLeast})`;
    case '>':
      return sql`(${atLeast} and ${size} > ${total})`;
    case '=':
      return sql`(${exactly} and ${size} = ${total})`;
    case '!=':
      return sql`not (${exactly} and ${size} = ${total})`;
    case '<=':
      return within;
    case '<':
      return sql`(${within} and ${size} < ${total})`;
  }
}

/** A comparison of two text arrays as sets, as `c:` compares colours. */
function setLeaf(col: SQL, op: Comparison, values: readonly string[]): SQL {
  const set = textArray(values);
  const n = values.length;
  switch (op) {
    case '=':
      return sql`(${col} @> ${set} and ${col} <@ ${set})`;
    case '!=':
      return sql`not (${col} @> ${set} and ${col} <@ ${set})`;
    case '>=':
      return sql`${col} @> ${set}`;
    case '<=':
      return sql`${col} <@ ${set}`;
    case '>':
      return sql`(${col} @> ${set} and cardinality(${col}) > ${n})`;
    case '<':
      return sql`(${col} <@ ${set} and cardinality(${col}) < ${n})`;
  }
}

/** A collector number's digits as a number, 0 when it has none (`card_search.collector_sort`). */
function collectorDigits(c: SQL): SQL {
  return sql`coalesce(nullif(regexp_replace(${c}.collector_number, '[^0-9]', '', 'g'), '')::bigint, 0)`;
}

/** Another printing of the same card (the alias `cx`), when `condition` holds for it. */
const otherPrinting = (c: SQL, condition: SQL) =>
  sql`exists (select 1 from cards cx where cx.oracle_id = ${c}.oracle_id and ${condition})`;

const NEW_COLUMNS = {
  rarity: 'rarity',
  art: 'illustration_id',
  flavor: 'search_flavor',
  frame: 'frame',
  language: 'lang',
} as const;

/** A whole date from `2015`, `2015-08` or `2015-08-18`. */
const fullDate = (v: string) => (v.length === 4 ? `${v}-01-01` : v.length === 7 ? `${v}-01` : v);

function isLeaf(value: IsValue, c: SQL): SQL {
  switch (value) {
    case 'gamechanger':
      return sql`${c}.game_changer`;
    case 'commander':
      return sql`(${c}.layout not in ('token', 'double_faced_token', 'emblem', 'art_series') and (
        split_part(${c}.search_types, '//', 1) like '%legendary%creature%'
        or ${c}.search_text like '%can be your commander%'))`;
    case 'companion':
      return sql`${c}.keywords @> ${textArray(['Companion'])}`;
    case 'partner':
      return sql`${c}.keywords && ${textArray(PARTNER_KEYWORDS)}`;
    case 'spell':
      return sql`(${frontType(c)} !~ '\\mland\\M' and ${c}.search_types ~ ${wordsRegex(SPELL_TYPES)})`;
    case 'permanent':
      return sql`${frontType(c)} ~ ${wordsRegex(PERMANENT_TYPES)}`;
    case 'historic':
      return sql`${c}.search_types ~ ${wordsRegex(['legendary', 'artifact', 'saga'])}`;
    case 'modal':
      return sql`${c}.search_text like '%•%'`;
    case 'vanilla':
      return sql`(${c}.search_types like '%creature%' and ${c}.search_text = '')`;
    case 'bear':
      return sql`(${c}.search_types like '%creature%' and ${c}.cmc = 2 and ${c}.power_num = 2 and ${c}.toughness_num = 2) is true`;
    case 'party':
    case 'outlaw':
      return sql`(${c}.search_types like '%creature%' and ${c}.search_types ~ ${wordsRegex(value === 'party' ? PARTY_TYPES : OUTLAW_TYPES)})`;
    // The two below read joinedSymbols, where a subquery unnesting the symbols cost about twice as
    // much a row (over 30,000 cards: 97 against 53 ms, 70 against 37).
    case 'hybrid':
      // A symbol whose first `/` is followed by anything but `P`: W/U, 2/W, C/W, W/U/P.
      return sql`('|' || ${joinedSymbols(c)}) ~ ${'\\|[^/|]+/[^/P|]'}`;
    case 'phyrexian':
      // A symbol ending in `/P`.
      return sql`(${joinedSymbols(c)} || '|') like '%/P|%'`;
    case 'dfc':
      return sql`${c}.layout in ('transform', 'modal_dfc', 'meld', 'reversible_card', 'double_faced_token')`;
    case 'mdfc':
      return sql`${c}.layout = 'modal_dfc'`;
    case 'split':
    case 'flip':
    case 'adventure':
    case 'transform':
    case 'meld':
    case 'leveler':
    case 'saga':
      return sql`${c}.layout = ${value}`;
    case 'foil':
    case 'nonfoil':
    case 'etched':
      return sql`${c}.finishes @> ${textArray([value])}`;
    case 'reprint':
    case 'promo':
    case 'reserved':
    case 'digital':
    case 'textless':
    case 'oversized':
    case 'booster':
      return sql`${c}.${sql.raw(value)}`;
    case 'firstprint':
      return sql`not ${c}.reprint`;
    case 'fullart':
      return sql`${c}.full_art`;
    case 'spotlight':
      return sql`${c}.story_spotlight`;
    case 'funny':
      return sql`coalesce(${c}.set_type = 'funny', false)`;
    case 'showcase':
    case 'extendedart':
      return sql`${c}.frame_effects @> ${textArray([value])}`;
    case 'borderless':
      return sql`coalesce(${c}.border_color = 'borderless', false)`;
    case 'pathway':
      return sql`(${c}.layout = 'modal_dfc' and ${c}.name like '% Pathway // % Pathway')`;
    case 'dual':
    case 'fetchland':
    case 'shockland':
    case 'checkland':
    case 'fastland':
    case 'painland':
    case 'scryland':
    case 'bounceland':
      return sql`${c}.name = any(${textArray(LAND_CYCLES[value])})`;
    case 'token':
      return sql`${c}.layout in ('token', 'double_faced_token')`;
    case 'extra':
      return sql`${c}.layout in ${EXTRA_LAYOUTS_SQL}`;
    case 'include-extras':
      return sql`true`;
    case 'unresolved':
      return sql`false`;
  }
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
    case 'oracle': {
      const col = sql.raw(node.full ? 'search_text' : 'search_rules');
      if (!node.value.includes('~')) return sql`${c}.${col} like ${contains(node.value)}`;
      // `~` is the card's name (or a face's): one LIKE for each name the card answers to.
      const pattern = contains(node.value);
      return sql`exists (select 1 from unnest(${c}.name_keys) as nk(n)
        where ${c}.${col} like replace(${pattern}, '~', replace(replace(replace(nk.n, '\\', '\\\\'), '%', '\\%'), '_', '\\_')))`;
    }
    case 'text':
      return node.field === 'flavor'
        ? sql`${c}.search_flavor like ${contains(node.value)}`
        : sql`lower(${c}.artist) like ${contains(node.value)}`;
    case 'regex':
      return sql`${c}.${sql.raw(REGEX_COLUMNS[node.field])} ~* ${toPostgresRegex(node.pattern)}`;
    case 'colorCount':
      return sql`cardinality(${c}.${sql.raw(node.field === 'colors' ? 'colors' : 'color_identity')}) ${sql.raw(OPS[node.op])} ${node.value}`;
    case 'stat': {
      const right =
        typeof node.value === 'number' ? sql`${node.value}` : sql`${c}.${sql.raw(STAT_COLUMNS[node.value])}`;
      return sql`${c}.${sql.raw(STAT_COLUMNS[node.field])} ${sql.raw(OPS[node.op])} ${right}`;
    }
    case 'mana':
      return manaLeaf(node, c);
    case 'devotion': {
      // One colour: its letter counted in joinedSymbols (no symbol holds a colour's letter twice),
      // where a subquery unnesting them cost about two and a half times as much a row
      // (devotion:{G}{G} over 30,000 cards: 110 against 42 ms). Two: the symbols holding either.
      const [only, ...more] = node.colors;
      const joined = joinedSymbols(c);
      const count =
        only !== undefined && more.length === 0
          ? sql`(length(${joined}) - length(replace(${joined}, ${only}, '')))`
          : sql`(select count(*) from unnest(${c}.mana_symbols) as ms(x) where ms.x ~ ${`[${node.colors.join('')}]`})`;
      return sql`${count} ${sql.raw(OPS[node.op])} ${node.count}`;
    }
    case 'produces':
      return setLeaf(sql`${c}.produced_mana`, node.op, node.symbols);
    case 'block':
      return sql`${c}.set in (select cs.code from card_sets cs where cs.block_code = ${node.value} or lower(cs.block) = ${node.value})`;
    case 'settype':
      return sql`${c}.set_type = ${node.value}`;
    case 'date':
      return node.bySet
        ? sql`${c}.released_at ${sql.raw(OPS[node.op])} (select cs.released_at from card_sets cs where cs.code = ${node.value})`
        : sql`${c}.released_at ${sql.raw(OPS[node.op])} ${fullDate(node.value)}::date`;
    case 'keyword':
      // One keyword among the card's, joined by `|` (which none holds) and lower-cased: a string
      // search, where a subquery unnesting them cost about five times as much a row.
      // A value holding `|` is no keyword (it would match two neighbours).
      if (node.value.includes('|')) return sql`false`;
      return sql`position(${`|${node.value}|`} in '|' || lower(array_to_string(${c}.keywords, '|')) || '|') > 0`;
    case 'watermark':
      return sql`${c}.watermark = ${node.value}`;
    case 'game':
      return sql`${c}.games @> ${textArray([node.value])}`;
    case 'in': {
      const cond =
        node.what === 'game'
          ? sql`cx.games @> ${textArray([node.value])}`
          : sql`cx.${sql.raw(node.what === 'set' ? 'set' : node.what === 'rarity' ? 'rarity' : 'lang')} = ${node.value}`;
      const own =
        node.what === 'game'
          ? sql`${c}.games @> ${textArray([node.value])}`
          : sql`${c}.${sql.raw(node.what === 'set' ? 'set' : node.what === 'rarity' ? 'rarity' : 'lang')} = ${node.value}`;
      return sql`(${own} or ${otherPrinting(c, cond)})`;
    }
    case 'new': {
      const earlier = sql`cx.released_at < ${c}.released_at`;
      if (node.value === 'card') return sql`not ${otherPrinting(c, earlier)}`;
      const col = sql.raw(NEW_COLUMNS[node.value]);
      const present = node.value === 'flavor' ? sql`${c}.${col} <> ''` : sql`${c}.${col} is not null`;
      return sql`(${present} and not ${otherPrinting(c, sql`${earlier} and cx.${col} = ${c}.${col}`)})`;
    }
    case 'option':
      return sql`true`;
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
      if (node.field === 'year')
        return sql`extract(year from ${c}.released_at) ${sql.raw(OPS[node.op])} ${node.value}`;
      const col = sql.raw(node.field === 'mv' ? 'cmc' : node.field);
      return sql`${c}.${col} ${sql.raw(OPS[node.op])} ${node.value}`;
    }
    case 'rarity':
      return sql`${rarityRank(c)} ${sql.raw(OPS[node.op])} ${RARITY_RANK[node.value]}`;
    case 'set':
      return sql`${c}.set = ${node.value}`;
    case 'cn':
      if (!node.op) return sql`${c}.collector_number = ${node.value}`;
      // The number's digits, as `collector_sort` holds them (0 when it has none).
      return sql`${collectorDigits(c)} ${sql.raw(OPS[node.op])} ${Number(node.value)}`;
    case 'lang':
      return node.value === 'any' ? sql`true` : sql`${c}.lang = ${node.value}`;
    case 'format':
      return node.status === 'legal'
        ? sql`${c}.legalities ->> ${node.value} in ('legal', 'restricted')`
        : sql`${c}.legalities ->> ${node.value} = ${node.status}`;
    case 'is':
      return isLeaf(node.value, c);
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
  return someLeaf(node, (leaf) =>
    leaf.kind === 'is'
      ? leaf.value === 'include-extras' || leaf.value === 'token' || leaf.value === 'extra'
      : leaf.kind === 'type' && EXTRA_TYPES.some((word) => leaf.value.toLowerCase().includes(word)),
  );
}

/**
 * Whether a query reads only what every printing of a card shares: its types, colours, colour
 * identity, mana value, `is:commander`, rules text (`o:` without `~`), power, toughness, loyalty,
 * keywords, mana cost and the mana it produces, all from the oracle card.
 * Then each card's printings all match or none does, and `unique=cards` shows the printing
 * `card_pick` holds for the card. Not legalities: Scryfall gives Old School's per printing.
 */
export function readsCardOnly(node: SearchNode): boolean {
  return !someLeaf(node, (leaf) => !(sharedLeaf(leaf) || pickedLeaf(leaf)));
}

/**
 * A leaf over what every printing of a card shares that card_pick holds and card_search does not
 * (migration 0035): power, toughness, loyalty, keywords, mana cost and the mana a card produces,
 * and the `is:` values of them (FACT_IS).
 * A search of them reads card_pick alone (`readsCardOnly`); with prices, rarity or a language it
 * reads the wide rows, since card_search has no such columns for the other printings.
 */
const pickedLeaf = (leaf: Leaf) =>
  (leaf.kind === 'is' && FACT_IS.has(leaf.value)) ||
  leaf.kind === 'stat' ||
  leaf.kind === 'keyword' ||
  leaf.kind === 'mana' ||
  leaf.kind === 'devotion' ||
  leaf.kind === 'produces';

/**
 * A leaf over what every printing of a card shares (see `readsCardOnly`). An option (`order:usd`)
 * holds for every printing: `usd>=10 order:usd` typed in the query searches as `usd>=10` with the
 * order given apart does, where it read and sorted every matching printing.
 */
const sharedLeaf = (leaf: Leaf) =>
  leaf.kind === 'option' ||
  leaf.kind === 'type' ||
  (leaf.kind === 'is' && TYPE_IS(leaf.value)) ||
  leaf.kind === 'color' ||
  (leaf.kind === 'number' && leaf.field === 'mv') ||
  (leaf.kind === 'is' && leaf.value === 'commander') ||
  (leaf.kind === 'oracle' && !leaf.full && !leaf.value.includes('~'));

/**
 * A leaf over what card_pick's bounds answer for all of a card's printings: prices, rarity, and the
 * legalities card_search's flags hold.
 */
const boundedLeaf = (leaf: Leaf) =>
  leaf.kind === 'rarity' ||
  (leaf.kind === 'number' && (leaf.field === 'usd' || leaf.field === 'eur')) ||
  (leaf.kind === 'format' && FLAG_FORMATS.includes(leaf.value));

/** Whether `a op b` holds. */
function holds(a: number, op: Comparison, b: number): boolean {
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '>=':
      return a >= b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '<':
      return a < b;
  }
}

/** `a op b` fails exactly when `a (NEGATED[op]) b` holds. */
const NEGATED: Record<Comparison, Comparison> = {
  '=': '!=',
  '!=': '=',
  '>=': '<',
  '<=': '>',
  '>': '<=',
  '<': '>=',
};

/**
 * A condition on card_pick's bounds (alias `p`: migration 0028) that holds for every card some
 * printing of which matches `node` (`want`), or fails it (`!want`), among the printings its pick
 * was chosen from; null when the bounds say nothing (a leaf they do not hold, or an `or` with such
 * a branch). Leaves every printing shares read the pick itself. It may hold for cards none of whose
 * printings match (`usd>=1 usd<=2` and one printing at 0.5, another at 3): the search still applies.
 */
export function pickBounds(node: SearchNode, p: SQL, want = true): SQL | null {
  switch (node.kind) {
    case 'not':
      return pickBounds(node.child, p, !want);
    case 'and':
    case 'or': {
      const parts = node.children.map((n) => pickBounds(n, p, want));
      const known = parts.filter((x): x is SQL => x !== null);
      // Some printing matches `a and b` only if some matches a and some b; `a or b`, if some
      // matches a or some b. Failing swaps them.
      if ((node.kind === 'and') === want) return known.length ? sql`(${sql.join(known, sql` and `)})` : null;
      return known.length === parts.length ? sql`(${sql.join(known, sql` or `)})` : null;
    }
    default: {
      if (sharedLeaf(node)) {
        const leaf = compileNode(node, { c: p, s: p, flags: p, bits: p });
        return want ? leaf : sql`(not ${leaf})`;
      }
      if (node.kind === 'rarity') {
        const rank = RARITY_RANK[node.value];
        const ranks = [...new Set(Object.values(RARITY_RANK))];
        const mask = ranks.filter((r) => holds(r, node.op, rank) === want).reduce((m, r) => m | (1 << r), 0);
        // The masks that have one of those bits, which card_pick_rarity answers, where
        // `rarity_mask & mask <> 0` read every pick (`legal:modern r:mythic` over 110,000 printings,
        // medians of 20 interleaved: the page 13.0 -> 5.7 ms, the count 11.2 -> 4.0 ms).
        const masks = Array.from({ length: 1 << (Math.max(...ranks) + 1) }, (_, m) => m).filter(
          (m) => m & mask,
        );
        return masks.length ? sql`${p}.rarity_mask in (${sql.raw(masks.join(', '))})` : sql`false`;
      }
      if (node.kind === 'number' && (node.field === 'usd' || node.field === 'eur')) {
        // Printings without the price fail every comparison with it.
        const col = (end: 'min' | 'max' | 'missing') => sql`${p}.${sql.raw(`${node.field}_${end}`)}`;
        const op = want ? node.op : NEGATED[node.op];
        const x = node.value;
        const some =
          op === '='
            ? sql`${col('min')} <= ${x} and ${col('max')} >= ${x}`
            : op === '!='
              ? sql`(${col('min')} <> ${x} or ${col('max')} <> ${x})`
              : op === '>=' || op === '>'
                ? sql`${col('max')} ${sql.raw(op)} ${x}`
                : sql`${col('min')} ${sql.raw(op)} ${x}`;
        // Bare, under no `not` (pickBounds pushes them down to the leaves): the bounds are a filter.
        return want ? sql`(${some})` : sql`(${col('missing')} or ${some})`;
      }
      if (node.kind === 'format' && FLAG_FORMATS.includes(node.value)) {
        // The pick's legalities are all its printings' unless they vary.
        const leaf = node.status === 'restricted' ? legalLeaf(node, p) : legalBitsLeaf(node, p);
        return sql`(${p}.flags_vary or ${want ? leaf : sql`not ${leaf}`})`;
      }
      return null;
    }
  }
}

/**
 * Whether card_pick's bounds (`pickBounds`) answer a bounded search exactly: then a card some
 * printing of which matches is a card whose bounds hold, and the search's cards are counted in
 * card_pick alone. So for a conjunction of terms over what a card's printings share and one
 * price comparison (`>=`, `>`, `<=`, `<`: against the lowest or highest price) or rarity (against
 * the rarities' mask), negated or not (`t:creature usd>=10`, `-r:common c:g`): the shared terms
 * hold for every printing or none, and some printing has that price or rarity exactly when the
 * bound says so. Not two of them (`r:rare usd>=1`: one printing rare, another at a dollar), nor
 * `usd=2` (printings at 1 and 3), nor legalities (`flags_vary` only says that they differ).
 */
export function exactlyBounded(node: SearchNode): boolean {
  const terms = node.kind === 'and' ? node.children : [node];
  const varying = terms.filter((t) => someLeaf(t, (leaf) => !sharedLeaf(leaf)));
  const only = varying.length === 1 ? varying[0] : undefined;
  const leaf = only?.kind === 'not' ? only.child : only;
  return (
    leaf?.kind === 'rarity' ||
    (leaf?.kind === 'number' &&
      (leaf.field === 'usd' || leaf.field === 'eur') &&
      (leaf.op === '>=' || leaf.op === '>' || leaf.op === '<=' || leaf.op === '<'))
  );
}

/**
 * Whether a query keeps one language, and reads besides only what a card's printings share
 * (`lang:ja t:creature`): its one `lang:` leaf names a language and must hold (a term of its
 * top-level `and`). Then a card's printings in that language all match or none does, and
 * `unique=cards` shows the first of them (card_search.first_in_lang).
 */
export function keepsOneLanguage(node: SearchNode): boolean {
  const term = (node.kind === 'and' ? node.children : [node]).find(
    (t) => t.kind === 'lang' && t.value !== 'any',
  );
  return term !== undefined && !someLeaf(node, (leaf) => leaf !== term && !sharedLeaf(leaf));
}

/** Whether a query names a language anywhere (`lang:fr`, `lang:any`, negated or not). */
export function mentionsLanguage(node: SearchNode): boolean {
  return someLeaf(node, (leaf) => leaf.kind === 'lang');
}

/** The aliases a compiled search reads besides `cards` (see `Aliases`). */
export interface SearchAliases {
  /** `card_search` or `entry_search`: the leaves it holds. */
  narrow?: string;
  /** Name substrings (`entry_search.search_name`). */
  names?: string;
  /** `list_entries`, for entries without a printing. */
  loose?: string;
  /** `card_search`: legalities, `is:commander` and the layout's `is:` values. */
  flags?: string;
  /** `card_pick`: `legal:`, `banned:` and `is:commander` (its `legal_bits`). */
  bits?: string;
}

/**
 * Compiles an AST to a SQL filter over the `cards` alias `alias` (default `c`) and `read`'s: true
 * for the rows that match, false or NULL for the others (a value needs `coalesce(…, false)`).
 */
export function compileSearch(ast: SearchNode, alias = 'c', read: SearchAliases = {}): SQL {
  const raw = (name: string | undefined) => (name ? sql.raw(name) : undefined);
  return compileNode(
    ast,
    {
      c: sql.raw(alias),
      s: raw(read.narrow),
      names: raw(read.names),
      loose: raw(read.loose),
      flags: raw(read.flags),
      bits: raw(read.bits),
    },
    true,
  );
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
export const collectorSort = (c: SQL) => sql`${collectorDigits(c)}, ${c}.collector_number`;

function orderSql(order: SearchOrder, dir: SortDirectionValue, c: SQL): SQL {
  const d = sql.raw(dir);
  switch (order) {
    case 'released':
      return sql`${c}.released_at ${d} nulls last, ${c}.name asc`;
    case 'mv':
      return sql`${c}.cmc ${d}, ${c}.name asc`;
    case 'usd':
    case 'eur':
    case 'tix':
      return sql`${c}.${sql.raw(order)} ${d} nulls last, ${c}.name asc`;
    case 'rarity':
      return sql`${rarityRank(c)} ${d}, ${c}.name asc`;
    case 'set':
      return sql`${c}.set ${d}, ${collectorSort(c)}`;
    case 'color':
      // Scryfall's colour order: colourless last, then by count, then WUBRG.
      return sql`cardinality(${c}.colors) = 0 ${d}, cardinality(${c}.colors) ${d}, array_to_string(${c}.colors, '') ${d}, ${c}.name asc`;
    case 'power':
      return sql`${c}.power_num ${d} nulls last, ${c}.name asc`;
    case 'toughness':
      return sql`${c}.toughness_num ${d} nulls last, ${c}.name asc`;
    case 'edhrec':
      return sql`${c}.edhrec_rank ${d} nulls last, ${c}.name asc`;
    case 'artist':
      return sql`${c}.artist ${d} nulls last, ${c}.name asc`;
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

/** The columns of card_search an order reads besides the name and date (see `catalogueOrder`). */
const NARROW_ORDER_COLUMNS: Partial<Record<SearchOrder, string[]>> = {
  mv: ['cmc'],
  usd: ['usd'],
  eur: ['eur'],
  rarity: ['rarity_rank'],
  set: ['set', 'collector_sort', 'collector_number'],
};

/** The orders the narrow rows of a catalogue search can sort by (see `catalogueOrder`). */
const NARROW_ORDERS = new Set<SearchOrder>(['name', 'released', 'mv', 'usd', 'eur', 'rarity', 'set']);

/**
 * The order of a catalogue search over its narrow rows `m` (card_search's columns): as `orderSql`,
 * with the rarity's rank and the collector number's digits precomputed.
 */
function catalogueOrder(order: SearchOrder, dir: SortDirectionValue, alias = 'm'): SQL {
  const d = sql.raw(dir);
  const m = sql.raw(alias);
  switch (order) {
    case 'rarity':
      return sql`${m}.rarity_rank ${d}, ${m}.name asc`;
    case 'set':
      return sql`${m}.set ${d}, ${m}.collector_sort, ${m}.collector_number`;
    default:
      return orderSql(order, dir, m);
  }
}

/**
 * The orders card_pick has an index in (migration 0031), ascending: see `boundedSource`. Not by
 * name: the matching picks of `(c:u or c:b) r:rare usd>=1`, which the planner thought one against
 * 4,054, were read and sorted all the same, and card_pick read again (15.6 -> 23.3 ms).
 */
const PICK_ORDERS = new Set<SearchOrder>(CURRENCIES);

/**
 * The printing each card shows among `rows` (with their card as `unique_key`): in English first,
 * the newest (undated last), then by id.
 */
const firstOfEachCard = (rows: SQL) => sql`select distinct on (u.unique_key) u.* from (${rows}) u
  order by u.unique_key, (u.lang = 'en') desc, u.released_at desc nulls last, u.id`;

/**
 * A `unique=cards` search that reads prices or rarity besides what a card's printings share (see
 * `pickBounds`): the columns `names` it reads, the search compiled over card_pick (`picks`) and
 * over card_search (`matches`), both as `s`, and the bounds that hold for every card some printing
 * of which may match (`bounds`, over card_pick as `s`).
 */
interface Bounded {
  names: readonly string[];
  picks: SQL;
  matches: SQL;
  bounds: SQL;
  /** Whether the bounds answer the search exactly (`exactlyBounded`): then they count it alone. */
  exact: boolean;
}

/**
 * The other cards' printings that match: those of the cards whose pick does not match but whose
 * bounds say another printing may (`others`: their keys, as a subquery), read in card_search
 * through its index of each card's printings. English ones against the keys as an array, which
 * that index looks up in order; the few others shown against the keys hashed: as an array, each of
 * those rows was compared with every key in turn (`usd>=10` over 110,000 printings: 356 rows,
 * 312 keys, 3.6 against 2.1 ms).
 */
function otherPrintings(columns: SQL, matches: SQL, others: SQL): SQL {
  const branch = (keys: SQL, only: SQL) =>
    sql`select ${columns} from card_search s
      where ${matches} and s.layout not in ${EXTRA_LAYOUTS_SQL} and ${keys} and ${only}`;
  return sql`${branch(sql`s.oracle_key = any(array(${others}))`, sql`s.lang = 'en'`)}
    union all ${branch(sql`s.oracle_key in (${others})`, sql`s.lang <> 'en' and s.shown`)}`;
}

/**
 * The rows (columns `names`) of the printing each card shows for a bounded search. A card whose
 * pick matches shows it: it is the first choice among all the card's printings, so among the
 * matching ones. The others choose among their printings that match (`otherPrintings`) as any
 * search does. Card_pick is read once, held in a materialized CTE.
 *
 * With `top` (an order card_pick has an index in, over `s`, and how many rows the page reaches),
 * only the first rows of the matching picks in that order are read, along the index, and card_pick
 * is read again for the other cards' keys: the page is in them and the other cards' printings
 * (`usd>=10 order=usd` over 110,000 printings, 9,650 matching picks: 32 -> 19 ms, medians of 12
 * interleaved). That source does not count the matches: `boundedCount` does.
 */
function boundedSource(b: Bounded, top?: { ordered: SQL; rows: number }): SQL {
  const list = (alias: string) => sql.raw(b.names.map((n) => `${alias}.${n}`).join(', '));
  const columns = sql`${list('s')}, s.oracle_key collate "C" as unique_key`;
  if (top) {
    // Inside the subqueries `s` is card_pick, as `picks` and `bounds` read it.
    const others = sql`select s.oracle_key from card_pick s where ${b.bounds} and not coalesce(${b.picks}, false)`;
    return sql`((select ${columns} from card_pick s where ${b.bounds} and ${b.picks}
        order by ${top.ordered}, s.id limit ${top.rows})
      union all (${firstOfEachCard(otherPrintings(columns, b.matches, others))})) m`;
  }
  return sql`(with p as materialized (select ${list('s')}, s.oracle_key, coalesce(${b.picks}, false) as hit
      from card_pick s where ${b.bounds})
    select ${list('p')}, p.oracle_key collate "C" as unique_key from p where p.hit
    union all (${firstOfEachCard(otherPrintings(columns, b.matches, sql`select p.oracle_key from p where not p.hit`))})) m`;
}

/**
 * The count of a bounded search's cards: the matching picks, and the other cards with a matching
 * printing, their keys alone (where the page's source carried every column to the choice of a
 * printing per card: `usd>=10` over 110,000 printings, 29 -> 19 ms). When the bounds answer the
 * search exactly (`exactlyBounded`), the cards whose bounds hold, in card_pick alone.
 */
function boundedCount(b: Bounded): SQL {
  if (b.exact) return sql`select count(*)::int as total from card_pick s where ${b.bounds}`;
  const others = otherPrintings(
    sql`s.oracle_key`,
    b.matches,
    sql`select p.oracle_key from p where not p.hit`,
  );
  return sql`with p as materialized (select s.oracle_key, coalesce(${b.picks}, false) as hit
      from card_pick s where ${b.bounds})
    select ((select count(*) from p where p.hit)
      + (select count(distinct k.oracle_key) from (${others}) k))::int as total`;
}

/**
 * A page of catalogue search results; `unique=cards` keeps the newest English printing per card.
 * A search whose leaves and order the narrow `card_search` rows answer (types, colours, mana value,
 * prices, rarity, set, number, language) runs over them alone: they hold the card of each printing,
 * its date and layout, at about a tenth of the wide rows' size. Any other search runs over the wide
 * `cards` rows (joining both would hash one of them whole), projecting only what the order and
 * `unique` read, so the sorts that follow handle narrow tuples either way.
 */
export async function searchCatalogue(
  db: Db,
  s: CatalogueSearch,
): Promise<{ cards: CardData[]; total: number }> {
  const ast = parseSearchParam(s.q, 'q');
  // `unique:`, `order:` and `direction:` in the query win over the parameters (as on Scryfall).
  const options = searchOptions(ast);
  const unique = (options.unique ?? s.unique) as CardUniqueValue;
  const order = (options.order ?? s.order) as SearchOrder;
  const dir = (options.direction ?? s.dir) as SortDirectionValue;
  // A search of what every printing of a card shares reads card_pick, one row a card (no extras):
  // the printing the choice among a card's printings below makes when they all match (`-t:land
  // c:c` over 110,000 printings read and sorted 11,000 printings for 3,400 cards; `o:` read the
  // rules text of every printing).
  const picked =
    unique === 'cards' &&
    NARROW_ORDERS.has(order) &&
    !asksForExtras(ast) &&
    !mentionsLanguage(ast) &&
    readsCardOnly(ast);
  const narrow = picked || (!needsCardsRow(ast, false, true) && unique !== 'art' && NARROW_ORDERS.has(order));
  // A search that also reads prices, rarity or legalities, which a card's printings need not
  // share: card_pick answers for the cards whose pick matches, and its bounds name the few others
  // some printing of which may (`usd>=10` over 110,000 printings: 9,650 picks match, 306 other
  // cards are read, where 31,000 matching printings were read and sorted for 9,956 cards).
  const bounds =
    narrow &&
    !picked &&
    unique === 'cards' &&
    !asksForExtras(ast) &&
    !mentionsLanguage(ast) &&
    !someLeaf(ast, (leaf) => !(sharedLeaf(leaf) || boundedLeaf(leaf))) &&
    // Bans and restrictions alone read card_search's index of them (`banned:legacy`: 1,125
    // printings), where card_pick would be read whole and the cards whose legalities vary besides.
    // What is legal in a format is most cards (`f:commander`: 29,154 of 30,171), whose printings
    // that index handed to the choice of one a card: through card_pick (over 110,000 printings,
    // in-process medians of 9) 170 -> 39 ms, `legal:modern` 97 -> 25 ms.
    someLeaf(ast, (leaf) => boundedLeaf(leaf) && !(leaf.kind === 'format' && leaf.status !== 'legal'))
      ? pickBounds(ast, sql.raw('s'))
      : null;
  const t = sql.raw(narrow ? 's' : 'c');
  // Extras stay out unless the query asks for them, as on Scryfall (a player's own tokens still show
  // in their collection and lists: only the catalogue hides them); card_pick holds none.
  // Over card_search or card_pick (alias `s`, whose columns are the same): a narrow search reads
  // nothing else; card_pick its rules text too (search_rules, with its own index).
  const overNarrow = compileSearch(ast, 's', { narrow: 's', flags: 's' });
  // Over card_pick, legalities and `is:commander` read its bits.
  const overPick = compileSearch(ast, 's', { narrow: 's', flags: 's', bits: 's' });
  const conditions = picked
    ? [overPick]
    : narrow
      ? // With card_search's feature codes, for their GIN index (as list searches do).
        [overNarrow, ...featureHints(ast, CARD_SEARCH_FEATURES, { loneRarity: false })]
      : [compileSearch(ast, 'c')];
  // One language and what a card's printings share: the first printing of each card in it, as
  // the choice among them below would make (`lang:ja` over all_cards read and sorted 44,000
  // printings for 13,000 cards). Those rows are never extras: their index (card_search_first)
  // then answers `lang:ja` alone, without reading the table (over all_cards, 43 -> 10 ms).
  const firstInLanguage = unique === 'cards' && narrow && !asksForExtras(ast) && keepsOneLanguage(ast);
  if (!picked && !firstInLanguage && !asksForExtras(ast))
    conditions.push(sql`${t}.layout not in ${EXTRA_LAYOUTS_SQL}`);
  const where = sql.join(
    conditions.map((c) => sql`(${c})`),
    sql` and `,
  );
  const from = picked ? sql`card_pick s` : narrow ? sql`card_search s` : sql`cards c`;
  // Only what `unique` and the order read: the sorts that follow carry every column.
  const narrowColumns = ['id', 'lang', 'name', 'released_at', ...(NARROW_ORDER_COLUMNS[order] ?? [])];
  const columns = narrow
    ? sql.raw(narrowColumns.map((n) => `s.${n}`).join(', '))
    : sql`c.id, c.lang, c.name, c.released_at, c.cmc, c.usd, c.eur, c.tix, c.rarity, c.set, c.collector_number, c.colors,
        c.power_num, c.toughness_num, c.edhrec_rank, c.artist`;
  const card = narrow ? sql`s.oracle_key` : sql`coalesce(c.oracle_id, c.id)`;
  const key = narrow || unique !== 'art' ? card : sql`coalesce(c.illustration_id, c.id)`;
  const branch = (only: SQL) =>
    sql`select ${columns}, ${key} collate "C" as unique_key from ${from} where ${where} and ${only}`;
  // Without `lang:`, printings in English, and the others card_search's `shown` marks: those of a
  // card that has no English printing (as on Scryfall), which card_search_alone lists. Over
  // card_search: its English partition, and those through that index, so the rest of the other
  // languages stay unread. Over cards: English rows, and those (their ids hashed once a search).
  const english = sql`s.lang = 'en'`;
  const alone = sql`s.lang <> 'en' and s.shown`;
  const byLanguage = narrow && !firstInLanguage && !mentionsLanguage(ast) && !picked;
  const matching = byLanguage
    ? sql`${branch(english)} union all ${branch(alone)}`
    : firstInLanguage
      ? branch(sql`s.first_in_lang`)
      : mentionsLanguage(ast)
        ? branch(sql`true`)
        : picked
          ? someLeaf(ast, pickedLeaf)
            ? pickedAndVaried(columns, where, ast)
            : sql`select ${columns} from ${from} where ${where}`
          : branch(SHOWN_PRINTING);
  const bounded = bounds
    ? { names: narrowColumns, picks: overPick, matches: overNarrow, bounds, exact: exactlyBounded(ast) }
    : null;
  const source =
    unique === 'prints' || picked || firstInLanguage
      ? sql`(${matching}) m`
      : bounded
        ? boundedSource(bounded)
        : sql`(${firstOfEachCard(matching)}) m`;
  const ordered = narrow ? catalogueOrder(order, dir) : orderSql(order, dir, sql.raw('m'));
  const limits = sql`limit ${s.limit} offset ${(s.page - 1) * s.limit}`;
  let found: { ids: string[]; total: number };
  // Printings in English and those alone in their language, each branch ordered and cut to the
  // page's end on its own, so that the English one may walk card_search_name along the order (the
  // outer order sees through neither branch), and each counted apart, which card_search_usd/eur can
  // do alone: over 110,000 printings, `eur>=5 r:rare unique=prints` (22,517 rows) took 28 ms for its
  // page and 27 for its count, 2.6 and 9.5 so. On PGlite too, where one statement counted every
  // match in a window.
  const printsByLanguage = unique === 'prints' && byLanguage;
  if (isPglite(db) && !printsByLanguage)
    found = await pageInOneStatement(db, source, ordered, limits, s.page);
  else {
    const rows = s.page * s.limit;
    const top = (only: SQL) =>
      sql`(${branch(only)} order by ${catalogueOrder(order, dir, 's')}, s.id limit ${rows})`;
    const countWhere = (only: SQL) => sql`(select count(*) from ${from} where ${where} and ${only})`;
    // A bounded search in an order card_pick has an index in pages along it (see boundedSource).
    const page =
      bounded && dir === 'asc' && PICK_ORDERS.has(order)
        ? boundedSource(bounded, { ordered: catalogueOrder(order, dir, 's'), rows })
        : printsByLanguage
          ? sql`(${top(english)} union all ${top(alone)}) m`
          : source;
    const count = bounded
      ? boundedCount(bounded)
      : printsByLanguage
        ? sql`select (${countWhere(english)} + ${countWhere(alone)})::int as total`
        : unique !== 'prints' && !picked && !firstInLanguage
          ? countOf(matching)
          : sql`select count(*)::int as total from ${source}`;
    found = await pageAndCount(db, page, ordered, limits, count);
  }
  const { ids, total } = found;
  const byId = await cardsByIds(db, ids);
  return { cards: ids.flatMap((id) => byId.get(id) ?? []), total };
}

/** A printing of `cards` (alias `c`) a search shows: English, or one card_search shows. */
const SHOWN_PRINTING = sql`(c.lang = 'en' or c.id in (select sx.id from card_search sx where sx.shown and sx.lang <> 'en'))`;

/**
 * A search card_pick answers with what it copied from each pick's `cards` row (`pickedLeaf`): the
 * picks that match, of the cards whose printings share those facts, and for the few whose
 * printings differ in them (`facts_vary`) the first matching printing, chosen among their wide
 * rows in the pick's order (English first, newest, then by id; no extras, and other languages
 * only where card_search shows them), read from card_search as the picks are.
 */
function pickedAndVaried(columns: SQL, where: SQL, ast: SearchNode): SQL {
  const varied = sql`select distinct on (c.oracle_id) c.id from cards c
    where (${compileSearch(ast, 'c')}) and c.layout not in ${EXTRA_LAYOUTS_SQL}
      and ${SHOWN_PRINTING}
      and c.oracle_id in (select p.oracle_key from card_pick p where p.facts_vary)
    order by c.oracle_id, (c.lang = 'en') desc, c.released_at desc nulls last, c.id`;
  return sql`select ${columns} from card_pick s where ${where} and not s.facts_vary
    union all select ${columns} from card_search s where s.id in (${varied})`;
}

/**
 * The count of a `unique=cards` (or `art`) search's cards: of the keys of the matching printings
 * (`unique_key`), hashed rather than sorted with their printings as the choice of one per card
 * does.
 */
function countOf(matching: SQL): SQL {
  return sql`select count(*)::int as total from (select u.unique_key from (${matching}) u group by u.unique_key) k`;
}

/**
 * On PostgreSQL the page and the count are two statements, run at once on two of the pool's
 * connections: the page is a top-N sort of the matches and the count reads no more than it needs,
 * where one statement buffered every match in a window to count them (`eur>=5 r:rare
 * unique=prints` over 110,000 printings, 22,517 rows: the window took 18 of 45 ms; the page and the
 * count at once 29 ms). They see two snapshots: a catalogue sync committing between them can leave
 * the total off by what it changed, until the next request. On PGlite (one connection) they run one
 * after the other, for a unique=prints search whose page and count are each an index's walk.
 */
async function pageAndCount(
  db: Db,
  source: SQL,
  ordered: SQL,
  limits: SQL,
  count: SQL,
): Promise<{ ids: string[]; total: number }> {
  const [page, counted] = await Promise.all([
    db.execute(sql`select m.id from ${source} order by ${ordered}, m.id ${limits}`),
    db.execute(count),
  ]);
  return {
    ids: rowsOf<{ id: string }>(page).map((r) => r.id),
    total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0),
  };
}

/**
 * On PGlite (one connection), one statement. The first page counts with a window over the matches,
 * in a subquery so that the page is a top-N sort of them: with the window beside the order,
 * PostgreSQL sorted every match to hand the window rows in order (`eur>=5 r:rare unique=prints`
 * over 110,000 printings, 22,517 rows: 53 against 37 ms). A later page may lie past the end, where
 * a window has no row to answer on: it counts the matches once, kept, then pages them (as a second
 * query, a page past the end searched twice).
 */
async function pageInOneStatement(
  db: Db,
  source: SQL,
  ordered: SQL,
  limits: SQL,
  page: number,
): Promise<{ ids: string[]; total: number }> {
  const query =
    page === 1
      ? sql`select m.id, m.total from (select m.*, count(*) over ()::int as total from ${source}) m
          order by ${ordered}, m.id ${limits}`
      : sql`with m as materialized (select * from ${source})
          select p.id, t.total from (select count(*)::int as total from m) t
          left join lateral (select m.id from m order by ${ordered}, m.id ${limits}) p on true`;
  const rows = rowsOf<{ id: string | null; total: number }>(await db.execute(query));
  return {
    ids: rows.flatMap((r) => (r.id === null ? [] : [r.id])),
    total: Number(rows[0]?.total ?? 0),
  };
}
