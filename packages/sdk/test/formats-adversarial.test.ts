// Hostile input for every parser of `@companion/sdk/formats` (adversarial-payloads.ts). Each parse
// must answer with rows or errors, never hang or throw something other than a FormatError, and take
// linear time: at most 200 ms, the fastest of up to five runs, in CPU time. The budget is not the
// performance figure: `pnpm bench` (bench/adversarial.ts) prints the slowest of these parses against
// the 50 ms. A quadratic or backtracking pass over 200,000 characters costs tens of seconds,
// so 200 ms tells linear from not with a wide margin, also on a CI machine busy with other suites
// (there, 200,000 line breaks once took 50.7 ms: 7.5 ms on a quiet machine).
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../src/contract/limits.js';
import { FormatError, parseCollection, parseDecklist, writeCollection } from '../src/formats/index.js';
import { PAYLOADS, timedParses } from './adversarial-payloads.js';
import { expectEveryLineAccounted } from './decklist-lines.js';

const BUDGET_MS = 200;

/** The process's CPU time in ms (user + system), or null where there is no `process` (a browser). */
const cpuMs = (): number | null => {
  if (typeof process === 'undefined' || typeof process.cpuUsage !== 'function') return null;
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * The fastest of up to five runs, each counted as the smaller of its wall time and the CPU time this
 * process spent: on a machine busy with other work, wall time grows while CPU time does not (and a
 * backtracking pattern costs seconds of both).
 */
function fastest(parse: () => unknown): { ms: number; outcome: unknown } {
  let ms = Number.POSITIVE_INFINITY;
  let outcome: unknown;
  for (let run = 0; run < 5 && ms > BUDGET_MS; run++) {
    const cpu = cpuMs();
    const started = performance.now();
    try {
      outcome = parse();
    } catch (error) {
      outcome = error;
    }
    const wall = performance.now() - started;
    const spent = cpu === null ? wall : Math.min(wall, (cpuMs() ?? 0) - cpu);
    ms = Math.min(ms, spent);
  }
  return { ms, outcome };
}

function expectFastAndAnswered(parse: () => unknown): void {
  const { ms, outcome } = fastest(parse);
  if (outcome instanceof Error) expect(outcome).toBeInstanceOf(FormatError);
  expect(ms).toBeLessThanOrEqual(BUDGET_MS);
}

describe.each(Object.entries(PAYLOADS))('%s', (_, payload) => {
  it.each(timedParses(payload))('%s', (_name, parse) => expectFastAndAnswered(parse));

  it.each(['arena', 'mtgo', 'plain'] as const)('every line is a row, an error or skipped (%s)', (format) => {
    for (const text of [payload, `Burn\n---\n${payload}\n4 Lightning Bolt\n`, `${payload}\n${payload}`]) {
      expectEveryLineAccounted(text, parseDecklist(text, { format }));
    }
  });
});

describe('caps', () => {
  it('a decklist line over the cap is an error naming its length, not a card', () => {
    const { rows, errors } = parseDecklist(`1 ${'x'.repeat(LIMITS.formatLine.max)}\n4 Lightning Bolt`);
    expect(rows.map((r) => r.name)).toEqual(['Lightning Bolt']);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.line).toBe(1);
    expect(errors[0]?.message).toMatch(/1,002 characters long; a decklist line has at most 1,000/);
    expect(errors[0]?.raw.length).toBeLessThanOrEqual(501);
  });

  it('hostile decklists: every line is a row, an error or skipped, and nothing made up is a card', () => {
    const texts = [
      '',
      '\n',
      '\r\n\r\n',
      '\uFEFF',
      '\uFEFFMy Deck\r\n------\r\n4 Lightning Bolt\r\n',
      'hello world.\nWhat do you think?\n',
      'About\nName X\nAbout\nName Y',
      'SB:\nSB: \nSB: SB: 4 Opt',
      `${'-'.repeat(LIMITS.formatLine.max + 5)}\n4 Opt`,
      `Title:${' '.repeat(LIMITS.formatLine.max)}\n4 Opt`,
      '4\n4 \n4x\n x4 Opt\n(M10) 146\n*F*',
      '#\n//\n# Sideboard\n// Sideboard\nSideboard\nCreatures (0)\n',
      Array.from({ length: 2000 }, (_, i) => (i % 3 === 0 ? '---' : i % 3 === 1 ? '' : `${i} Island`)).join(
        '\n',
      ),
    ];
    for (const text of texts) {
      for (const format of ['arena', 'mtgo', 'plain'] as const) {
        const result = parseDecklist(text, { format });
        expectEveryLineAccounted(text, result);
        for (const row of result.rows) {
          expect(row.quantity).toBeGreaterThanOrEqual(LIMITS.deckQuantity.min);
          expect(row.quantity).toBeLessThanOrEqual(LIMITS.deckQuantity.max);
          expect(row.name).not.toMatch(/^(hello world|[-=]+|Title:.*|SB:.*)$/);
        }
      }
    }
  });

  it('a quantity outside 1–999 is an error, not 99,999 Islands', () => {
    const { rows, errors } = parseDecklist('99999 Island\n0 Forest\n999 Swamp', { format: 'mtgo' });
    expect(rows.map((r) => [r.quantity, r.name])).toEqual([[999, 'Swamp']]);
    expect(errors.map((e) => [e.line, e.field])).toEqual([
      [1, 'quantity'],
      [2, 'quantity'],
    ]);
    expect(errors[0]?.message).toBe(
      'Line 1: the quantity must be a whole number from 1 to 999 (copies of a card on one decklist line), got "99999"',
    );
  });

  it('a CSV cell over the cap is an error naming its column, and the other rows are read', () => {
    const header = writeCollection('moxfield', []).split(/\r?\n/)[0] as string;
    const ok = writeCollection('moxfield', [
      {
        name: 'Sol Ring',
        quantity: 1,
        setCode: 'cmm',
        setName: null,
        collectorNumber: '400',
        language: 'en',
        finish: 'nonfoil',
        condition: 'NM',
        scryfallId: null,
        purchasePrice: null,
        purchaseCurrency: null,
        tags: [],
      },
    ])
      .split(/\r?\n/)
      .slice(1)
      .join('\n');
    const long = `1,"${'x'.repeat(LIMITS.formatCell.max + 1)}"`;
    const { rows, errors } = parseCollection(`${header}\n${long}\n${ok}`, { format: 'moxfield' });
    expect(rows.map((r) => r.name)).toEqual(['Sol Ring']);
    expect(errors[0]?.message).toMatch(/on line 2 is 1,001 characters long; a cell has at most 1,000/);
  });

  it('a collection quantity over the cap is an error', () => {
    const header = writeCollection('manabox', []).split(/\r?\n/)[0] as string;
    const cells = header.split(',').map((h) => (h === 'Name' ? 'Island' : h === 'Quantity' ? '10001' : ''));
    const { rows, errors } = parseCollection(`${header}\n${cells.join(',')}`, { format: 'manabox' });
    expect(rows).toEqual([]);
    expect(errors[0]?.message).toBe('Quantity must be a whole number from 1 to 10,000, got "10001"');
  });

  it('entity expansion in a .dek does not blow up', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE Deck [<!ENTITY a "${'x'.repeat(1000)}"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><Deck><Cards CatID="1" Quantity="1" Sideboard="false" Name="&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"/></Deck>`;
    expectFastAndAnswered(() => parseDecklist(laughs, { format: 'dek' }));
  });
});
