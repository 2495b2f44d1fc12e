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
import {
  CARD_LANGUAGES,
  CARD_ORDERS,
  CARD_UNIQUE,
  COLORS,
  type ColorValue as Color,
  SORT_DIRECTIONS,
} from '@companion/sdk/contract';

export type Comparison = '=' | '!=' | '>=' | '<=' | '>' | '<';
export type ColorCondition = { colors: Color[] } | { multicolor: true };

export type SearchNode =
  | { kind: 'and'; children: SearchNode[] }
  | { kind: 'or'; children: SearchNode[] }
  | { kind: 'not'; child: SearchNode }
  | { kind: 'name'; value: string; exact: boolean }
  | { kind: 'type'; value: string }
  /** `o:` reads the rules text without reminder text, `fo:` (full) with it; `~` is the card's name. */
  | { kind: 'oracle'; value: string; full?: boolean }
  | { kind: 'text'; field: 'flavor' | 'artist'; value: string }
  | { kind: 'regex'; field: RegexField; pattern: string }
  | { kind: 'color'; field: 'colors' | 'identity'; op: Comparison; value: ColorCondition }
  /** A count of colours: `c>=2`, `id=3`. */
  | { kind: 'colorCount'; field: 'colors' | 'identity'; op: Comparison; value: number }
  | { kind: 'number'; field: NumberField; op: Comparison; value: number }
  /** Power, toughness or loyalty against a number or another of them (`pow>tou`). */
  | { kind: 'stat'; field: StatField; op: Comparison; value: number | StatField }
  /** Mana cost symbols (upper case, no braces): `m:{G}{G}` has at least two G. */
  | { kind: 'mana'; op: Comparison; symbols: string[] }
  /** Symbols of the mana cost that hold one of `colors` (hybrid and Phyrexian count), compared. */
  | { kind: 'devotion'; op: Comparison; colors: Color[]; count: number }
  /** Mana a card produces (W, U, B, R, G, C), compared as colours are. */
  | { kind: 'produces'; op: Comparison; symbols: string[] }
  | { kind: 'rarity'; op: Comparison; value: Rarity }
  | { kind: 'set'; value: string }
  | { kind: 'block'; value: string }
  | { kind: 'settype'; value: string }
  /** `cn:` with `:`/`=` is the number as printed; other comparisons read its digits. */
  | { kind: 'cn'; value: string; op?: Comparison }
  | { kind: 'lang'; value: string }
  | { kind: 'date'; op: Comparison; value: string; bySet: boolean }
  | { kind: 'keyword'; value: string }
  | { kind: 'watermark'; value: string }
  | { kind: 'game'; value: string }
  /** A printing of the same card exists in a set, a game, a rarity or a language. */
  | { kind: 'in'; what: 'set' | 'game' | 'rarity' | 'lang'; value: string }
  /** The first printing of the card (`card`) or with a new rarity, art, flavor, frame or language. */
  | { kind: 'new'; value: NewValue }
  | { kind: 'format'; status: 'legal' | 'banned' | 'restricted'; value: string }
  | { kind: 'is'; value: IsValue }
  /** `unique:`, `order:`, `direction:`: how results come, not which; the compiler reads them as true. */
  | { kind: 'option'; key: 'unique' | 'order' | 'direction'; value: string };

export type NumberField = 'mv' | 'usd' | 'eur' | 'tix' | 'year';
export type StatField = 'pow' | 'tou' | 'loy';
export type RegexField = 'name' | 'type' | 'oracle' | 'fulloracle' | 'flavor' | 'artist';
export const NEW_VALUES = ['card', 'rarity', 'art', 'flavor', 'frame', 'language'] as const;
export type NewValue = (typeof NEW_VALUES)[number];
const NEW_ALIASES: Record<string, NewValue> = { artwork: 'art', lang: 'language', print: 'card' };
/** Scryfall's `order:` values Companion sorts by (the contract's CARD_ORDERS), with aliases. */
const ORDER_ALIASES: Record<string, string> = {
  cmc: 'mv',
  date: 'released',
  colors: 'color',
  pow: 'power',
  tou: 'toughness',
};

/** The longest regular expression a search takes (the time budget of one match grows with it). */
export const MAX_REGEX_LENGTH = 200;

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
  'companion',
  'partner',
  'spell',
  'permanent',
  'historic',
  'modal',
  'vanilla',
  'bear',
  'party',
  'outlaw',
  'hybrid',
  'phyrexian',
  'dfc',
  'mdfc',
  'split',
  'flip',
  'adventure',
  'transform',
  'meld',
  'leveler',
  'saga',
  'foil',
  'nonfoil',
  'etched',
  'reprint',
  'firstprint',
  'promo',
  'reserved',
  'digital',
  'fullart',
  'textless',
  'oversized',
  'booster',
  'spotlight',
  'funny',
  'showcase',
  'extendedart',
  'borderless',
  // Land cycles players name (Scryfall's words), by their cards' names.
  'dual',
  'fetchland',
  'shockland',
  'checkland',
  'fastland',
  'painland',
  'scryland',
  'bounceland',
  'pathway',
  // Scryfall's extras (hidden from catalogue searches unless asked for): tokens, and every extra.
  'token',
  'extra',
  // List entries an import could not match to a printing (never a catalogue card).
  'unresolved',
] as const;
/** The land cycles `is:` names, by their cards' names (Scryfall's lists). */
export const LAND_CYCLES: Record<
  'dual' | 'fetchland' | 'shockland' | 'checkland' | 'fastland' | 'painland' | 'scryland' | 'bounceland',
  readonly string[]
> = {
  dual: [
    'Tundra',
    'Underground Sea',
    'Badlands',
    'Taiga',
    'Savannah',
    'Scrubland',
    'Volcanic Island',
    'Bayou',
    'Plateau',
    'Tropical Island',
  ],
  fetchland: [
    'Flooded Strand',
    'Polluted Delta',
    'Bloodstained Mire',
    'Wooded Foothills',
    'Windswept Heath',
    'Marsh Flats',
    'Scalding Tarn',
    'Verdant Catacombs',
    'Arid Mesa',
    'Misty Rainforest',
  ],
  shockland: [
    'Hallowed Fountain',
    'Watery Grave',
    'Blood Crypt',
    'Stomping Ground',
    'Temple Garden',
    'Godless Shrine',
    'Steam Vents',
    'Overgrown Tomb',
    'Sacred Foundry',
    'Breeding Pool',
  ],
  checkland: [
    'Glacial Fortress',
    'Drowned Catacomb',
    'Dragonskull Summit',
    'Rootbound Crag',
    'Sunpetal Grove',
    'Isolated Chapel',
    'Sulfur Falls',
    'Woodland Cemetery',
    'Clifftop Retreat',
    'Hinterland Harbor',
  ],
  fastland: [
    'Seachrome Coast',
    'Darkslick Shores',
    'Blackcleave Cliffs',
    'Copperline Gorge',
    'Razorverge Thicket',
    'Concealed Courtyard',
    'Spirebluff Canal',
    'Blooming Marsh',
    'Inspiring Vantage',
    'Botanical Sanctum',
  ],
  painland: [
    'Adarkar Wastes',
    'Underground River',
    'Sulfurous Springs',
    'Karplusan Forest',
    'Brushland',
    'Caves of Koilos',
    'Shivan Reef',
    'Llanowar Wastes',
    'Battlefield Forge',
    'Yavimaya Coast',
  ],
  scryland: [
    'Temple of Enlightenment',
    'Temple of Deceit',
    'Temple of Malice',
    'Temple of Abandon',
    'Temple of Plenty',
    'Temple of Silence',
    'Temple of Epiphany',
    'Temple of Malady',
    'Temple of Triumph',
    'Temple of Mystery',
  ],
  bounceland: [
    'Azorius Chancery',
    'Dimir Aqueduct',
    'Rakdos Carnarium',
    'Gruul Turf',
    'Selesnya Sanctuary',
    'Orzhov Basilica',
    'Izzet Boilerworks',
    'Golgari Rot Farm',
    'Boros Garrison',
    'Simic Growth Chamber',
    'Coral Atoll',
    'Dormant Volcano',
    'Everglades',
    'Jungle Basin',
    'Karoo',
  ],
};

/** Keywords that let two commanders share a deck (`is:partner`). */
export const PARTNER_KEYWORDS = ['Partner', 'Partner with', 'Friends forever', "Doctor's companion"];
/** Front-face card types of a permanent (`is:permanent`), of a spell (`is:spell`, not a land). */
export const PERMANENT_TYPES = ['artifact', 'creature', 'enchantment', 'land', 'planeswalker', 'battle'];
export const SPELL_TYPES = [
  'artifact',
  'creature',
  'enchantment',
  'instant',
  'sorcery',
  'planeswalker',
  'battle',
  'kindred',
  'tribal',
];
export const PARTY_TYPES = ['cleric', 'rogue', 'warrior', 'wizard'];
export const OUTLAW_TYPES = ['assassin', 'mercenary', 'pirate', 'rogue', 'warlock'];

/** `include-extras` is `include:extras`: no condition of its own, it lifts the extras rule. */
export type IsValue = (typeof IS_VALUES)[number] | 'include-extras';
const IS_ALIASES: Record<string, IsValue> = {
  gc: 'gamechanger',
  game_changer: 'gamechanger',
  full: 'fullart',
  karoo: 'bounceland',
  first_print: 'firstprint',
  story_spotlight: 'spotlight',
  un: 'funny',
};

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
      if (c === '/' && !quoted && startsRegex(text)) {
        // A regular expression runs to the next unescaped "/", spaces and brackets included.
        const from = i;
        text += c;
        i++;
        let closed = false;
        while (i < input.length) {
          const r = input[i] as string;
          text += r;
          i++;
          if (r === '\\' && i < input.length) {
            text += input[i];
            i++;
          } else if (r === '/') {
            closed = true;
            break;
          }
        }
        if (!closed)
          throw new SearchSyntaxError('Unterminated regular expression: add the closing "/"', from);
        break; // the closing "/" ends the term
      }
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

/** True when a "/" here opens a regular expression: a bare `/…/` or right after `key:`/`key=`. */
function startsRegex(text: string): boolean {
  if (text === '' || text === '-') return true;
  if (text.length > 24) return false;
  return /^[A-Za-z]+(:|=|!=)$/.test(text);
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
  // Strixhaven's colleges
  silverquill: ['W', 'B'],
  prismari: ['U', 'R'],
  witherbloom: ['B', 'G'],
  lorehold: ['R', 'W'],
  quandrix: ['G', 'U'],
  // Four colours, by the colour they lack (Scryfall's names)
  chaos: ['U', 'B', 'R', 'G'],
  glint: ['U', 'B', 'R', 'G'],
  aggression: ['W', 'B', 'R', 'G'],
  dune: ['W', 'B', 'R', 'G'],
  altruism: ['W', 'U', 'R', 'G'],
  ink: ['W', 'U', 'R', 'G'],
  growth: ['W', 'U', 'B', 'G'],
  witch: ['W', 'U', 'B', 'G'],
  artifice: ['W', 'U', 'B', 'R'],
  yore: ['W', 'U', 'B', 'R'],
  wubrg: [...COLORS],
  rainbow: [...COLORS],
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
  | 'fulloracle'
  | 'flavor'
  | 'artist'
  | 'colors'
  | 'identity'
  | 'mv'
  | 'usd'
  | 'eur'
  | 'tix'
  | 'year'
  | 'date'
  | 'pow'
  | 'tou'
  | 'loy'
  | 'mana'
  | 'devotion'
  | 'produces'
  | 'rarity'
  | 'set'
  | 'block'
  | 'settype'
  | 'cn'
  | 'lang'
  | 'keyword'
  | 'watermark'
  | 'game'
  | 'in'
  | 'new'
  | 'legal'
  | 'banned'
  | 'restricted'
  | 'is'
  | 'not'
  | 'include'
  | 'unique'
  | 'order'
  | 'direction'
  | 'name';

const KEYS: Record<string, KeyKind> = {
  t: 'type',
  type: 'type',
  o: 'oracle',
  oracle: 'oracle',
  fo: 'fulloracle',
  fulloracle: 'fulloracle',
  ft: 'flavor',
  flavor: 'flavor',
  a: 'artist',
  artist: 'artist',
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
  tix: 'tix',
  year: 'year',
  date: 'date',
  pow: 'pow',
  power: 'pow',
  tou: 'tou',
  toughness: 'tou',
  loy: 'loy',
  loyalty: 'loy',
  m: 'mana',
  mana: 'mana',
  devotion: 'devotion',
  produces: 'produces',
  r: 'rarity',
  rarity: 'rarity',
  s: 'set',
  e: 'set',
  set: 'set',
  edition: 'set',
  b: 'block',
  block: 'block',
  st: 'settype',
  settype: 'settype',
  cn: 'cn',
  number: 'cn',
  lang: 'lang',
  language: 'lang',
  kw: 'keyword',
  keyword: 'keyword',
  wm: 'watermark',
  watermark: 'watermark',
  game: 'game',
  in: 'in',
  new: 'new',
  f: 'legal',
  format: 'legal',
  legal: 'legal',
  banned: 'banned',
  restricted: 'restricted',
  is: 'is',
  not: 'not',
  include: 'include',
  unique: 'unique',
  order: 'order',
  direction: 'direction',
  dir: 'direction',
  name: 'name',
};

const GAMES = ['paper', 'mtgo', 'arena', 'astral', 'sega'];
const LANGUAGES: readonly string[] = CARD_LANGUAGES;
/** `tou`, `toughness`… as the stat they name (the value of `pow>tou`), else undefined. */
const statOf = (word: string): StatField | undefined => {
  const key = KEYS[word.toLowerCase()];
  return key === 'pow' || key === 'tou' || key === 'loy' ? key : undefined;
};

const TERM = /^([A-Za-z_]+)(>=|<=|!=|:|=|>|<)(.*)$/s;
const NUMBER = /^-?(\d+(\.\d+)?|\.\d+)$/;
const DATE = /^\d{4}(-\d{2}(-\d{2})?)?$/;

/** Mana symbols of a query value: `{2}{W/U}`, `2WW` or a mix; upper case, no braces. */
function parseManaValue(value: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  while (i < value.length) {
    const ch = value[i] as string;
    if (ch === '{') {
      const end = value.indexOf('}', i + 1);
      if (end < 0 || end === i + 1) return null;
      out.push(value.slice(i + 1, end).toUpperCase());
      i = end + 1;
    } else if (ch >= '0' && ch <= '9') {
      let j = i;
      while (j < value.length && (value[j] as string) >= '0' && (value[j] as string) <= '9') j++;
      out.push(value.slice(i, j));
      i = j;
    } else if (/[wubrgcxyzsWUBRGCXYZS]/.test(ch)) {
      out.push(ch.toUpperCase());
      i++;
    } else return null;
  }
  return out.length ? out : null;
}

function checkRegex(pattern: string, key: string, pos: number): string {
  if (!pattern) throw new SearchSyntaxError(`Give a regular expression between the slashes of "${key}"`, pos);
  if (pattern.length > MAX_REGEX_LENGTH)
    throw new SearchSyntaxError(
      `The regular expression is too long (at most ${MAX_REGEX_LENGTH} characters)`,
      pos,
    );
  // Back-references are what makes a regular expression engine backtrack: refused, so every match
  // runs in time linear in the text.
  for (let i = 0; i < pattern.length - 1; i++) {
    if (pattern[i] === '\\') {
      const next = pattern[i + 1] as string;
      if (next >= '1' && next <= '9')
        throw new SearchSyntaxError(
          'Back-references (\\1…\\9) are not supported in regular expressions',
          pos,
        );
      i++;
    }
  }
  try {
    new RegExp(pattern);
  } catch {
    throw new SearchSyntaxError(`Invalid regular expression "/${pattern}/"`, pos);
  }
  return pattern;
}

function parseTerm(text: string, pos: number): SearchNode {
  if (text.startsWith('/')) {
    return { kind: 'regex', field: 'name', pattern: checkRegex(text.slice(1, -1), 'name', pos) };
  }
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
  const op: Comparison | ':' = rawOp as Comparison | ':';
  const negated = (node: SearchNode): SearchNode => (op === '!=' ? { kind: 'not', child: node } : node);
  const equalityOnly = () => {
    if (op !== ':' && op !== '=' && op !== '!=')
      throw new SearchSyntaxError(`"${rawKey}" takes ":" or "=", not "${op}"`, pos);
  };
  if (rawValue.length >= 2 && rawValue.startsWith('/') && rawValue.endsWith('/')) {
    const fields: Partial<Record<KeyKind, RegexField>> = {
      name: 'name',
      type: 'type',
      oracle: 'oracle',
      fulloracle: 'fulloracle',
      flavor: 'flavor',
      artist: 'artist',
    };
    const field = fields[key];
    if (!field) throw new SearchSyntaxError(`"${rawKey}" does not take a regular expression`, pos);
    equalityOnly();
    return negated({ kind: 'regex', field, pattern: checkRegex(rawValue.slice(1, -1), rawKey, pos) });
  }
  const value = unquote(rawValue).trim();
  if (!value) throw new SearchSyntaxError(`Give a value after "${rawKey}${rawOp}"`, pos);
  const cmp: Comparison = op === ':' ? '=' : op;
  const number = () => {
    if (!NUMBER.test(value)) throw new SearchSyntaxError(`"${rawKey}" needs a number, not "${value}"`, pos);
    return Number(value);
  };
  switch (key) {
    case 'name':
      equalityOnly();
      return negated({ kind: 'name', value, exact: op === '=' });
    case 'type':
      equalityOnly();
      return negated({ kind: 'type', value: value.toLowerCase() });
    case 'oracle':
    case 'fulloracle':
      equalityOnly();
      return negated({
        kind: 'oracle',
        value: value.toLowerCase(),
        ...(key === 'fulloracle' ? { full: true } : {}),
      });
    case 'flavor':
    case 'artist':
      equalityOnly();
      return negated({ kind: 'text', field: key, value: value.toLowerCase() });
    case 'colors':
    case 'identity': {
      if (/^\d$/.test(value)) return { kind: 'colorCount', field: key, op: cmp, value: Number(value) };
      const colors = parseColors(value);
      if (!colors) throw new SearchSyntaxError(`Unknown colour "${value}" for "${rawKey}"`, pos);
      const by: Comparison = op === ':' ? (key === 'colors' ? '>=' : '<=') : op;
      return { kind: 'color', field: key, op: by, value: colors };
    }
    case 'produces': {
      const v = value.toLowerCase();
      if (!/^[wubrgc]+$/.test(v))
        throw new SearchSyntaxError(`Unknown mana "${value}" for "${rawKey}" (use W, U, B, R, G or C)`, pos);
      const symbols = [...new Set(v.toUpperCase().split(''))];
      return { kind: 'produces', op: op === ':' ? '>=' : op, symbols };
    }
    case 'mv':
    case 'usd':
    case 'eur':
    case 'tix':
    case 'year':
      return { kind: 'number', field: key, op: cmp, value: number() };
    case 'pow':
    case 'tou':
    case 'loy': {
      const other = statOf(value);
      return { kind: 'stat', field: key, op: cmp, value: other ?? number() };
    }
    case 'date': {
      if (DATE.test(value)) return { kind: 'date', op: cmp, value, bySet: false };
      if (/^[a-z0-9]{2,6}$/i.test(value))
        return { kind: 'date', op: cmp, value: value.toLowerCase(), bySet: true };
      throw new SearchSyntaxError(`"${rawKey}" needs a date (YYYY-MM-DD) or a set code, not "${value}"`, pos);
    }
    case 'mana': {
      const symbols = parseManaValue(value);
      if (!symbols)
        throw new SearchSyntaxError(
          `"${rawKey}" needs mana symbols such as {2}{G}{G} or 2GG, not "${value}"`,
          pos,
        );
      return { kind: 'mana', op: op === ':' ? '>=' : op, symbols };
    }
    case 'devotion': {
      const symbols = parseManaValue(value);
      const first = symbols?.[0];
      const colorsOf = (sym: string) =>
        [...new Set(sym.split('/').filter((x) => 'WUBRG'.includes(x) && x.length === 1))].sort();
      if (
        !symbols ||
        !first ||
        colorsOf(first).length === 0 ||
        symbols.some((x) => colorsOf(x).join() !== colorsOf(first).join())
      )
        throw new SearchSyntaxError(
          `"${rawKey}" needs repeated coloured symbols such as {G}{G}{G} or {U/B}{U/B}, not "${value}"`,
          pos,
        );
      const colors = COLORS.filter((c) => colorsOf(first).includes(c));
      return { kind: 'devotion', op: op === ':' ? '>=' : op, colors, count: symbols.length };
    }
    case 'rarity': {
      const rarity = RARITIES[value.toLowerCase()];
      if (!rarity) throw new SearchSyntaxError(`Unknown rarity "${value}"`, pos);
      return { kind: 'rarity', op: cmp, value: rarity };
    }
    case 'cn':
      if (op === ':' || op === '=' || op === '!=') return negated({ kind: 'cn', value });
      if (!/^\d{1,9}$/.test(value))
        throw new SearchSyntaxError(`"${rawKey}${op}" needs a whole number, not "${value}"`, pos);
      return { kind: 'cn', value, op };
    case 'set':
    case 'lang':
    case 'block':
    case 'settype':
    case 'keyword':
    case 'watermark':
      equalityOnly();
      return negated({ kind: key, value: value.toLowerCase() });
    case 'game': {
      equalityOnly();
      const v = value.toLowerCase();
      if (!GAMES.includes(v))
        throw new SearchSyntaxError(`Unknown game "${value}" (paper, mtgo, arena…)`, pos);
      return negated({ kind: 'game', value: v });
    }
    case 'in': {
      equalityOnly();
      const v = value.toLowerCase();
      const rarity = v.length > 1 ? RARITIES[v] : undefined;
      const node: SearchNode = GAMES.includes(v)
        ? { kind: 'in', what: 'game', value: v }
        : rarity
          ? { kind: 'in', what: 'rarity', value: rarity }
          : LANGUAGES.includes(v)
            ? { kind: 'in', what: 'lang', value: v }
            : { kind: 'in', what: 'set', value: v };
      return negated(node);
    }
    case 'new': {
      equalityOnly();
      const v = value.toLowerCase();
      const nv = NEW_ALIASES[v] ?? (NEW_VALUES as readonly string[]).find((x) => x === v);
      if (!nv)
        throw new SearchSyntaxError(`Unknown value "${rawKey}:${value}" (${NEW_VALUES.join(', ')})`, pos);
      return negated({ kind: 'new', value: nv as NewValue });
    }
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
    case 'unique':
    case 'order':
    case 'direction': {
      if (op !== ':' && op !== '=') throw new SearchSyntaxError(`"${rawKey}" takes ":", not "${op}"`, pos);
      const v = value.toLowerCase();
      const allowed: readonly string[] =
        key === 'unique' ? CARD_UNIQUE : key === 'order' ? CARD_ORDERS : SORT_DIRECTIONS;
      const chosen = key === 'order' ? (ORDER_ALIASES[v] ?? v) : v;
      if (!allowed.includes(chosen))
        throw new SearchSyntaxError(`Unknown value "${rawKey}:${value}" (${allowed.join(', ')})`, pos);
      return { kind: 'option', key, value: chosen };
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

/**
 * The options a query sets (`unique:`, `order:`, `direction:`). They apply to the whole search, so
 * they may not sit under "-" or "or" (SearchSyntaxError otherwise); a later one wins.
 */
export function searchOptions(ast: SearchNode): { unique?: string; order?: string; direction?: string } {
  const out: { unique?: string; order?: string; direction?: string } = {};
  const top = ast.kind === 'and' ? ast.children : [ast];
  for (const node of top) if (node.kind === 'option') out[node.key] = node.value;
  return out;
}

function checkOptions(node: SearchNode, nested: boolean): void {
  if (node.kind === 'option' && nested)
    throw new SearchSyntaxError(
      `"${node.key}:" applies to the whole search: it cannot be negated or put inside "or"`,
      0,
    );
  if (node.kind === 'and') for (const c of node.children) checkOptions(c, nested);
  if (node.kind === 'or') for (const c of node.children) checkOptions(c, true);
  if (node.kind === 'not') checkOptions(node.child, true);
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
  checkOptions(ast, false);
  const rest = peek();
  if (rest) {
    throw new SearchSyntaxError(
      rest.t === 'rp' ? 'Unbalanced parentheses: unexpected ")"' : 'Unexpected input',
      rest.pos,
    );
  }
  return ast;
}
