/**
 * A deck's cards as given (cards by reference, or a pasted decklist), resolved against the catalogue;
 * lines that name no card are kept as unresolved cards. Also checks the format and subformat.
 */
import { type BoardValue, type DeckInput, LIMITS, type SkippedLine } from '@companion/sdk/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { formats, subformats } from '../../db/schema.js';
import { Invalid } from '../errors.js';
import { resolveCards } from '../imports-resolve.js';
import { type Parsing, skippedReport } from '../parsing.js';
import { now, type Turn } from '../write-gate.js';

export type Input = z.output<typeof DeckInput>;
type Board = BoardValue;
export interface UnresolvedLine {
  line: number;
  text: string;
  reason: string;
}
export interface NewDeckCard {
  cardId: string | null;
  name: string;
  quantity: number;
  board: Board;
  position: number;
  /** Undefined: not said (a decklist, or a card input without one). */
  category?: string | null | undefined;
}

/** Resolves the cards of a deck input (cards or a pasted decklist); unresolved ones are kept. */
export async function resolveDeckInput(
  db: Db,
  parsing: Parsing,
  input: { cards?: Input['cards']; decklist?: string | undefined },
  turn: Turn = now,
): Promise<{ cards: NewDeckCard[]; unresolved: UnresolvedLine[]; skipped: SkippedLine[] }> {
  const unresolved: UnresolvedLine[] = [];
  let skipped: SkippedLine[] = [];
  let wanted: Array<{
    ref: {
      scryfallId?: string | null;
      setCode?: string | null;
      collectorNumber?: string | null;
      name?: string | null;
      mtgoId?: number | null;
    };
    text: string;
    quantity: number;
    board: Board;
    line: number;
    category?: string | null | undefined;
  }>;
  if (input.decklist !== undefined) {
    const parsed = await parsing.decklist(input.decklist);
    // Nothing in it could be read as a card (every line refused: too long, not a decklist line):
    // refused as a whole rather than saved as an empty deck, with the lines that were not read.
    if (parsed.rows.length === 0 && parsed.errors.length > 0) {
      const shown = parsed.errors.slice(0, LIMITS.importSkippedShown.max);
      throw new Invalid(
        `No line of the decklist could be read. ${shown[0]?.message ?? ''}`.trim(),
        shown.map((e) => ({ path: 'body.decklist', message: e.message })),
      );
    }
    for (const e of parsed.errors) unresolved.push({ line: e.line, text: e.raw, reason: e.message });
    skipped = skippedReport(parsed.skipped).skipped;
    const lines = input.decklist.split(/\r\n|\n|\r/);
    wanted = parsed.rows.map((r) => ({
      ref: { setCode: r.setCode, collectorNumber: r.collectorNumber, name: r.name, mtgoId: r.mtgoId ?? null },
      text: (lines[r.line - 1] ?? r.name).trim(),
      quantity: r.quantity,
      board: r.board,
      line: r.line,
    }));
  } else {
    wanted = (input.cards ?? []).map((c, i) => ({
      ref: {
        scryfallId: c.cardId ?? null,
        setCode: c.setCode ?? null,
        collectorNumber: c.collectorNumber ?? null,
        name: c.name ?? null,
      },
      text: c.name ?? c.cardId ?? '',
      quantity: c.quantity,
      board: c.board,
      line: i + 1,
      category: c.category,
    }));
  }
  const resolved = await turn(() =>
    resolveCards(
      db,
      wanted.map((w) => w.ref),
    ),
  );
  const cards = wanted.map((w, i) => {
    const r = resolved[i];
    if (!r?.card) unresolved.push({ line: w.line, text: w.text, reason: r?.reason ?? 'Unknown card' });
    return {
      cardId: r?.card?.id ?? null,
      // A .dek item that gave only its CatID is named by it until it resolves.
      name: r?.card?.name || w.ref.name || (w.ref.mtgoId != null ? `CatID ${w.ref.mtgoId}` : w.text),
      quantity: w.quantity,
      board: w.board,
      position: w.line,
      ...(w.category !== undefined ? { category: w.category } : {}),
    };
  });
  unresolved.sort((a, b) => a.line - b.line);
  return { cards, unresolved, skipped };
}

export async function checkFormat(db: Db, formatId: string, subformatId: string | null | undefined) {
  const [format] = await db.select().from(formats).where(eq(formats.id, formatId));
  if (!format)
    throw new Invalid(`Unknown format "${formatId}"`, [{ path: 'body.formatId', message: 'Unknown format' }]);
  if (subformatId) {
    const [sub] = await db
      .select()
      .from(subformats)
      .where(and(eq(subformats.id, subformatId), eq(subformats.formatId, formatId)));
    if (!sub)
      throw new Invalid(`Unknown subformat "${subformatId}" for ${format.name}`, [
        { path: 'body.subformatId', message: 'Not a subformat of this format' },
      ]);
  }
  return format;
}
