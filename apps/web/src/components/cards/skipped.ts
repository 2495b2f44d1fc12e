import type { SkippedLine } from '@companion/sdk/contract';

type T = (id: string, values?: Record<string, string | number>) => string;

/** The catalogue key naming each reason a decklist line was skipped (its count for blank runs). */
export const SKIP_KEY: Record<SkippedLine['reason'], string> = {
  blank: 'web.cards.import.skip.blank',
  comment: 'web.cards.import.skip.comment',
  header: 'web.cards.import.skip.header',
  title: 'web.cards.import.skip.title',
  separator: 'web.cards.import.skip.separator',
  prose: 'web.cards.import.skip.prose',
};

/**
 * One sentence for the lines a pasted decklist left out, blank lines and section headers aside (they
 * shape the list, nothing of them is lost):
 * "2 lines skipped (not cards): line 1, the deck's title; line 3, a separator". Null when there is
 * nothing to say.
 */
export function skippedSummary(t: T, skipped: readonly SkippedLine[], shown = 5): string | null {
  const said = skipped.filter((k) => k.reason !== 'blank' && k.reason !== 'header');
  if (!said.length) return null;
  const lines = said
    .slice(0, shown)
    .map(
      (k) => `${t('web.cards.import.line', { line: k.line })}, ${t(SKIP_KEY[k.reason], { count: k.count })}`,
    );
  if (said.length > shown) lines.push('…');
  return t('web.cards.deck.skipped', { count: said.length, lines: lines.join('; ') });
}
