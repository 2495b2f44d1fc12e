import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  createList,
  DESKTOP,
  importInto,
  MANABOX_COLLECTION,
  reportCounts,
  requireSharedData,
  shoot,
} from './cards-helpers';
import { expectAccessible, screenshot, signedInUser } from './helpers';

requireSharedData();

/** The list's "N rows are not matched to a card yet." notice, as a number (0 when it is gone). */
async function unresolvedCount(page: Page): Promise<number> {
  const notice = page.getByTestId('list-unresolved');
  if (!(await notice.isVisible())) return 0;
  return Number(((await notice.textContent()) ?? '').match(/\d[\d,]*/)?.[0]?.replace(/,/g, ''));
}

/** The list page's summary line ("3,742 cards · 2,901 unique · €…"), without the value. */
async function summary(page: Page): Promise<string> {
  const text = (await page.locator('.cui-page__description').first().textContent()) ?? '';
  return text.split('·').slice(0, 2).join('·').trim();
}

test('import: fix a 3,743-row ManaBox export from the list', async ({ page }, info) => {
  // The import, two fixes and an export and re-import of the whole list: about a minute alone here,
  // several times that beside other browser tests on a slower machine.
  test.setTimeout(600_000);
  await page.setViewportSize(DESKTOP);
  await signedInUser(page, 'fix');
  const binderUrl = await createList(page, 'ManaBox collection', 'Binder');
  const file = readFileSync(MANABOX_COLLECTION, 'utf8');
  const dataRows = file.trim().split(/\r?\n/).length - 1;
  const report = await importInto(page, 'manabox-collection.csv', file);
  await expect(report.getByText('ManaBox', { exact: true })).toBeVisible();
  await expect(report.getByText('Rows read').locator('..')).toContainText(dataRows.toLocaleString('en-US'));
  const counts = await reportCounts(report);
  console.log(`ManaBox collection report: ${JSON.stringify(counts)}`);
  expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(dataRows);
  expect(counts.unmatched).toBeGreaterThan(100);

  // Leave, come back: the unmatched rows are still there, counted, and shown on demand.
  // The file went in parts (2,000 rows each): a part's unmatched rows that repeat an earlier
  // part's merge into its entry, so the list holds at most as many unmatched entries as rows.
  await page.goto(binderUrl);
  const notice = page.getByTestId('list-unresolved');
  await expect(notice).toBeVisible();
  const listed = await unresolvedCount(page);
  expect(listed).toBeGreaterThan(counts.unmatched * 0.9);
  expect(listed).toBeLessThanOrEqual(counts.unmatched);
  await page.goto('/collection');
  await expect(page.locator('.web-notice', { hasText: 'still need' })).toContainText(
    listed.toLocaleString('en-US'),
  );
  await page.goto(binderUrl);
  await expect(notice).toBeVisible();
  expect(await unresolvedCount(page)).toBe(listed);
  await notice.getByRole('button', { name: 'Show them' }).click();
  const filter = page.getByRole('searchbox', { name: /Filter this list/ });
  await expect(filter).toHaveValue('is:unresolved');
  const rows = page.locator('tbody tr');
  await expect(rows).not.toHaveCount(0);
  await expect(page.locator('tbody tr:not([data-unresolved])')).toHaveCount(0);

  // Found by name: the first unmatched row's name, typed into the filter, finds it.
  const firstName = ((await rows.first().locator('.web-cardname').textContent()) ?? '').trim();
  expect(firstName.length).toBeGreaterThan(1);
  await filter.fill(firstName.slice(0, Math.min(firstName.length, 12)));
  await expect(rows.first()).toContainText(firstName.slice(0, Math.min(firstName.length, 12)));
  await filter.fill('is:unresolved');
  await expect(page.locator('tbody tr:not([data-unresolved])')).toHaveCount(0);

  // Fix one through "did you mean": a misspelt name offers the real one, nearest first.
  const before = await unresolvedCount(page);
  await rows
    .first()
    .getByRole('button', { name: /^Fix · / })
    .click();
  let dialog = page.getByTestId('fix-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Card name')).toHaveValue(firstName);
  await dialog.getByLabel('Card name').fill('Consecratd Sphnx');
  const suggestion = dialog.getByRole('radio', { name: 'Consecrated Sphinx' });
  await expect(suggestion).toBeVisible();
  await suggestion.check();
  await expect(dialog.getByRole('combobox', { name: /Printing/ })).toBeVisible();
  await expect(dialog.getByRole('img').first()).toBeVisible();
  await screenshot(page, info, 'fix-dialog-did-you-mean');
  await expectAccessible(page, 'fix dialog');
  await dialog.getByRole('button', { name: 'Use this printing' }).click();
  await expect(
    page.locator('.cui-toast__title', { hasText: /^Row fixed: Consecrated Sphinx/ }),
  ).toBeVisible();
  await expect.poll(() => unresolvedCount(page)).toBe(before - 1);

  // Fix two at once: select two rows, one printing for both (they merge if they become identical).
  await expect(page.locator('tbody tr:not([data-unresolved])')).toHaveCount(0);
  for (const i of [0, 1]) await rows.nth(i).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Fix 2 rows' }).click();
  dialog = page.getByTestId('fix-dialog');
  await dialog.getByLabel('Card name').fill('Forest');
  await expect(dialog.getByRole('radio', { name: /^Forest\s/ })).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: /Printing/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Use this printing for 2 rows' }).click();
  await expect(page.locator('.cui-toast__title', { hasText: /^2 rows fixed: Forest/ })).toBeVisible();
  await expect.poll(() => unresolvedCount(page)).toBe(before - 3);
  await screenshot(page, info, 'list-after-fixes');

  // The fixed rows are cards now: found without is:unresolved, not with it.
  await filter.fill('!"Consecrated Sphinx"');
  await expect(page.getByRole('button', { name: 'Consecrated Sphinx', exact: true }).first()).toBeVisible();
  await filter.fill('is:unresolved consecrated sphinx');
  await expect(page.getByText('No card matches.')).toBeVisible();

  // Export the list and import the file into a new list: the same cards, the same rows unmatched.
  await filter.fill('');
  const left = await unresolvedCount(page);
  const original = await summary(page);
  await page.getByRole('tab', { name: /Export/ }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /^Export/ }).click(),
  ]);
  const exported = readFileSync((await download.path())!, 'utf8');
  await createList(page, 'Re-imported', 'Binder');
  const again = await importInto(page, 'companion.csv', exported);
  const reCounts = await reportCounts(again);
  console.log(`Re-import report: ${JSON.stringify(reCounts)}`);
  // One line per entry: nothing merges; the unmatched rows are the same; the guessed printings went
  // out as their file named them, so they come back guessed (at most as many as the first import's).
  expect(reCounts.unmatched).toBe(left);
  expect(reCounts.merged).toBe(0);
  expect(reCounts.guessed).toBeGreaterThan(0);
  expect(reCounts.guessed).toBeLessThanOrEqual(counts.guessed);
  expect(reCounts.unreadable).toBe(0);
  await page.getByRole('tab', { name: /Cards/ }).click();
  expect(await summary(page)).toBe(original);
  expect(await unresolvedCount(page)).toBe(left);

  // The fix dialog in both languages, on a desktop and a phone, with axe.
  await shoot(page, info, new URL(binderUrl).pathname, 'fix-dialog', 'tbody tr', async (p) => {
    await p.getByRole('searchbox').first().fill('is:unresolved');
    await p.locator('tbody tr[data-unresolved]').first().locator('.web-fix__open').click();
    const dialog = p.getByTestId('fix-dialog');
    await dialog.locator('input:not([type=radio])').first().fill('Forrest');
    await expect(dialog.getByRole('radio').first()).toBeVisible();
    await expect(dialog.getByRole('combobox')).toBeVisible();
  });
});
