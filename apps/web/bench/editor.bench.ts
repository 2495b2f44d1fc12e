// The deck editor's "added card painted after Enter" figure (issue target ≤ 100 ms): a signed-in
// player on an empty Commander deck types a card into the editor's search, waits for it to be the
// highlighted result, and presses Enter; the time runs from the Enter keydown to the first frame
// painted after the card's line appears on the board (a requestAnimationFrame, then a task: the
// frame has been painted by then). Each add is a real small change (POST /deck/:id/cards) to the
// real API. A benchmark, not a test: it prints the figures and asserts none of them.
// Run by `pnpm --filter @companion/web bench` (bench/index.mjs) through bench/playwright.config.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { DESKTOP } from '../e2e/cards-helpers';
import { signedInUser } from '../e2e/helpers';

const ADDS = Number(process.env.BENCH_EDITOR_ADDS ?? 30);
const QUERIES = [
  ...[1, 2, 3, 4, 5, 6].map((mv) => `t:creature mv=${mv}`),
  't:instant',
  't:sorcery',
  't:artifact',
  't:enchantment',
  't:land',
];

declare global {
  interface Window {
    benchEnterAt?: number;
    benchPainted?: Promise<number>;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

test('deck editor: Enter to the added card painted', async ({ page }, info) => {
  test.setTimeout(300_000);
  await page.setViewportSize(DESKTOP);
  await signedInUser(page, 'benchedit');
  await page.goto('/decks/create');
  await page.getByLabel('Deck name').fill('Bench deck');
  await page.getByLabel('Deck name').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Bench deck' })).toBeVisible();

  const search = page.getByRole('combobox', { name: 'Search the catalogue for a card to add' });
  const options = page.getByRole('option');
  const active = page.getByRole('option', { selected: true });
  // Distinct card names from the catalogue, through the editor's own search.
  const names = new Set<string>();
  let previous = '';
  for (const query of QUERIES) {
    if (names.size >= ADDS) break;
    await search.fill(query);
    // This query's results, not the last one's still on screen.
    await expect(options.first()).toBeVisible();
    await expect(options.first()).not.toHaveText(previous);
    previous = (await options.first().textContent()) ?? '';
    for (const text of await options.locator(':scope > span:first-child').allTextContents())
      if (text.trim()) names.add(text.trim());
  }
  if (names.size < ADDS) throw new Error(`only ${names.size} distinct cards found for ${ADDS} adds`);
  await search.fill('');
  await page.evaluate(() => {
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter') window.benchEnterAt = event.timeStamp;
      },
      true,
    );
  });

  const main = page.getByRole('region', { name: 'Main deck', exact: true });
  const samples: number[] = [];
  for (const name of [...names].slice(0, ADDS)) {
    await search.fill(`!"${name}"`);
    await expect(active).toContainText(name);
    // Watch the board for the card's line before the key goes down.
    await page.evaluate((card) => {
      window.benchPainted = new Promise<number>((resolve) => {
        const present = () =>
          [...document.querySelectorAll('.web-deck-board li')].some((li) => li.textContent?.includes(card));
        const observer = new MutationObserver(() => {
          if (!present()) return;
          observer.disconnect();
          requestAnimationFrame(() =>
            setTimeout(() => resolve(performance.now() - (window.benchEnterAt ?? 0))),
          );
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        // A line that never shows is a failure, not a wait without end.
        setTimeout(() => {
          observer.disconnect();
          resolve(Number.NaN);
        }, 10_000);
      });
    }, name);
    await page.keyboard.press('Enter');
    const ms = await page.evaluate(() => window.benchPainted as Promise<number>);
    if (Number.isNaN(ms)) throw new Error(`${name}: its line never showed on the board`);
    samples.push(ms);
    await expect(main).toContainText(name);
  }

  const sorted = [...samples].sort((a, b) => a - b);
  const figures = {
    adds: samples.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? Number.NaN,
  };
  writeFileSync(join(info.outputDir, '..', 'bench-editor.json'), `${JSON.stringify(figures)}\n`);
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(
    `deck editor, Enter to the added card painted (${figures.adds} adds): p50 ${fmt(figures.p50)}  p95 ${fmt(figures.p95)}  max ${fmt(figures.max)}  ${figures.p95 <= 100 ? '✓' : '✗'} target p95 ≤ 100 ms`,
  );
});
