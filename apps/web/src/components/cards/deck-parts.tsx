import {
  useAddListCards,
  useCreateList,
  useDeckLenders,
  useLists,
  useSetDeckBracket,
} from '@companion/hooks';
import {
  BOARDS,
  type BoardValue,
  type BracketSignalValue,
  type LegalityReasonValue,
  type LegalityRuleValue,
} from '@companion/sdk';
import type { BracketCheck, Deck, DeckLegality, LegalityProblem } from '@companion/sdk/contract';
import { Badge, BracketBadge, BreakdownBars, Button, ManaCost, Select, Skeleton } from '@companion/ui';
import { useState } from 'react';
import { useToast } from '../../app/toasts';
import { useT } from '../../i18n/use-t';
import { displayName } from '../../lib/display-name';
import { errorMessage } from '../../lib/errors';
import { COLOR_HEX, COLOR_KEY, useCurrency, useMoney } from './common';
import { unownedSummary } from './unowned';

export type Board = BoardValue;
export const BOARD_KEY: Record<Board, string> = {
  commander: 'web.cards.board.commander',
  companion: 'web.cards.board.companion',
  main: 'web.cards.board.main',
  side: 'web.cards.board.side',
  maybe: 'web.cards.board.maybe',
};
/** Where each board shows on a deck: commanders first, the maybe-board last. */
const BOARD_POSITION: Record<Board, number> = { commander: 0, companion: 1, main: 2, side: 3, maybe: 4 };
/** The contract's boards in the order a deck shows them. */
export const SHOWN_BOARDS: readonly Board[] = [...BOARDS].sort(
  (a, b) => BOARD_POSITION[a] - BOARD_POSITION[b],
);

const BRACKET_KEY: Record<number, string> = {
  1: 'web.cards.bracket.1',
  2: 'web.cards.bracket.2',
  3: 'web.cards.bracket.3',
  4: 'web.cards.bracket.4',
  5: 'web.cards.bracket.5',
};

export interface ChartCard {
  quantity: number;
  board: string;
  card: { cmc: number; type_line: string | null; colors: string[] | null } | null;
}

/** Mana curve (non-land cards of the main deck and commanders) and colour split. */
export function DeckCharts({ cards }: { cards: readonly ChartCard[] }) {
  const t = useT();
  const playing = cards.filter((c) => c.card && (c.board === 'main' || c.board === 'commander'));
  const curve = new Map<number, number>();
  const colors = new Map<string, number>();
  for (const c of playing) {
    const card = c.card!;
    if (/\bLand\b/.test(card.type_line ?? '')) continue;
    const mv = Math.min(7, Math.floor(card.cmc));
    curve.set(mv, (curve.get(mv) ?? 0) + c.quantity);
    const cs = card.colors?.length ? card.colors : ['C'];
    for (const col of cs) colors.set(col, (colors.get(col) ?? 0) + c.quantity);
  }
  return (
    <div className="web-grid-2">
      <div className="web-card">
        <BreakdownBars
          title={t('web.cards.deck.curve')}
          sorted={false}
          empty={t('web.cards.collection.none')}
          items={[0, 1, 2, 3, 4, 5, 6, 7]
            .filter((mv) => curve.has(mv))
            .map((mv) => ({
              key: String(mv),
              label: mv === 7 ? '7+' : String(mv),
              value: curve.get(mv)!,
              detail: t('web.cards.deck.cardsCount', { count: curve.get(mv)! }),
            }))}
        />
      </div>
      <div className="web-card">
        <BreakdownBars
          title={t('web.cards.deck.colors')}
          empty={t('web.cards.collection.none')}
          items={[...colors].map(([col, n]) => ({
            key: col,
            label: COLOR_KEY[col] ? t(COLOR_KEY[col]!) : col,
            value: n,
            color: COLOR_HEX[col] ?? 'var(--cui-color-accent)',
            detail: t('web.cards.deck.cardsCount', { count: n }),
          }))}
        />
      </div>
    </div>
  );
}

export function ColorPips({ colors }: { colors: readonly string[] }) {
  const t = useT();
  if (!colors.length) return <ManaCost cost="{C}" size="sm" />;
  return (
    <span className="web-pips" title={colors.map((c) => (COLOR_KEY[c] ? t(COLOR_KEY[c]!) : c)).join(', ')}>
      <ManaCost cost={colors.map((c) => `{${c}}`).join('')} size="sm" />
    </span>
  );
}

/** The Game Changers check: what the bracket allows and which cards break it. */
export function BracketWarning({ check }: { check: BracketCheck }) {
  const t = useT();
  if (check.bracket === null) return null;
  if (check.ok)
    return (
      <p className="web-form__success" data-testid="bracket-ok">
        {t('web.cards.bracket.ok', { count: check.gameChangers.length })}
      </p>
    );
  return (
    <div className="web-notice web-notice--danger" role="alert" data-testid="bracket-warning">
      <strong>
        {t('web.cards.bracket.tooMany', {
          bracket: check.bracket,
          limit: check.limit ?? 0,
          count: check.gameChangers.length,
        })}
      </strong>{' '}
      {t('web.cards.bracket.offending', { cards: check.gameChangers.map((g) => g.name).join(', ') })}{' '}
      {t('web.cards.bracket.minimum', { bracket: check.minimumBracket })}
    </div>
  );
}

const SIGNAL_KEY = {
  'game-changers': 'web.cards.bracket.signal.gameChangers',
  'mass-land-denial': 'web.cards.bracket.signal.massLandDenial',
  'extra-turns': 'web.cards.bracket.signal.extraTurns',
  tutors: 'web.cards.bracket.signal.tutors',
  'two-card-combo': 'web.cards.bracket.signal.twoCardCombo',
} as const satisfies Record<BracketSignalValue, string>;

/**
 * The bracket the deck looks like (Game Changers, mass land denial, extra turns, tutors, two-card
 * combos), each reason with its cards, against the bracket chosen (or as a suggestion before one is).
 */
export function BracketEstimate({ check }: { check: BracketCheck }) {
  const t = useT();
  const label = (b: number) => t(BRACKET_KEY[b] ?? 'web.cards.bracket.none');
  return (
    <div className="web-bracket__estimate" data-testid="bracket-estimate">
      <p>
        <strong>{t('web.cards.bracket.estimate', { bracket: label(check.estimate) })}</strong>{' '}
        {check.bracket === null
          ? check.estimate > 1
            ? t('web.cards.bracket.suggest', { bracket: check.estimate })
            : null
          : check.fits
            ? t('web.cards.bracket.fits')
            : null}
      </p>
      {/* The Game Changers warning already says so when they are the whole reason. */}
      {check.bracket !== null && !check.fits && (check.ok || check.estimate > check.minimumBracket) ? (
        <p className="web-notice web-notice--danger" role="alert" data-testid="bracket-above">
          {t('web.cards.bracket.above', { estimate: check.estimate, bracket: check.bracket })}
        </p>
      ) : null}
      {check.reasons.length ? (
        <ul className="web-bracket__reasons" aria-label={t('web.cards.bracket.reasons')}>
          {check.reasons.map((r) => (
            <li key={`${r.signal}:${r.cards.map((c) => c.id).join(',')}`} data-signal={r.signal}>
              {t(SIGNAL_KEY[r.signal], { count: r.cards.length, bracket: r.minimumBracket })}:{' '}
              <span className="web-muted">{r.cards.map((c) => c.name).join(', ')}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="web-muted">{t('web.cards.bracket.estimateNone')}</p>
      )}
    </div>
  );
}

/** Bracket picker: saves at once and shows the Game Changers check and the estimate. */
export function BracketPicker({ deck }: { deck: Deck }) {
  const t = useT();
  const setBracket = useSetDeckBracket();
  return (
    <section className="web-card web-bracket" aria-labelledby="bracket-title">
      <div className="web-card__head">
        <h2 id="bracket-title">{t('web.cards.bracket.title')}</h2>
        {deck.bracket ? <BracketBadge bracket={deck.bracket as 1} /> : null}
      </div>
      <div className="web-inline-field">
        <label htmlFor="bracket-picker">{t('web.cards.bracket.label')}</label>
        <Select
          id="bracket-picker"
          value={deck.bracket ? String(deck.bracket) : ''}
          placeholder={t('web.cards.bracket.none')}
          onValueChange={(v) => setBracket.mutate({ params: { id: deck.id }, body: { bracket: Number(v) } })}
          options={[1, 2, 3, 4, 5].map((b) => ({ value: String(b), label: t(BRACKET_KEY[b]!) }))}
        />
      </div>
      {setBracket.error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(setBracket.error, t)}
        </p>
      ) : null}
      <BracketWarning check={deck.bracketCheck} />
      <BracketEstimate check={deck.bracketCheck} />
    </section>
  );
}

/** Cards of the deck I don't have (enough of), with a button that puts them on a wishlist. */
export function Unowned({ deck }: { deck: Deck }) {
  const t = useT();
  const toast = useToast();
  const lists = useLists();
  const create = useCreateList();
  const add = useAddListCards();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const { allOwned, missing, wishlistable } = unownedSummary(deck.unowned);
  if (allOwned)
    return (
      <section className="web-card" aria-labelledby="unowned-title">
        <h2 id="unowned-title">{t('web.cards.deck.unowned')}</h2>
        <p className="web-muted">{t('web.cards.deck.allOwned')}</p>
      </section>
    );
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      let wishlist = lists.data?.lists.find((l) => l.type === 'wishlist');
      if (!wishlist)
        wishlist = (
          await create.mutateAsync({ body: { name: t('web.cards.deck.wishlistName'), type: 'wishlist' } })
        ).list;
      await add.mutateAsync({
        params: { id: wishlist.id },
        body: {
          cards: wishlistable.map((u) => ({
            cardId: u.cardId,
            quantity: u.missing,
            finish: 'nonfoil' as const,
          })),
        },
      });
      toast({
        title: t('web.cards.deck.wishlisted', { count: wishlistable.length, list: wishlist.name }),
        tone: 'success',
      });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="web-card" aria-labelledby="unowned-title">
      <div className="web-card__head">
        <h2 id="unowned-title">{t('web.cards.deck.unowned')}</h2>
        {wishlistable.length ? (
          <Button size="sm" variant="primary" loading={busy} onClick={() => void run()}>
            {t('web.cards.deck.toWishlist')}
          </Button>
        ) : null}
      </div>
      <p className="web-muted" data-testid="unowned-count">
        {t('web.cards.deck.unownedCount', { count: missing })}
      </p>
      <ul className="web-chips">
        {deck.unowned.map((u) => (
          <li key={u.cardId ?? `unresolved:${u.name}`} className="web-chip">
            {u.missing}× {u.name}
            {u.cardId === null ? (
              <>
                {' '}
                <em className="web-muted">({t('web.cards.deck.unownedUnresolved')})</em>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(error, t)}
        </p>
      ) : null}
      {wishlistable.length ? <Lenders deckId={deck.id} /> : null}
    </section>
  );
}

/**
 * "Who can lend it", asked for on demand: for each missing card, the friends and playgroup members
 * holding it in a list they share with friends, with the copies in each list.
 */
function Lenders({ deckId }: { deckId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const lenders = useDeckLenders({ params: { id: deckId } }, { enabled: open });
  const cards = lenders.data?.cards ?? [];
  const found = cards.filter((c) => c.lenders.length > 0);
  return (
    <div className="web-lenders" data-testid="deck-lenders">
      {open ? null : (
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
          {t('web.cards.deck.lenders.ask')}
        </Button>
      )}
      {open && lenders.isPending ? <Skeleton lines={2} /> : null}
      {open && lenders.error ? (
        <p className="web-form__error" role="alert">
          {errorMessage(lenders.error, t)}
        </p>
      ) : null}
      {lenders.data ? (
        <>
          <h3>{t('web.cards.deck.lenders.title')}</h3>
          <p className="web-muted">
            {found.length
              ? t('web.cards.deck.lenders.summary', { count: found.length, total: cards.length })
              : t('web.cards.deck.lenders.none')}
          </p>
          <ul className="web-lenders__list">
            {found.map((c) => (
              <li key={c.cardId}>
                <strong>{c.name}</strong>{' '}
                <span className="web-muted">{t('web.cards.deck.lenders.missing', { count: c.missing })}</span>
                <ul>
                  {c.lenders.map((l) => (
                    <li key={l.listId}>
                      {t('web.cards.deck.lenders.holder', {
                        name: displayName(l.user),
                        list: l.listName,
                        count: l.quantity,
                      })}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <p className="web-muted">{t('web.cards.deck.lenders.hint')}</p>
        </>
      ) : null}
    </div>
  );
}

/** A deck's card count and price in the player's currency, as two entries of a figures list. */
export function DeckFigures({ deck }: { deck: { cardCount: number; price: { usd: number; eur: number } } }) {
  const t = useT();
  const currency = useCurrency();
  const money = useMoney();
  return (
    <>
      <div>
        <dt>{t('web.cards.deck.cards')}</dt>
        <dd>{deck.cardCount}</dd>
      </div>
      <div>
        <dt>{t('web.cards.deck.price')}</dt>
        <dd>{money(currency === 'eur' ? deck.price.eur : deck.price.usd, currency)}</dd>
      </div>
    </>
  );
}

/** Each legality rule's name in the player's language (the contract's LEGALITY_RULES). */
export const LEGALITY_RULE_KEY: Record<LegalityRuleValue, string> = {
  unresolved: 'web.cards.deckLegality.rule.unresolved',
  'deck-size': 'web.cards.deckLegality.rule.deckSize',
  'sideboard-size': 'web.cards.deckLegality.rule.sideboardSize',
  copies: 'web.cards.deckLegality.rule.copies',
  banned: 'web.cards.deckLegality.rule.banned',
  'not-legal': 'web.cards.deckLegality.rule.notLegal',
  restricted: 'web.cards.deckLegality.rule.restricted',
  'commander-count': 'web.cards.deckLegality.rule.commanderCount',
  'commander-eligible': 'web.cards.deckLegality.rule.commanderEligible',
  'commander-pair': 'web.cards.deckLegality.rule.commanderPair',
  'signature-spell': 'web.cards.deckLegality.rule.signatureSpell',
  'color-identity': 'web.cards.deckLegality.rule.colorIdentity',
  companion: 'web.cards.deckLegality.rule.companion',
};

/** Each legality reason's wording in the player's language (the contract's LEGALITY_REASONS). */
const LEGALITY_REASON_KEY: Record<LegalityReasonValue, string> = {
  unresolved: 'web.cards.deckLegality.reason.unresolved',
  'limited-size': 'web.cards.deckLegality.reason.limitedSize',
  'deck-size-exact': 'web.cards.deckLegality.reason.deckSizeExact',
  'deck-size-min': 'web.cards.deckLegality.reason.deckSizeMin',
  'sideboard-size': 'web.cards.deckLegality.reason.sideboardSize',
  copies: 'web.cards.deckLegality.reason.copies',
  'restricted-copies': 'web.cards.deckLegality.reason.restrictedCopies',
  banned: 'web.cards.deckLegality.reason.banned',
  'not-legal': 'web.cards.deckLegality.reason.notLegal',
  'no-commander': 'web.cards.deckLegality.reason.noCommander',
  'not-oathbreaker': 'web.cards.deckLegality.reason.notOathbreaker',
  'background-alone': 'web.cards.deckLegality.reason.backgroundAlone',
  'not-commander': 'web.cards.deckLegality.reason.notCommander',
  'restricted-commander': 'web.cards.deckLegality.reason.restrictedCommander',
  'too-many-commanders': 'web.cards.deckLegality.reason.tooManyCommanders',
  'commander-pair': 'web.cards.deckLegality.reason.commanderPair',
  'signature-spell': 'web.cards.deckLegality.reason.signatureSpell',
  'color-identity': 'web.cards.deckLegality.reason.colorIdentity',
  'companion-count': 'web.cards.deckLegality.reason.companionCount',
  'no-companion-ability': 'web.cards.deckLegality.reason.noCompanionAbility',
  'companion-unmet': 'web.cards.deckLegality.reason.companionUnmet',
  'companion-breakers': 'web.cards.deckLegality.reason.companionBreakers',
};

/**
 * A problem worded in the player's language from its reason and values; an older server's problem
 * (no reason) keeps its English message, marked so.
 */
function ProblemText({ problem }: { problem: LegalityProblem }) {
  const t = useT();
  if (!problem.reason)
    return (
      <span className="web-muted web-block" lang="en">
        {problem.message}
      </span>
    );
  const values = { ...problem.values };
  if (problem.reason === 'color-identity' && !values.identity)
    values.identity = t('web.cards.deckLegality.reason.colorless');
  return <span className="web-muted web-block">{t(LEGALITY_REASON_KEY[problem.reason], values)}</span>;
}

/**
 * The deck against its format's construction rules: legal, or each problem with the rule's name,
 * the cards it is about and what is wrong, in the player's language.
 */
export function Legality({ legality, format }: { legality: DeckLegality; format: string | null }) {
  const t = useT();
  const problems = legality.problems;
  return (
    <section className="web-card" aria-labelledby="deck-legality-title" data-testid="deck-legality">
      <div className="web-card__head">
        <h2 id="deck-legality-title">
          {format ? t('web.cards.deckLegality.title', { format }) : t('web.cards.deckLegality.titleNoFormat')}
        </h2>
        <Badge tone={legality.legal ? 'success' : 'danger'}>
          {legality.legal
            ? t('web.cards.deckLegality.legalBadge')
            : t('web.cards.deckLegality.problems', { count: problems.length })}
        </Badge>
      </div>
      {legality.legal ? (
        <p className="web-muted">{t('web.cards.deckLegality.legal')}</p>
      ) : (
        <ul className="web-legality">
          {problems.map((p) => (
            <li key={`${p.rule}|${p.message}`} data-rule={p.rule}>
              <strong>{t(LEGALITY_RULE_KEY[p.rule])}</strong>
              {p.cards.length ? <span> · {p.cards.map((c) => c.name).join(', ')}</span> : null}
              <ProblemText problem={p} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
