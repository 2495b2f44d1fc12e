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
  const add = (rule: LegalityRuleValue, message: string, cards: LegalityProblem['cards'] = []) =>
    problems.push({ rule, message, cards });
  const on = (...boards: BoardValue[]) => lines.filter((l) => boards.includes(l.board));

  if (rules.family === 'none') return { legal: true, problems };
  const commanderFamily = rules.family === 'commander' || rules.family === 'oathbreaker';
  // The deck proper (commanders included), and what sits beside it.
  const deck = on('main', 'commander');
  const beside = commanderFamily ? on('companion') : on('side', 'companion');
  const deckCount = sum(deck);

  if (rules.family === 'limited') {
    if (deckCount < rules.deckSize)
      add(
        'deck-size',
        `The deck has ${plural(deckCount, 'card')}; Limited decks need at least ${rules.deckSize}.`,
      );
    return { legal: problems.length === 0, problems };
  }

  for (const l of [...deck, ...beside])
    if (!l.card)
      add('unresolved', `"${l.name}" is not a card the catalogue knows.`, [{ name: l.name, cardId: null }]);

  // Size.
  if (rules.exact ? deckCount !== rules.deckSize : deckCount < rules.deckSize)
    add(
      'deck-size',
      rules.exact
        ? `The deck has ${plural(deckCount, 'card')}${commanderFamily ? ', commanders included' : ''}; it needs exactly ${rules.deckSize}.`
        : `The deck has ${plural(deckCount, 'card')}; it needs at least ${rules.deckSize}.`,
    );
  const besideCount = sum(beside);
  if (rules.sideboard !== null && besideCount > rules.sideboard)
    add(
      'sideboard-size',
      `The sideboard has ${plural(besideCount, 'card')}${on('companion').length ? ', companion included' : ''}; at most ${rules.sideboard} are allowed.`,
    );

  // Copies, and legality per card.
  const key = format.legalityKey ?? '';
  for (const { card, quantity } of byName(commanderFamily ? deck : [...deck, ...beside])) {
    const limit = isBasicLand(card) ? Number.POSITIVE_INFINITY : (ownCopyLimit(card) ?? rules.copies);
    if (quantity > limit)
      add(
        'copies',
        `${quantity} copies of ${card.name}; at most ${limit === 1 ? 'one is' : `${limit} are`} allowed.`,
        [ref(card)],
      );
    if (rules.restricted === 'one-copy' && card.legalities[key] === 'restricted' && quantity > 1)
      add('restricted', `${card.name} is restricted: at most one copy is allowed.`, [ref(card)]);
  }
  for (const { card } of byName([...deck, ...beside])) {
    const status = card.legalities[key];
    if (status === 'banned') add('banned', `${card.name} is banned.`, [ref(card)]);
    else if (status === 'not_legal')
      add('not-legal', `${card.name} is not legal in this format.`, [ref(card)]);
  }

  if (commanderFamily) commanders(rules, on('commander'), [...deck, ...beside], key, add);
  companions(rules, on('companion'), deck, deckCount, add);
  return { legal: problems.length === 0, problems };
}

type Add = (rule: LegalityRuleValue, message: string, cards?: LegalityProblem['cards']) => void;

/** Commanders (or oathbreakers with their signature spells) and the colour identity they allow. */
function commanders(rules: Construction, zone: LegalityLine[], cards: LegalityLine[], key: string, add: Add) {
  const oathbreaker = rules.family === 'oathbreaker';
  const title = oathbreaker ? 'oathbreaker' : 'commander';
  if (zone.length === 0) {
    add('commander-count', `The deck has no ${title}.`);
    return;
  }
  const resolved = zone.flatMap((l) => (l.card ? [l.card] : []));
  const spells = oathbreaker ? resolved.filter((c) => /\b(Instant|Sorcery)\b/.test(frontType(c))) : [];
  const leaders = resolved.filter((c) => !spells.includes(c));
  if (oathbreaker) {
    for (const c of leaders)
      if (!/\bPlaneswalker\b/.test(frontType(c)))
        add(
          'commander-eligible',
          `${c.name} cannot be an oathbreaker (a planeswalker) or a signature spell.`,
          [ref(c)],
        );
  } else {
    for (const c of leaders) {
      const paired = leaders.some((o) => o !== c && isBackground(c) && pairAbilities(o).choosesBackground);
      if (!canBeCommander(c, rules) && !paired)
        add(
          'commander-eligible',
          isBackground(c)
            ? `${c.name} is a Background: it needs a commander that says "Choose a Background".`
            : `${c.name} cannot be your commander.`,
          [ref(c)],
        );
      if (rules.restricted === 'not-commander' && c.legalities[key] === 'restricted')
        add('restricted', `${c.name} may be in the deck but not be the commander.`, [ref(c)]);
    }
  }
  const walkers = oathbreaker ? leaders.filter((c) => /\bPlaneswalker\b/.test(frontType(c))) : leaders;
  const count = zone.filter((l) => !l.card || !spells.includes(l.card)).reduce((n, l) => n + l.quantity, 0);
  const [a, b] = walkers;
  if (count > 2)
    add(
      'commander-count',
      `The deck has ${count} ${title}s; at most two (a pair) are allowed.`,
      walkers.map(ref),
    );
  else if (count === 2 && a && b && a.name !== b.name && !canPair(a, b))
    add('commander-pair', `${a.name} and ${b.name} cannot be ${title}s together.`, [ref(a), ref(b)]);
  if (
    oathbreaker &&
    walkers.length > 0 &&
    sum(zone.filter((l) => l.card && spells.includes(l.card))) !== walkers.length
  )
    add(
      'signature-spell',
      `Each oathbreaker needs one signature spell (an instant or sorcery): the deck has ${plural(sum(zone.filter((l) => l.card && spells.includes(l.card))), 'signature spell')} for ${plural(walkers.length, 'oathbreaker')}.`,
      spells.map(ref),
    );
  // Colour identity: the commanders' (oathbreakers') combined identity bounds every other card.
  if (walkers.length === 0) return;
  const identity = new Set(walkers.flatMap((c) => c.colorIdentity));
  const shown = COLORS.filter((c) => identity.has(c)).join('') || 'colourless';
  for (const { card } of byName(cards)) {
    if (walkers.includes(card)) continue;
    const outside = card.colorIdentity.filter((c) => !identity.has(c));
    if (outside.length)
      add(
        'color-identity',
        `${card.name} (${card.colorIdentity.join('')}) is outside the ${title}s' colour identity (${shown}).`,
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
  if (count > 1)
    add('companion', `The deck has ${count} companions; only one is allowed.`, resolved.map(ref));
  const starting = byName(deck).flatMap(({ card, quantity }) => Array.from({ length: quantity }, () => card));
  for (const c of resolved) {
    if (!/Companion\s*[—-]/.test(oracle(c))) {
      add('companion', `${c.name} has no companion ability.`, [ref(c)]);
      continue;
    }
    const offenders = companionCondition(c)?.offenders(starting, deckCount, rules) ?? [];
    if (offenders === 'unmet')
      add('companion', `The deck does not meet ${c.name}'s companion condition.`, [ref(c)]);
    else if (offenders.length) {
      const unique = [...new Map(offenders.map((o) => [o.name, o])).values()];
      add(
        'companion',
        `${unique.map((o) => o.name).join(', ')} ${unique.length === 1 ? 'breaks' : 'break'} ${c.name}'s companion condition.`,
        [ref(c), ...unique.map(ref)],
      );
    }
  }
}
