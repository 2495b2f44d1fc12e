/**
 * Deck legality: a deck against its format's construction rules — deck and sideboard size, copies,
 * banned / not legal / restricted cards (the catalogue's Scryfall `legalities` under the format's
 * legality key), commanders (eligibility, pairs, colour identity), Oathbreaker's signature spells
 * and companions. Pure and in memory: the caller passes the deck's lines with the catalogue rows it
 * already loaded. Illegal decks are still saved (work in progress); this only reports.
 */
import {
  type BoardValue,
  COLORS,
  type DeckLegality,
  type LegalityProblem,
  type LegalityReasonValue,
  type LegalityRuleValue,
} from '@companion/sdk/contract';

/** What the check reads of a catalogue card (a `cards` row has all of it). */
export interface LegalityCard {
  id: string;
  name: string;
  typeLine: string | null;
  oracleText: string | null;
  manaCost: string | null;
  cmc: number;
  colorIdentity: string[];
  keywords: string[];
  legalities: Record<string, string>;
  cardFaces: Array<Record<string, unknown>> | null;
}

/** One deck line: a card (null when the name did not resolve), how many, on which board. */
export interface LegalityLine {
  board: BoardValue;
  quantity: number;
  name: string;
  card: LegalityCard | null;
}

/** The deck's format as the `formats` table stores it. */
export interface LegalityFormat {
  id: string;
  legalityKey: string | null;
  commander: boolean;
}

type Family = 'constructed' | 'commander' | 'oathbreaker' | 'limited' | 'none';

/** How a format builds its decks. */
export interface Construction {
  family: Family;
  /** Fewest cards in the deck (commanders included), or the exact count when `exact`. */
  deckSize: number;
  exact: boolean;
  /** Most sideboard cards (companion included); null: no sideboard rule. */
  sideboard: number | null;
  /** Most copies of a card by name (basic lands and "any number" cards aside). */
  copies: number;
  /** What Scryfall's `restricted` means: one copy (Vintage) or not a commander (Duel Commander). */
  restricted: 'one-copy' | 'not-commander';
  /** Whether a legendary planeswalker can be the commander (Brawl). */
  planeswalkerCommanders: boolean;
}

const constructed: Construction = {
  family: 'constructed',
  deckSize: 60,
  exact: false,
  sideboard: 15,
  copies: 4,
  restricted: 'one-copy',
  planeswalkerCommanders: false,
};
const commander: Construction = {
  family: 'commander',
  deckSize: 100,
  exact: true,
  sideboard: null,
  copies: 1,
  restricted: 'not-commander',
  planeswalkerCommanders: false,
};

/**
 * Construction rules per Scryfall legality key. `brawl` is Scryfall's key of today's Brawl (MTG
 * Arena's 100-card format, formerly Historic Brawl); `standardbrawl` the 60-card Standard Brawl.
 */
export const CONSTRUCTION: Readonly<Record<string, Construction>> = {
  standard: constructed,
  pioneer: constructed,
  modern: constructed,
  legacy: constructed,
  vintage: constructed,
  pauper: constructed,
  commander,
  duel: commander,
  brawl: { ...commander, planeswalkerCommanders: true },
  standardbrawl: { ...commander, deckSize: 60, planeswalkerCommanders: true },
  oathbreaker: { ...commander, family: 'oathbreaker', deckSize: 60 },
};
const LIMITED: Construction = { ...constructed, family: 'limited', deckSize: 40, sideboard: null };
const NONE: Construction = { ...constructed, family: 'none', deckSize: 0 };

/** The construction rules of a format: by legality key; Limited without one; Casual has none. */
export function constructionOf(format: LegalityFormat): Construction {
  if (format.legalityKey) {
    return CONSTRUCTION[format.legalityKey] ?? (format.commander ? commander : constructed);
  }
  return format.id === 'limited' ? LIMITED : NONE;
}

// ---------------------------------------------------------------------------------------------
// Reading a card

/** Read once per card and check: the front type line, the oracle text, the ability lines. */
const memo = <T>(read: (c: LegalityCard) => T) => {
  const cache = new WeakMap<LegalityCard, T>();
  return (c: LegalityCard): T => {
    if (cache.has(c)) return cache.get(c) as T;
    const value = read(c);
    cache.set(c, value);
    return value;
  };
};

/** The front face's type line (a card in a deck has its front face's characteristics). */
const frontType = memo((c: LegalityCard): string => {
  const face = c.cardFaces?.[0]?.type_line;
  if (c.typeLine) return c.typeLine.split(' // ')[0] ?? c.typeLine;
  return typeof face === 'string' ? face : '';
});

/** Oracle text of the card and every face. */
const oracle = memo((c: LegalityCard): string => {
  const faces = (c.cardFaces ?? []).map((f) => (typeof f.oracle_text === 'string' ? f.oracle_text : ''));
  return [c.oracleText ?? '', ...faces].filter(Boolean).join('\n');
});

/** Oracle lines without reminder text. */
const abilityLines = memo((c: LegalityCard) =>
  oracle(c)
    .split('\n')
    .map((l) => l.replace(/\s*\([^)]*\)/g, '').trim())
    .filter(Boolean),
);

const frontName = (c: LegalityCard) => (c.name.split(' // ')[0] ?? c.name).toLowerCase();
const isBasicLand = (c: LegalityCard) => /\bBasic\b/.test(frontType(c)) && /\bLand\b/.test(frontType(c));
const isLand = (c: LegalityCard) => /\bLand\b/.test(frontType(c));
const isPermanent = (c: LegalityCard) =>
  /\b(Artifact|Battle|Creature|Enchantment|Land|Planeswalker)\b/.test(frontType(c));

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

/** Most copies a card's own text allows ("any number", "up to seven"), or null. */
function ownCopyLimit(c: LegalityCard): number | null {
  const text = oracle(c);
  if (/A deck can have any number of cards named/i.test(text)) return Number.POSITIVE_INFINITY;
  const upTo = /A deck can have up to (\w+) cards named/i.exec(text)?.[1]?.toLowerCase();
  if (!upTo) return null;
  const n = NUMBER_WORDS[upTo] ?? Number(upTo);
  return Number.isFinite(n) ? n : null;
}

interface PairAbilities {
  partner: string | null; // '' for plain Partner, the variant for "Partner—Father & Son"
  partnerWith: string | null;
  friendsForever: boolean;
  choosesBackground: boolean;
  doctorsCompanion: boolean;
}

function pairAbilities(c: LegalityCard): PairAbilities {
  const out: PairAbilities = {
    partner: null,
    partnerWith: null,
    friendsForever: false,
    choosesBackground: false,
    doctorsCompanion: false,
  };
  for (const line of abilityLines(c)) {
    const withName = /^Partner with (.+?)\.?$/.exec(line);
    if (withName?.[1]) out.partnerWith = withName[1].toLowerCase();
    else if (/^Partner(?:\s*[—-]\s*(.+))?$/.test(line))
      out.partner = (/^Partner\s*[—-]\s*(.+)$/.exec(line)?.[1] ?? '').toLowerCase();
    else if (/^Friends forever$/i.test(line)) out.friendsForever = true;
    else if (/^Choose a Background$/i.test(line)) out.choosesBackground = true;
    else if (/^Doctor's companion$/i.test(line)) out.doctorsCompanion = true;
  }
  return out;
}

const isBackground = (c: LegalityCard) => /\bBackground\b/.test(frontType(c));
const isTimeLordDoctor = (c: LegalityCard) => /\bTime Lord Doctor\b/.test(frontType(c));

/** Whether two cards may be commanders together. */
export function canPair(a: LegalityCard, b: LegalityCard): boolean {
  const pa = pairAbilities(a);
  const pb = pairAbilities(b);
  if (pa.partner !== null && pa.partner === pb.partner) return true;
  if (pa.partnerWith === frontName(b) && pb.partnerWith === frontName(a)) return true;
  if (pa.friendsForever && pb.friendsForever) return true;
  if ((pa.choosesBackground && isBackground(b)) || (pb.choosesBackground && isBackground(a))) return true;
  if ((pa.doctorsCompanion && isTimeLordDoctor(b)) || (pb.doctorsCompanion && isTimeLordDoctor(a)))
    return true;
  return false;
}

/** Whether a card can lead a deck on its own terms (a Background needs a partner that chooses one). */
function canBeCommander(c: LegalityCard, rules: Construction): boolean {
  const type = frontType(c);
  if (/\bLegendary\b/.test(type) && /\bCreature\b/.test(type)) return true;
  if (rules.planeswalkerCommanders && /\bLegendary\b/.test(type) && /\bPlaneswalker\b/.test(type))
    return true;
  return /can be your commander/i.test(oracle(c));
}

// ---------------------------------------------------------------------------------------------
// Companions

const SUBTYPE_SPLIT = /\s*(?:,\s*or\s+|,\s*|\s+or\s+)\s*/;
const manaValue = '(?:mana value|converted mana cost)';
const manaValues = '(?:mana values|converted mana costs)';
const symbols = (c: LegalityCard) =>
  (c.manaCost ?? '').split(' // ').map((cost) => [...cost.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? ''));
const cardTypes = (c: LegalityCard) =>
  (frontType(c).split('—')[0] ?? '')
    .split(/\s+/)
    .filter((t) =>
      /^(Artifact|Battle|Creature|Enchantment|Instant|Kindred|Tribal|Land|Planeswalker|Sorcery)$/.test(t),
    );
const ACTIVATED_KEYWORDS =
  /^(Equip|Crew|Cycling|Reconfigure|Ninjutsu|Level up|Outlast|Unearth|Embalm|Eternalize|Fortify|Scavenge|Transmute|Forecast|Encore|Station)\b/i;
const hasActivatedAbility = (c: LegalityCard) =>
  isBasicLand(c) ||
  abilityLines(c).some((l) => ACTIVATED_KEYWORDS.test(l) || /:/.test(l.replace(/"[^"]*"/g, '')));

interface CompanionCondition {
  /** Cards of the starting deck that break the condition (empty when met). */
  offenders(deck: LegalityCard[], deckCount: number, rules: Construction): LegalityCard[] | 'unmet' | [];
}

/** The companion condition a card's text states, or null (not a companion, or one not checked). */
function companionCondition(c: LegalityCard): CompanionCondition | null {
  const text = /Companion\s*[—-]\s*([^\n(]+)/.exec(oracle(c))?.[1]?.trim();
  if (!text) return null;
  const creatures = /^Each creature card in your starting deck is an? (.+?) card/i.exec(text)?.[1];
  if (creatures) {
    const allowed = creatures.split(SUBTYPE_SPLIT).map((t) => t.replace(/^an?\s+/i, '').toLowerCase());
    return {
      offenders: (deck) =>
        deck.filter((d) => {
          const type = frontType(d);
          if (!/\bCreature\b/.test(type)) return false;
          const subtypes = (type.split('—')[1] ?? '').trim().toLowerCase().split(/\s+/);
          return !allowed.some((a) => subtypes.includes(a));
        }),
    };
  }
  const permanentMax = new RegExp(
    `^Each permanent card in your starting deck has ${manaValue} (\\d+) or less`,
    'i',
  ).exec(text)?.[1];
  if (permanentMax)
    return { offenders: (deck) => deck.filter((d) => isPermanent(d) && d.cmc > Number(permanentMax)) };
  if (/^Your starting deck contains at least twenty cards more than the minimum deck size/i.test(text))
    return {
      offenders: (_deck, count, rules) => (count >= rules.deckSize + 20 ? [] : 'unmet'),
    };
  if (/^No card in your starting deck has more than one of the same mana symbol/i.test(text))
    return {
      offenders: (deck) =>
        deck.filter((d) => symbols(d).some((faceSymbols) => new Set(faceSymbols).size < faceSymbols.length)),
    };
  if (/^Each nonland card in your starting deck has a different name/i.test(text))
    return {
      offenders: (deck) => {
        const seen = new Set<string>();
        return deck.filter((d) => {
          if (isLand(d)) return false;
          const key = d.name.toLowerCase();
          if (seen.has(key)) return true;
          seen.add(key);
          return false;
        });
      },
    };
  if (
    new RegExp(`^Your starting deck contains only cards with odd ${manaValues} and land cards`, 'i').test(
      text,
    )
  )
    return { offenders: (deck) => deck.filter((d) => !isLand(d) && d.cmc % 2 !== 1) };
  if (/^Each nonland card in your starting deck shares a card type/i.test(text))
    return {
      offenders: (deck) => {
        const nonland = deck.filter((d) => !isLand(d));
        const counts = new Map<string, number>();
        for (const d of nonland)
          for (const t of new Set(cardTypes(d))) counts.set(t, (counts.get(t) ?? 0) + 1);
        const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
        return best ? nonland.filter((d) => !cardTypes(d).includes(best)) : [];
      },
    };
  if (/^Each permanent card in your starting deck has an activated ability/i.test(text))
    return { offenders: (deck) => deck.filter((d) => isPermanent(d) && !hasActivatedAbility(d)) };
  if (new RegExp(`^Your starting deck contains only cards with even ${manaValues}`, 'i').test(text))
    return { offenders: (deck) => deck.filter((d) => d.cmc % 2 !== 0) };
  const nonlandMin = new RegExp(
    `^Your starting deck contains only cards with ${manaValue} (\\d+) or greater and land cards`,
    'i',
  ).exec(text)?.[1];
  if (nonlandMin)
    return { offenders: (deck) => deck.filter((d) => !isLand(d) && d.cmc < Number(nonlandMin)) };
  return null;
}

// ---------------------------------------------------------------------------------------------
// The check

interface Counted {
  card: LegalityCard;
  quantity: number;
}

const ref = (c: LegalityCard) => ({ name: c.name, cardId: c.id });
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const list = (names: string[]) => names.join(', ');

/** `commander` or `oathbreaker`: what the format calls the cards in its command zone. */
type Title = 'commander' | 'oathbreaker';

/** The names and numbers each reason is worded with (the problem's `values`). */
interface ReasonValues {
  unresolved: { name: string };
  'limited-size': { count: number; min: number };
  'deck-size-exact': { count: number; size: number; commanders: 'yes' | 'no' };
  'deck-size-min': { count: number; min: number };
  'sideboard-size': { count: number; max: number; companion: 'yes' | 'no' };
  copies: { name: string; count: number; limit: number };
  'restricted-copies': { name: string };
  banned: { name: string };
  'not-legal': { name: string };
  'no-commander': { title: Title };
  'not-oathbreaker': { name: string };
  'background-alone': { name: string };
  'not-commander': { name: string };
  'restricted-commander': { name: string };
  'too-many-commanders': { count: number; title: Title };
  'commander-pair': { first: string; second: string; title: Title };
  'signature-spell': { spells: number; oathbreakers: number };
  /** `colors` and `identity` in WUBRG order, `identity` empty for colourless. */
  'color-identity': { name: string; colors: string; identity: string; title: Title };
  'companion-count': { count: number };
  'no-companion-ability': { name: string };
  'companion-unmet': { name: string };
  /** `cards`: the offending card names, comma-separated; `count`: how many. */
  'companion-breakers': { name: string; cards: string; count: number };
}

/** Each reason in English: the problem's `message`, for clients that do not word it themselves. */
const ENGLISH: { [R in LegalityReasonValue]: (v: ReasonValues[R]) => string } = {
  unresolved: (v) => `"${v.name}" is not a card the catalogue knows.`,
  'limited-size': (v) => `The deck has ${plural(v.count, 'card')}; Limited decks need at least ${v.min}.`,
  'deck-size-exact': (v) =>
    `The deck has ${plural(v.count, 'card')}${v.commanders === 'yes' ? ', commanders included' : ''}; it needs exactly ${v.size}.`,
  'deck-size-min': (v) => `The deck has ${plural(v.count, 'card')}; it needs at least ${v.min}.`,
  'sideboard-size': (v) =>
    `The sideboard has ${plural(v.count, 'card')}${v.companion === 'yes' ? ', companion included' : ''}; at most ${v.max} are allowed.`,
  copies: (v) =>
    `${v.count} copies of ${v.name}; at most ${v.limit === 1 ? 'one is' : `${v.limit} are`} allowed.`,
  'restricted-copies': (v) => `${v.name} is restricted: at most one copy is allowed.`,
  banned: (v) => `${v.name} is banned.`,
  'not-legal': (v) => `${v.name} is not legal in this format.`,
  'no-commander': (v) => `The deck has no ${v.title}.`,
  'not-oathbreaker': (v) => `${v.name} cannot be an oathbreaker (a planeswalker) or a signature spell.`,
  'background-alone': (v) =>
    `${v.name} is a Background: it needs a commander that says "Choose a Background".`,
  'not-commander': (v) => `${v.name} cannot be your commander.`,
  'restricted-commander': (v) => `${v.name} may be in the deck but not be the commander.`,
  'too-many-commanders': (v) => `The deck has ${v.count} ${v.title}s; at most two (a pair) are allowed.`,
  'commander-pair': (v) => `${v.first} and ${v.second} cannot be ${v.title}s together.`,
  'signature-spell': (v) =>
    `Each oathbreaker needs one signature spell (an instant or sorcery): the deck has ${plural(v.spells, 'signature spell')} for ${plural(v.oathbreakers, 'oathbreaker')}.`,
  'color-identity': (v) =>
    `${v.name} (${v.colors}) is outside the ${v.title}s' colour identity (${v.identity || 'colourless'}).`,
  'companion-count': (v) => `The deck has ${v.count} companions; only one is allowed.`,
  'no-companion-ability': (v) => `${v.name} has no companion ability.`,
  'companion-unmet': (v) => `The deck does not meet ${v.name}'s companion condition.`,
  'companion-breakers': (v) =>
    `${v.cards} ${v.count === 1 ? 'breaks' : 'break'} ${v.name}'s companion condition.`,
};

type Add = <R extends LegalityReasonValue>(
  rule: LegalityRuleValue,
  reason: R,
  values: ReasonValues[R],
  cards?: LegalityProblem['cards'],
) => void;

/** Lines added up by card name (printings of one card count together). */
function byName(lines: LegalityLine[]): Counted[] {
  const out = new Map<string, Counted>();
  for (const l of lines) {
    if (!l.card) continue;
    const key = l.card.name.toLowerCase();
    const prev = out.get(key);
    if (prev) prev.quantity += l.quantity;
    else out.set(key, { card: l.card, quantity: l.quantity });
  }
  return [...out.values()];
}

const sum = (lines: LegalityLine[]) => lines.reduce((n, l) => n + l.quantity, 0);

/** The deck's problems under its format's rules (none: the deck is legal). */
export function checkLegality(format: LegalityFormat, lines: readonly LegalityLine[]): DeckLegality {
  const rules = constructionOf(format);
  const problems: LegalityProblem[] = [];
  const add: Add = (rule, reason, values, cards = []) =>
    problems.push({ rule, reason, values, message: ENGLISH[reason](values), cards });
  const on = (...boards: BoardValue[]) => lines.filter((l) => boards.includes(l.board));

  if (rules.family === 'none') return { legal: true, problems };
  const commanderFamily = rules.family === 'commander' || rules.family === 'oathbreaker';
  // The deck proper (commanders included), and what sits beside it.
  const deck = on('main', 'commander');
  const beside = commanderFamily ? on('companion') : on('side', 'companion');
  const deckCount = sum(deck);

  if (rules.family === 'limited') {
    if (deckCount < rules.deckSize)
      add('deck-size', 'limited-size', { count: deckCount, min: rules.deckSize });
    return { legal: problems.length === 0, problems };
  }

  for (const l of [...deck, ...beside])
    if (!l.card) add('unresolved', 'unresolved', { name: l.name }, [{ name: l.name, cardId: null }]);

  // Size.
  if (rules.exact ? deckCount !== rules.deckSize : deckCount < rules.deckSize)
    if (rules.exact)
      add('deck-size', 'deck-size-exact', {
        count: deckCount,
        size: rules.deckSize,
        commanders: commanderFamily ? 'yes' : 'no',
      });
    else add('deck-size', 'deck-size-min', { count: deckCount, min: rules.deckSize });
  const besideCount = sum(beside);
  if (rules.sideboard !== null && besideCount > rules.sideboard)
    add('sideboard-size', 'sideboard-size', {
      count: besideCount,
      max: rules.sideboard,
      companion: on('companion').length ? 'yes' : 'no',
    });

  // Copies, and legality per card.
  const key = format.legalityKey ?? '';
  for (const { card, quantity } of byName(commanderFamily ? deck : [...deck, ...beside])) {
    const limit = isBasicLand(card) ? Number.POSITIVE_INFINITY : (ownCopyLimit(card) ?? rules.copies);
    if (quantity > limit) add('copies', 'copies', { name: card.name, count: quantity, limit }, [ref(card)]);
    if (rules.restricted === 'one-copy' && card.legalities[key] === 'restricted' && quantity > 1)
      add('restricted', 'restricted-copies', { name: card.name }, [ref(card)]);
  }
  for (const { card } of byName([...deck, ...beside])) {
    const status = card.legalities[key];
    if (status === 'banned') add('banned', 'banned', { name: card.name }, [ref(card)]);
    else if (status === 'not_legal') add('not-legal', 'not-legal', { name: card.name }, [ref(card)]);
  }

  if (commanderFamily) commanders(rules, on('commander'), [...deck, ...beside], key, add);
  companions(rules, on('companion'), deck, deckCount, add);
  return { legal: problems.length === 0, problems };
}

/** Commanders (or oathbreakers with their signature spells) and the colour identity they allow. */
function commanders(rules: Construction, zone: LegalityLine[], cards: LegalityLine[], key: string, add: Add) {
  const oathbreaker = rules.family === 'oathbreaker';
  const title: Title = oathbreaker ? 'oathbreaker' : 'commander';
  if (zone.length === 0) {
    add('commander-count', 'no-commander', { title });
    return;
  }
  const resolved = zone.flatMap((l) => (l.card ? [l.card] : []));
  const spells = oathbreaker ? resolved.filter((c) => /\b(Instant|Sorcery)\b/.test(frontType(c))) : [];
  const leaders = resolved.filter((c) => !spells.includes(c));
  if (oathbreaker) {
    for (const c of leaders)
      if (!/\bPlaneswalker\b/.test(frontType(c)))
        add('commander-eligible', 'not-oathbreaker', { name: c.name }, [ref(c)]);
  } else {
    for (const c of leaders) {
      const paired = leaders.some((o) => o !== c && isBackground(c) && pairAbilities(o).choosesBackground);
      if (!canBeCommander(c, rules) && !paired)
        add('commander-eligible', isBackground(c) ? 'background-alone' : 'not-commander', { name: c.name }, [
          ref(c),
        ]);
      if (rules.restricted === 'not-commander' && c.legalities[key] === 'restricted')
        add('restricted', 'restricted-commander', { name: c.name }, [ref(c)]);
    }
  }
  const walkers = oathbreaker ? leaders.filter((c) => /\bPlaneswalker\b/.test(frontType(c))) : leaders;
  const count = zone.filter((l) => !l.card || !spells.includes(l.card)).reduce((n, l) => n + l.quantity, 0);
  const [a, b] = walkers;
  if (count > 2) add('commander-count', 'too-many-commanders', { count, title }, walkers.map(ref));
  else if (count === 2 && a && b && a.name !== b.name && !canPair(a, b))
    add('commander-pair', 'commander-pair', { first: a.name, second: b.name, title }, [ref(a), ref(b)]);
  const spellCount = sum(zone.filter((l) => l.card && spells.includes(l.card)));
  if (oathbreaker && walkers.length > 0 && spellCount !== walkers.length)
    add(
      'signature-spell',
      'signature-spell',
      { spells: spellCount, oathbreakers: walkers.length },
      spells.map(ref),
    );
  // Colour identity: the commanders' (oathbreakers') combined identity bounds every other card.
  if (walkers.length === 0) return;
  const identity = new Set(walkers.flatMap((c) => c.colorIdentity));
  const shown = COLORS.filter((c) => identity.has(c)).join('');
  for (const { card } of byName(cards)) {
    if (walkers.includes(card)) continue;
    const outside = card.colorIdentity.filter((c) => !identity.has(c));
    if (outside.length)
      add(
        'color-identity',
        'color-identity',
        {
          name: card.name,
          colors: COLORS.filter((c) => card.colorIdentity.includes(c)).join(''),
          identity: shown,
          title,
        },
        [ref(card)],
      );
  }
}

/** At most one companion, a card with the ability, whose condition the starting deck meets. */
function companions(
  rules: Construction,
  zone: LegalityLine[],
  deck: LegalityLine[],
  deckCount: number,
  add: Add,
) {
  const count = sum(zone);
  const resolved = zone.flatMap((l) => (l.card ? [l.card] : []));
  if (count > 1) add('companion', 'companion-count', { count }, resolved.map(ref));
  const starting = byName(deck).flatMap(({ card, quantity }) => Array.from({ length: quantity }, () => card));
  for (const c of resolved) {
    if (!/Companion\s*[—-]/.test(oracle(c))) {
      add('companion', 'no-companion-ability', { name: c.name }, [ref(c)]);
      continue;
    }
    const offenders = companionCondition(c)?.offenders(starting, deckCount, rules) ?? [];
    if (offenders === 'unmet') add('companion', 'companion-unmet', { name: c.name }, [ref(c)]);
    else if (offenders.length) {
      const unique = [...new Map(offenders.map((o) => [o.name, o])).values()];
      add(
        'companion',
        'companion-breakers',
        { name: c.name, cards: list(unique.map((o) => o.name)), count: unique.length },
        [ref(c), ...unique.map(ref)],
      );
    }
  }
}
