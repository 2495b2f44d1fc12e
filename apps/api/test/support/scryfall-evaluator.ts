/**
 * A second, deliberately plain implementation of the search semantics: it decides whether a raw
 * Scryfall card object (as in ../shared/data) matches a parsed query, in JavaScript, reading the
 * JSON fields themselves — none of the catalogue's columns, none of the SQL compiler. The query
 * suite compares the database's answers with this one's; where they differ, one of the two is
 * wrong. Keep it simple and obviously right rather than fast.
 */
import {
  type Comparison,
  LAND_CYCLES,
  parseSearch,
  RARITY_RANK,
  type Rarity,
  type SearchNode,
} from '../../src/services/card-search-syntax.js';

export type ScryfallCard = Record<string, unknown> & { id: string; name: string };
export interface ScryfallSet {
  code: string;
  released_at?: string;
  block_code?: string;
  block?: string;
}

export interface Universe {
  cards: ScryfallCard[];
  sets: Map<string, ScryfallSet>;
  byOracle: Map<string, ScryfallCard[]>;
}

export function universe(cards: ScryfallCard[], sets: ScryfallSet[]): Universe {
  const bySet = new Map<string, ScryfallSet>();
  for (const s of sets) bySet.set(s.code.toLowerCase(), s);
  // Sets no sets file describes: the earliest release date of their cards (as the import records).
  for (const c of cards) {
    const code = String(c.set).toLowerCase();
    const known = bySet.get(code);
    const date = typeof c.released_at === 'string' ? c.released_at : undefined;
    if (!known) bySet.set(code, { code, ...(date ? { released_at: date } : {}) });
    else if (
      !sets.some((s) => s.code.toLowerCase() === code) &&
      date &&
      (!known.released_at || date < known.released_at)
    )
      known.released_at = date;
  }
  const byOracle = new Map<string, ScryfallCard[]>();
  for (const c of cards) {
    const o = oracleOf(c);
    if (!o) continue;
    byOracle.set(o, [...(byOracle.get(o) ?? []), c]);
  }
  return { cards, sets: bySet, byOracle };
}

type Face = Record<string, unknown>;
const faces = (c: ScryfallCard): Face[] => (Array.isArray(c.card_faces) ? (c.card_faces as Face[]) : []);
const s = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const arr = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const oracleOf = (c: ScryfallCard) => s(c.oracle_id) ?? s(faces(c)[0]?.oracle_id);

const plain = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

function names(c: ScryfallCard): string[] {
  return [c.name, ...c.name.split(' // '), ...faces(c).map((f) => s(f.name) ?? '')]
    .filter(Boolean)
    .map(plain);
}
const printedNames = (c: ScryfallCard) =>
  [s(c.printed_name), ...faces(c).map((f) => s(f.printed_name))].filter((x): x is string => !!x).map(plain);

/** Texts of the card, then of each face, joined by newlines (the order the catalogue keeps). */
const joined = (c: ScryfallCard, key: string) =>
  [s(c[key]), ...faces(c).map((f) => s(f[key]))].filter((x): x is string => !!x);

const types = (c: ScryfallCard) => joined(c, 'type_line').join('\n').toLowerCase();
const fullText = (c: ScryfallCard) => joined(c, 'oracle_text').join('\n').toLowerCase();
/** Reminder text is a parenthesised run within a line. */
const rulesText = (c: ScryfallCard) =>
  joined(c, 'oracle_text')
    .map((t) =>
      t
        .replace(/\([^()\n]*\)/g, '')
        .replace(/ {2,}/g, ' ')
        .replace(/ +\n/g, '\n')
        .trim(),
    )
    .join('\n')
    .toLowerCase();
const flavor = (c: ScryfallCard) => joined(c, 'flavor_text').join('\n').toLowerCase();
const frontType = (c: ScryfallCard) =>
  (s(c.type_line) ?? s(faces(c)[0]?.type_line) ?? '').split(' // ')[0]!.toLowerCase();
const colors = (c: ScryfallCard) =>
  Array.isArray(c.colors) ? arr(c.colors) : [...new Set(faces(c).flatMap((f) => arr(f.colors)))];
const manaCost = (c: ScryfallCard) =>
  s(c.mana_cost) ??
  (faces(c).length
    ? faces(c)
        .map((f) => s(f.mana_cost) ?? '')
        .join(' // ')
    : '');
const symbols = (c: ScryfallCard) =>
  [...manaCost(c).matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!.toUpperCase());
const prices = (c: ScryfallCard) => (c.prices ?? {}) as Record<string, unknown>;
const hasWord = (text: string, words: string[]) => words.some((w) => new RegExp(`\\b${w}\\b`).test(text));

function stat(c: ScryfallCard, key: string): number | null {
  const raw =
    s(c[key]) ??
    faces(c)
      .map((f) => s(f[key]))
      .find((x) => x != null) ??
    null;
  if (raw == null) return null;
  if (/^[+-]?\d+(\.\d+)?$/.test(raw.trim())) return Number(raw);
  const lead = /^[+-]?\d+/.exec(raw.trim());
  if (lead) return Number(lead[0]);
  return /^[*xX]/.test(raw.trim()) ? 0 : null;
}

function compare(a: number | string, op: Comparison, b: number | string): boolean {
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
  }
}

/** Set comparison of two lists of distinct values, as `c:` compares colours. */
function compareSets(have: string[], op: Comparison, want: string[]): boolean {
  const sub = have.every((x) => want.includes(x));
  const sup = want.every((x) => have.includes(x));
  switch (op) {
    case '=':
      return sub && sup;
    case '!=':
      return !(sub && sup);
    case '>=':
      return sup;
    case '<=':
      return sub;
    case '>':
      return sup && have.length > want.length;
    case '<':
      return sub && have.length < want.length;
  }
}

function countOf(list: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of list) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
}

const EXTRA_LAYOUTS = ['token', 'double_faced_token', 'emblem', 'art_series', 'planar', 'scheme', 'vanguard'];
const DFC_LAYOUTS = ['transform', 'modal_dfc', 'meld', 'reversible_card', 'double_faced_token'];

function isValue(c: ScryfallCard, value: string): boolean {
  const t = types(c);
  const text = fullText(c);
  const front = frontType(c);
  switch (value) {
    case 'gamechanger':
      return c.game_changer === true;
    case 'commander':
      return (
        !['token', 'double_faced_token', 'emblem', 'art_series'].includes(String(c.layout)) &&
        (/legendary.*creature/.test(t.split('//')[0]!) || text.includes('can be your commander'))
      );
    case 'companion':
      return arr(c.keywords).includes('Companion');
    case 'partner':
      return arr(c.keywords).some((k) =>
        ['Partner', 'Partner with', 'Friends forever', "Doctor's companion"].includes(k),
      );
    case 'spell':
      return (
        !hasWord(front, ['land']) &&
        hasWord(t, [
          'artifact',
          'creature',
          'enchantment',
          'instant',
          'sorcery',
          'planeswalker',
          'battle',
          'kindred',
          'tribal',
        ])
      );
    case 'permanent':
      return hasWord(front, ['artifact', 'creature', 'enchantment', 'land', 'planeswalker', 'battle']);
    case 'historic':
      return hasWord(t, ['legendary', 'artifact', 'saga']);
    case 'modal':
      return text.includes('•');
    case 'vanilla':
      return t.includes('creature') && text === '';
    case 'bear':
      return t.includes('creature') && c.cmc === 2 && stat(c, 'power') === 2 && stat(c, 'toughness') === 2;
    case 'party':
      return t.includes('creature') && hasWord(t, ['cleric', 'rogue', 'warrior', 'wizard']);
    case 'outlaw':
      return t.includes('creature') && hasWord(t, ['assassin', 'mercenary', 'pirate', 'rogue', 'warlock']);
    case 'hybrid':
      return symbols(c).some((x) => x.split('/').filter((p) => p !== 'P').length >= 2);
    case 'phyrexian':
      return symbols(c).some((x) => x.endsWith('/P'));
    case 'dfc':
      return DFC_LAYOUTS.includes(String(c.layout));
    case 'mdfc':
      return c.layout === 'modal_dfc';
    case 'split':
    case 'flip':
    case 'adventure':
    case 'transform':
    case 'meld':
    case 'leveler':
    case 'saga':
      return c.layout === value;
    case 'foil':
    case 'nonfoil':
    case 'etched': {
      const finishes = arr(c.finishes).length
        ? arr(c.finishes)
        : [...(c.nonfoil !== false ? ['nonfoil'] : []), ...(c.foil ? ['foil'] : [])];
      return finishes.includes(value);
    }
    case 'reprint':
    case 'promo':
    case 'reserved':
    case 'digital':
    case 'textless':
    case 'oversized':
    case 'booster':
      return c[value] === true;
    case 'firstprint':
      return c.reprint !== true;
    case 'fullart':
      return c.full_art === true;
    case 'spotlight':
      return c.story_spotlight === true;
    case 'funny':
      return c.set_type === 'funny';
    case 'showcase':
    case 'extendedart':
      return arr(c.frame_effects).includes(value);
    case 'borderless':
      return c.border_color === 'borderless';
    case 'pathway':
      return c.layout === 'modal_dfc' && /^.* Pathway \/\/ .* Pathway$/.test(c.name);
    case 'token':
      return c.layout === 'token' || c.layout === 'double_faced_token';
    case 'extra':
      return EXTRA_LAYOUTS.includes(String(c.layout));
    case 'include-extras':
      return true;
    case 'unresolved':
      return false;
    default: {
      const cycle = LAND_CYCLES[value as keyof typeof LAND_CYCLES];
      if (!cycle) throw new Error(`evaluator: no is:${value}`);
      return cycle.includes(c.name);
    }
  }
}

const RARITY_OF: Record<string, number> = RARITY_RANK;

function leaf(c: ScryfallCard, node: SearchNode, u: Universe): boolean {
  switch (node.kind) {
    case 'and':
      return node.children.every((n) => leaf(c, n, u));
    case 'or':
      return node.children.some((n) => leaf(c, n, u));
    case 'not':
      return !leaf(c, node.child, u);
    case 'name': {
      const v = plain(node.value);
      return node.exact ? names(c).includes(v) : [...names(c), ...printedNames(c)].some((n) => n.includes(v));
    }
    case 'type':
      return types(c).includes(node.value);
    case 'oracle': {
      const text = node.full ? fullText(c) : rulesText(c);
      if (!node.value.includes('~')) return text.includes(node.value);
      return names(c).some((n) => text.includes(node.value.split('~').join(n)));
    }
    case 'text':
      return node.field === 'flavor'
        ? flavor(c).includes(node.value)
        : (s(c.artist) ?? '').toLowerCase().includes(node.value) && s(c.artist) !== null;
    case 'regex': {
      const re = new RegExp(node.pattern, 'i');
      const subject = {
        name: c.name,
        type: types(c),
        oracle: rulesText(c),
        fulloracle: fullText(c),
        flavor: flavor(c),
        artist: s(c.artist),
      }[node.field];
      return subject != null && re.test(subject);
    }
    case 'color': {
      const have = node.field === 'colors' ? colors(c) : arr(c.color_identity);
      if ('multicolor' in node.value) {
        const many = have.length >= 2;
        return node.op === '!=' || node.op === '<' ? !many : many;
      }
      const want = node.value.colors;
      if (node.op === '>=' && want.length === 0) return have.length === 0;
      return compareSets(have, node.op, want);
    }
    case 'colorCount':
      return compare(
        (node.field === 'colors' ? colors(c) : arr(c.color_identity)).length,
        node.op,
        node.value,
      );
    case 'number': {
      let v: number | null;
      if (node.field === 'mv') v = typeof c.cmc === 'number' ? c.cmc : 0;
      else if (node.field === 'year')
        v = typeof c.released_at === 'string' ? Number(c.released_at.slice(0, 4)) : null;
      else {
        const p = prices(c)[node.field];
        v = p == null ? null : Number(Number(p).toFixed(2));
      }
      return v != null && compare(v, node.op, node.value);
    }
    case 'stat': {
      const key = { pow: 'power', tou: 'toughness', loy: 'loyalty' } as const;
      const a = stat(c, key[node.field]);
      const b = typeof node.value === 'number' ? node.value : stat(c, key[node.value]);
      return a != null && b != null && compare(a, node.op, b);
    }
    case 'mana': {
      const have = countOf(symbols(c));
      const want = countOf(node.symbols);
      const total = symbols(c).length;
      const atLeast = [...want].every(([x, n]) => (have.get(x) ?? 0) >= n);
      const exactly = [...want].every(([x, n]) => (have.get(x) ?? 0) === n) && total === node.symbols.length;
      const within = [...have].every(([x, n]) => n <= (want.get(x) ?? 0));
      switch (node.op) {
        case '>=':
          return atLeast;
        case '>':
          return atLeast && total > node.symbols.length;
        case '=':
          return exactly;
        case '!=':
          return !exactly;
        case '<=':
          return within;
        case '<':
          return within && total < node.symbols.length;
      }
      return false;
    }
    case 'devotion': {
      const n = symbols(c).filter((x) =>
        x.split('').some((ch) => (node.colors as string[]).includes(ch)),
      ).length;
      return compare(n, node.op, node.count);
    }
    case 'produces':
      return compareSets(arr(c.produced_mana), node.op, node.symbols);
    case 'rarity':
      return compare(RARITY_OF[String(c.rarity)] ?? 0, node.op, RARITY_RANK[node.value as Rarity]);
    case 'set':
      return String(c.set).toLowerCase() === node.value;
    case 'block': {
      const set = u.sets.get(String(c.set).toLowerCase());
      return (
        !!set && (set.block_code?.toLowerCase() === node.value || set.block?.toLowerCase() === node.value)
      );
    }
    case 'settype':
      return c.set_type === node.value;
    case 'cn': {
      const cn = String(c.collector_number ?? '');
      if (!node.op) return cn === node.value;
      const digits = cn.replace(/[^0-9]/g, '');
      return compare(digits ? Number(digits) : 0, node.op, Number(node.value));
    }
    case 'lang':
      return node.value === 'any' || c.lang === node.value;
    case 'date': {
      const released = s(c.released_at);
      const other = node.bySet
        ? u.sets.get(node.value)?.released_at
        : node.value.length === 4
          ? `${node.value}-01-01`
          : node.value.length === 7
            ? `${node.value}-01`
            : node.value;
      return !!released && !!other && compare(released, node.op, other);
    }
    case 'keyword':
      return arr(c.keywords).some((k) => k.toLowerCase() === node.value);
    case 'watermark':
      return (
        (s(c.watermark) ?? s(faces(c).find((f) => f.watermark)?.watermark))?.toLowerCase() === node.value
      );
    case 'game':
      return arr(c.games).includes(node.value);
    case 'in': {
      const has = (x: ScryfallCard) =>
        node.what === 'game'
          ? arr(x.games).includes(node.value)
          : node.what === 'set'
            ? String(x.set).toLowerCase() === node.value
            : node.what === 'rarity'
              ? x.rarity === node.value
              : x.lang === node.value;
      const o = oracleOf(c);
      return has(c) || (o ? (u.byOracle.get(o) ?? []).some(has) : false);
    }
    case 'new': {
      const o = oracleOf(c);
      const released = s(c.released_at);
      const others = (o ? (u.byOracle.get(o) ?? []) : []).filter((x) => {
        const r = s(x.released_at);
        return r && released && r < released;
      });
      const value = (x: ScryfallCard): string | null => {
        switch (node.value) {
          case 'rarity':
            return s(x.rarity);
          case 'art':
            return s(x.illustration_id) ?? s(faces(x)[0]?.illustration_id);
          case 'flavor':
            return flavor(x) || null;
          case 'frame':
            return s(x.frame);
          case 'language':
            return s(x.lang);
          default:
            return null;
        }
      };
      if (node.value === 'card') return others.length === 0;
      const mine = value(c);
      return mine != null && !others.some((x) => value(x) === mine);
    }
    case 'format': {
      const status = (c.legalities as Record<string, string> | undefined)?.[node.value];
      return node.status === 'legal' ? status === 'legal' || status === 'restricted' : status === node.status;
    }
    case 'is':
      return isValue(c, node.value);
    case 'option':
      return true;
  }
}

/** Scryfall's rule: extras show only when the query names them (anywhere, negated or not). */
function namesExtras(node: SearchNode): boolean {
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.children.some(namesExtras);
    case 'not':
      return namesExtras(node.child);
    case 'is':
      return ['include-extras', 'token', 'extra'].includes(node.value);
    case 'type':
      return ['token', 'emblem', 'plane', 'phenomenon', 'scheme', 'vanguard'].some((w) =>
        node.value.includes(w),
      );
    default:
      return false;
  }
}

function namesLanguage(node: SearchNode): boolean {
  if (node.kind === 'and' || node.kind === 'or') return node.children.some(namesLanguage);
  if (node.kind === 'not') return namesLanguage(node.child);
  return node.kind === 'lang';
}

/** Scryfall's default language rule: English printings, and any printing of a card with none. */
function defaultLanguage(c: ScryfallCard, u: Universe): boolean {
  if (c.lang === 'en') return true;
  const o = oracleOf(c);
  return !o || !(u.byOracle.get(o) ?? []).some((x) => x.lang === 'en');
}

/** The ids of every printing a catalogue search (unique=prints) should return. */
export function expectedIds(u: Universe, query: string): string[] {
  const ast = parseSearch(query);
  const extras = namesExtras(ast);
  const anyLanguage = namesLanguage(ast);
  return u.cards
    .filter(
      (c) =>
        (extras || !EXTRA_LAYOUTS.includes(String(c.layout))) &&
        (anyLanguage || defaultLanguage(c, u)) &&
        leaf(c, ast, u),
    )
    .map((c) => c.id)
    .sort();
}

/** The cards (oracle ids, or the id of a card without one) a unique=cards search should return. */
export function expectedCards(u: Universe, query: string): string[] {
  const byId = new Map(u.cards.map((c) => [c.id, c]));
  return [...new Set(expectedIds(u, query).map((id) => oracleOf(byId.get(id)!) ?? id))].sort();
}

/** Whether a unique=cards search shows printing `a` before `b`: English, newest (undated last), id. */
function shownBefore(a: ScryfallCard, b: ScryfallCard): boolean {
  if ((a.lang === 'en') !== (b.lang === 'en')) return a.lang === 'en';
  const ra = s(a.released_at);
  const rb = s(b.released_at);
  if (ra !== rb) return rb === null || (ra !== null && ra > rb);
  return a.id < b.id;
}

/**
 * The printing a unique=cards search shows for each card it finds (ids, sorted): the first of the
 * card's matching printings in English, then the newest, then by id. Without a query, of all the
 * printings a search without `lang:` or extras can show: the printing each card shows when every
 * printing of it matches.
 */
export function expectedPicks(u: Universe, query?: string): string[] {
  const byId = new Map(u.cards.map((c) => [c.id, c]));
  const ids =
    query === undefined
      ? u.cards
          .filter((c) => !EXTRA_LAYOUTS.includes(String(c.layout)) && defaultLanguage(c, u))
          .map((c) => c.id)
      : expectedIds(u, query);
  const best = new Map<string, ScryfallCard>();
  for (const id of ids) {
    const c = byId.get(id)!;
    const key = oracleOf(c) ?? c.id;
    const current = best.get(key);
    if (!current || shownBefore(c, current)) best.set(key, c);
  }
  return [...best.values()].map((c) => c.id).sort();
}

/**
 * The ids of the printings a collection or list search keeps, when the list holds every printing:
 * the same query without the catalogue's defaults (a player's own tokens and foreign cards show).
 */
export function expectedListIds(u: Universe, query: string): string[] {
  const ast = parseSearch(query);
  return u.cards
    .filter((c) => leaf(c, ast, u))
    .map((c) => c.id)
    .sort();
}
