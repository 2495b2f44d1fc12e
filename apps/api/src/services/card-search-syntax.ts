/**
 * The Scryfall search syntax subset Companion understands, parsed into an AST. Pure: no database,
 * no I/O. `card-search.ts` compiles the AST to parameterised SQL.
 *
 * Grammar (lowest precedence first):
 *   query := and ( ("or" | "OR") and )*
 *   and   := unary+                      (implicit and; a bare "and" is ignored)
 *   unary := "-" unary | "(" query ")" | term
 *   term  := word | "quoted words" | !"exact name" | !word | key op value
 */
import type { ColorValue as Color } from '@companion/sdk/contract';

export type Comparison = '=' | '!=' | '>=' | '<=' | '>' | '<';
export type ColorCondition = { colors: Color[] } | { multicolor: true };

export type SearchNode =
  | { kind: 'and'; children: SearchNode[] }
  | { kind: 'or'; children: SearchNode[] }
  | { kind: 'not'; child: SearchNode }
  | { kind: 'name'; value: string; exact: boolean }
  | { kind: 'type'; value: string }
  | { kind: 'oracle'; value: string }
  | { kind: 'color'; field: 'colors' | 'identity'; op: Comparison; value: ColorCondition }
  | { kind: 'number'; field: 'mv' | 'usd' | 'eur'; op: Comparison; value: number }
  | { kind: 'rarity'; op: Comparison; value: Rarity }
  | { kind: 'set'; value: string }
  | { kind: 'cn'; value: string }
  | { kind: 'lang'; value: string }
  | { kind: 'format'; status: 'legal' | 'banned' | 'restricted'; value: string }
  | { kind: 'is'; value: IsValue };

export type Rarity = 'common' | 'uncommon' | 'rare' | 'mythic' | 'special' | 'bonus';
export const RARITY_RANK: Record<Rarity, number> = {
  common: 0,
  uncommon: 1,
  rare: 2,
  mythic: 3,
  special: 4,
  bonus: 5,
};

export const IS_VALUES = [
  'gamechanger',
  'commander',
  'dfc',
  'mdfc',
  'split',
  'flip',
  'adventure',
  'transform',
  'meld',
  'foil',
  'nonfoil',
  'etched',
  // Scryfall's extras (hidden from catalogue searches unless asked for): tokens, and every extra.
  'token',
  'extra',
  // List entries an import could not match to a printing (never a catalogue card).
  'unresolved',
] as const;
/** `include-extras` is `include:extras`: no condition of its own, it lifts the extras rule. */
export type IsValue = (typeof IS_VALUES)[number] | 'include-extras';
const IS_ALIASES: Record<string, IsValue> = { gc: 'gamechanger', game_changer: 'gamechanger' };

/** A query the syntax does not accept; the message names the problem for the user. */
export class SearchSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'SearchSyntaxError';
  }
}

type Token =
  | { t: 'lp'; pos: number }
  | { t: 'rp'; pos: number }
  | { t: 'neg'; pos: number }
  | { t: 'or'; pos: number }
  | { t: 'word'; text: string; pos: number };

const isSpace = (ch: string) => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';

export function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i] as string;
    if (isSpace(ch)) {
      i++;
      continue;
    }
    if (ch === '(') {
      tokens.push({ t: 'lp', pos: i++ });
      continue;
    }
    if (ch === ')') {
      tokens.push({ t: 'rp', pos: i++ });
      continue;
    }
    if (ch === '-' && i + 1 < input.length && !isSpace(input[i + 1] as string)) {
      tokens.push({ t: 'neg', pos: i++ });
      continue;
    }
    const start = i;
    let text = '';
    let quoted = false;
    while (i < input.length) {
      const c = input[i] as string;
      if (c === '"') {
        quoted = !quoted;
        text += c;
        i++;
        continue;
      }
      if (!quoted && (isSpace(c) || c === '(' || c === ')')) break;
      text += c;
      i++;
    }
    if (quoted) throw new SearchSyntaxError(`Unterminated quote in "${text}"`, start);
    if (text === 'or' || text === 'OR') tokens.push({ t: 'or', pos: start });
    else if (text === 'and' || text === 'AND') continue;
    else tokens.push({ t: 'word', text, pos: start });
  }
  return tokens;
}

const unquote = (s: string) => (s.length >= 2 && s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1) : s);

const COLOR_NAMES: Record<string, Color[] | 'multicolor'> = {
  white: ['W'],
  blue: ['U'],
  black: ['B'],
  red: ['R'],
  green: ['G'],
  c: [],
  colorless: [],
  m: 'multicolor',
  multicolor: 'multicolor',
  multicolour: 'multicolor',
  azorius: ['W', 'U'],
  dimir: ['U', 'B'],
  rakdos: ['B', 'R'],
  gruul: ['R', 'G'],
  selesnya: ['G', 'W'],
  orzhov: ['W', 'B'],
  izzet: ['U', 'R'],
  golgari: ['B', 'G'],
  boros: ['R', 'W'],
  simic: ['G', 'U'],
  bant: ['G', 'W', 'U'],
  esper: ['W', 'U', 'B'],
  grixis: ['U', 'B', 'R'],
  jund: ['B', 'R', 'G'],
  naya: ['R', 'G', 'W'],
  abzan: ['W', 'B', 'G'],
  jeskai: ['U', 'R', 'W'],
  sultai: ['B', 'G', 'U'],
  mardu: ['R', 'W', 'B'],
  temur: ['G', 'U', 'R'],
};

export function parseColors(raw: string): ColorCondition | null {
  const v = raw.toLowerCase();
  const named = COLOR_NAMES[v];
  if (named === 'multicolor') return { multicolor: true };
  if (named) return { colors: [...named] };
  if (!/^[wubrg]+$/.test(v)) return null;
  return { colors: [...new Set(v.toUpperCase().split(''))] as Color[] };
}

const RARITIES: Record<string, Rarity> = {
  c: 'common',
  common: 'common',
  u: 'uncommon',
  uncommon: 'uncommon',
  r: 'rare',
  rare: 'rare',
  m: 'mythic',
  mythic: 'mythic',
  s: 'special',
  special: 'special',
  b: 'bonus',
  bonus: 'bonus',
};

type KeyKind =
  | 'type'
  | 'oracle'
  | 'colors'
  | 'identity'
  | 'mv'
  | 'usd'
  | 'eur'
  | 'rarity'
  | 'set'
  | 'cn'
  | 'lang'
  | 'legal'
  | 'banned'
  | 'restricted'
  | 'is'
  | 'not'
  | 'include'
  | 'name';

const KEYS: Record<string, KeyKind> = {
  t: 'type',
  type: 'type',
  o: 'oracle',
  oracle: 'oracle',
  c: 'colors',
  color: 'colors',
  colors: 'colors',
  colour: 'colors',
  id: 'identity',
  identity: 'identity',
  ci: 'identity',
  mv: 'mv',
  cmc: 'mv',
  manavalue: 'mv',
  usd: 'usd',
  eur: 'eur',
  r: 'rarity',
  rarity: 'rarity',
  s: 'set',
  e: 'set',
  set: 'set',
  edition: 'set',
  cn: 'cn',
  number: 'cn',
  lang: 'lang',
  language: 'lang',
  f: 'legal',
  format: 'legal',
  legal: 'legal',
  banned: 'banned',
  restricted: 'restricted',
  is: 'is',
  not: 'not',
  include: 'include',
  name: 'name',
};

const TERM = /^([A-Za-z_]+)(>=|<=|!=|:|=|>|<)(.*)$/s;

function parseTerm(text: string, pos: number): SearchNode {
  if (text.startsWith('!')) {
    const value = unquote(text.slice(1)).trim();
    if (!value) throw new SearchSyntaxError('Give a name after "!"', pos);
    return { kind: 'name', value, exact: true };
  }
  if (text.startsWith('"')) {
    const value = unquote(text).trim();
    if (!value) throw new SearchSyntaxError('Empty quotes', pos);
    return { kind: 'name', value, exact: false };
  }
  const m = TERM.exec(text);
  if (!m) return { kind: 'name', value: text, exact: false };
  const [, rawKey = '', rawOp = ':', rawValue = ''] = m;
  const key = KEYS[rawKey.toLowerCase()];
  if (!key) throw new SearchSyntaxError(`Unknown search key "${rawKey}:"`, pos);
  const value = unquote(rawValue).trim();
  if (!value) throw new SearchSyntaxError(`Give a value after "${rawKey}${rawOp}"`, pos);
  const op: Comparison | ':' = rawOp as Comparison | ':';
  const equalityOnly = () => {
    if (op !== ':' && op !== '=' && op !== '!=')
      throw new SearchSyntaxError(`"${rawKey}" takes ":" or "=", not "${op}"`, pos);
  };
  const negated = (node: SearchNode): SearchNode => (op === '!=' ? { kind: 'not', child: node } : node);
  switch (key) {
    case 'name':
      equalityOnly();
      return negated({ kind: 'name', value, exact: op === '=' });
    case 'type':
      equalityOnly();
      return negated({ kind: 'type', value: value.toLowerCase() });
    case 'oracle':
      equalityOnly();
      return negated({ kind: 'oracle', value: value.toLowerCase() });
    case 'colors':
    case 'identity': {
      const colors = parseColors(value);
      if (!colors) throw new SearchSyntaxError(`Unknown colour "${value}" for "${rawKey}"`, pos);
      const cmp: Comparison = op === ':' ? (key === 'colors' ? '>=' : '<=') : op;
      return { kind: 'color', field: key, op: cmp, value: colors };
    }
    case 'mv':
    case 'usd':
    case 'eur': {
      const n = Number(value);
      if (!/^\d+(\.\d+)?$|^\.\d+$/.test(value) || !Number.isFinite(n))
        throw new SearchSyntaxError(`"${rawKey}" needs a number, not "${value}"`, pos);
      return { kind: 'number', field: key, op: op === ':' ? '=' : op, value: n };
    }
    case 'rarity': {
      const rarity = RARITIES[value.toLowerCase()];
      if (!rarity) throw new SearchSyntaxError(`Unknown rarity "${value}"`, pos);
      return { kind: 'rarity', op: op === ':' ? '=' : op, value: rarity };
    }
    case 'set':
    case 'cn':
    case 'lang':
      equalityOnly();
      return negated({ kind: key, value: key === 'cn' ? value : value.toLowerCase() });
    case 'legal':
    case 'banned':
    case 'restricted':
      equalityOnly();
      return negated({ kind: 'format', status: key, value: value.toLowerCase() });
    case 'include': {
      // `include:extras`: the catalogue search keeps tokens, planes, art cards… (Scryfall's word).
      equalityOnly();
      if (value.toLowerCase() !== 'extras')
        throw new SearchSyntaxError(`Unknown value "${rawKey}:${value}" (only include:extras)`, pos);
      return { kind: 'is', value: 'include-extras' };
    }
    case 'is':
    case 'not': {
      equalityOnly();
      const v = value.toLowerCase();
      const is = IS_ALIASES[v] ?? (IS_VALUES as readonly string[]).find((x) => x === v);
      if (!is) throw new SearchSyntaxError(`Unknown value "${rawKey}:${value}"`, pos);
      const node: SearchNode = { kind: 'is', value: is as IsValue };
      return (key === 'not') !== (op === '!=') ? { kind: 'not', child: node } : node;
    }
  }
}

/** Parses a query into an AST; throws SearchSyntaxError naming the problem. */
export function parseSearch(input: string): SearchNode {
  const tokens = tokenize(input);
  let i = 0;
  const peek = () => tokens[i];

  function parseOr(): SearchNode {
    const first = peek();
    if (first?.t === 'or') throw new SearchSyntaxError('"or" needs a term before it', first.pos);
    const children = [parseAnd()];
    while (peek()?.t === 'or') {
      const or = peek() as Token;
      i++;
      const next = peek();
      if (!next || next.t === 'rp' || next.t === 'or')
        throw new SearchSyntaxError('"or" needs a term after it', or.pos);
      children.push(parseAnd());
    }
    return children.length === 1 ? (children[0] as SearchNode) : { kind: 'or', children };
  }

  function parseAnd(): SearchNode {
    const children: SearchNode[] = [];
    for (let tok = peek(); tok && tok.t !== 'or' && tok.t !== 'rp'; tok = peek()) {
      children.push(parseUnary());
    }
    if (children.length === 0) {
      const tok = peek();
      throw new SearchSyntaxError('Expected a search term', tok?.pos ?? input.length);
    }
    return children.length === 1 ? (children[0] as SearchNode) : { kind: 'and', children };
  }

  function parseUnary(): SearchNode {
    const tok = peek();
    if (!tok) throw new SearchSyntaxError('Expected a search term', input.length);
    if (tok.t === 'neg') {
      i++;
      const next = peek();
      if (!next || next.t === 'rp' || next.t === 'or')
        throw new SearchSyntaxError('"-" needs a term after it', tok.pos);
      return { kind: 'not', child: parseUnary() };
    }
    if (tok.t === 'lp') {
      i++;
      if (peek()?.t === 'rp') throw new SearchSyntaxError('Empty parentheses', tok.pos);
      if (!peek()) throw new SearchSyntaxError('Unbalanced parentheses: missing ")"', tok.pos);
      const inner = parseOr();
      if (peek()?.t !== 'rp') throw new SearchSyntaxError('Unbalanced parentheses: missing ")"', tok.pos);
      i++;
      return inner;
    }
    if (tok.t === 'word') {
      i++;
      return parseTerm(tok.text, tok.pos);
    }
    throw new SearchSyntaxError('Expected a search term', tok.pos);
  }

  if (tokens.length === 0) throw new SearchSyntaxError('The search is empty', 0);
  const ast = parseOr();
  const rest = peek();
  if (rest) {
    throw new SearchSyntaxError(
      rest.t === 'rp' ? 'Unbalanced parentheses: unexpected ")"' : 'Unexpected input',
      rest.pos,
    );
  }
  return ast;
}
