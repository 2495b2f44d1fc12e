/**
 * The slowest parse of a hostile input: every parser of `@companion/sdk/formats` on each payload of
 * test/adversarial-payloads.ts (200,000 characters aimed at patterns that used to backtrack), the
 * fastest of five runs each. Target: ≤ 50 ms. Prints figures; asserts nothing.
 */
import { PAYLOADS, timedParses } from '../test/adversarial-payloads.js';

const TARGET_MS = 50;
const RUNS = 5;

export async function run(): Promise<void> {
  const times: Array<{ ms: number; label: string }> = [];
  for (const [name, payload] of Object.entries(PAYLOADS)) {
    for (const [parse, fn] of timedParses(payload)) {
      let ms = Number.POSITIVE_INFINITY;
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        try {
          fn();
        } catch {
          // an error is an answer: its time counts the same
        }
        ms = Math.min(ms, performance.now() - started);
      }
      times.push({ ms, label: `${name}, ${parse}` });
    }
  }
  times.sort((a, b) => b.ms - a.ms);
  const over = times.filter((t) => t.ms > TARGET_MS).length;
  const slowest = times.slice(0, 3).map((t) => `${t.ms.toFixed(1)} ms (${t.label})`);
  console.log(
    `formats  adversarial: ${times.length} parses of 200,000-character hostile inputs, slowest ${slowest.join(', ')}; ` +
      `${over} over ${TARGET_MS} ms (target: none: ${over ? 'MISSED' : 'met'})`,
  );
}
