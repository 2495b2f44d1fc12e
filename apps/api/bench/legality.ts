/**
 * Deck legality figures: `checkLegality` on a 100-card Commander deck (two partner commanders, a
 * companion, 98 other cards of the shared sample) as a request would run it, on fresh card objects
 * each time (nothing cached between requests). Target: ≤ 10 ms a deck on the server.
 */

import { checkLegality, type LegalityLine } from '../src/services/decks/legality.js';
import { catalogue, HAS_DATA } from '../test/support/legality-cards.js';

const RUNS = 500;

export async function run(): Promise<void> {
  if (!HAS_DATA) {
    console.log('legality: skipped (no shared sample data beside the repository)');
    return;
  }
  const card = (name: string) => catalogue.get(name) ?? null;
  const deck: LegalityLine[] = [
    { board: 'commander', quantity: 1, name: 'Akiri, Line-Slinger', card: card('Akiri, Line-Slinger') },
    {
      board: 'commander',
      quantity: 1,
      name: 'Bruse Tarl, Boorish Herder',
      card: card('Bruse Tarl, Boorish Herder'),
    },
    {
      board: 'companion',
      quantity: 1,
      name: 'Kaheera, the Orphanguard',
      card: card('Kaheera, the Orphanguard'),
    },
    ...[...catalogue.keys()]
      .slice(0, 98)
      .map((name) => ({ board: 'main' as const, quantity: 1, name, card: card(name) })),
  ];
  const decks = Array.from({ length: RUNS }, () => structuredClone(deck));
  const format = { id: 'commander', legalityKey: 'commander', commander: true };
  for (const d of decks.slice(0, 50)) checkLegality(format, d); // warm-up
  const times: number[] = [];
  let problems = 0;
  for (const d of decks) {
    const start = performance.now();
    problems = checkLegality(format, d).problems.length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  console.log(
    `legality: 100-card Commander deck (${problems} problems found) p50 ${at(0.5).toFixed(3)} ms, p95 ${at(0.95).toFixed(3)} ms, p99 ${at(0.99).toFixed(3)} ms over ${RUNS} runs (target ≤ 10 ms)`,
  );
}
