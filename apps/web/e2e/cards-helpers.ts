import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, screenshot } from './helpers';

/** The shared card data (Scryfall JSON, collection exports) the API loads its catalogue from. */
export const SHARED =
  process.env.COMPANION_SHARED_DATA ?? resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'data');
export const SCRYFALL = join(
  SHARED,
  'scryfall-json',
  'scrydex_scryfall_test_cards.default_cards.2026-01-16.json',
);
export const MANABOX_REFERENCE = join(SHARED, 'collection-csv', 'mtgcsvhelper', 'Reference', 'manabox.csv');
/** A real ManaBox collection export: 3,743 rows, most of them cards the test catalogue lacks. */
export const MANABOX_COLLECTION = join(
  SHARED,
  'collection-csv',
  'mtgcsvhelper',
  'Collection',
  'manabox-collection.csv',
);

const HAS_SHARED_DATA =
  existsSync(SCRYFALL) && existsSync(MANABOX_REFERENCE) && existsSync(MANABOX_COLLECTION);
const MISSING = `Card screens need the shared card data in ${SHARED} (Scryfall JSON and the ManaBox reference CSV); it is absent.`;

/** Skips the spec visibly without the shared data; CI must never pass by skipping, so there it fails. */
export function requireSharedData() {
  if (!HAS_SHARED_DATA && process.env.CI) throw new Error(MISSING);
  test.skip(!HAS_SHARED_DATA, MISSING);
}

export interface ScryCard {
  id: string;
  name: string;
  lang: string;
  set: string;
  set_name: string;
  collector_number: string;
  rarity: string;
  cmc: number;
  type_line?: string;
  finishes: string[];
  game_changer?: boolean;
  prices?: { usd?: string | null; usd_foil?: string | null };
}
export const catalogue = (): ScryCard[] =>
  (JSON.parse(readFileSync(SCRYFALL, 'utf8')) as { cards: ScryCard[] }).cards.filter(
    (c) => c.lang === 'en' && c.finishes.includes('nonfoil'),
  );
const csvField = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
export const HEADER =
  'name,set_code,set_name,collector_number,language,finish,quantity,condition,scryfall_id';
export const row = (c: ScryCard, language = 'en', condition = 'NM', quantity = 1) =>
  [c.name, c.set, c.set_name, c.collector_number, language, 'nonfoil', String(quantity), condition, c.id]
    .map(csvField)
    .join(',');

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 860 };

/** Both languages and widths of one screen: screenshots, and axe at desktop width. */
export async function shoot(
  page: Page,
  info: Parameters<typeof screenshot>[1],
  path: string,
  name: string,
  ready: string,
  /** Brings the screen to the state to shoot once it is ready (e.g. opens a dialog). */
  open?: (page: Page) => Promise<void>,
) {
  for (const locale of ['en', 'fr'] as const) {
    for (const [width, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto(locale === 'fr' ? `/fr${path}` : path);
      await expect(page.locator(ready).first()).toBeVisible({ timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      if (open) await open(page);
      await screenshot(page, info, `${name}-${locale}-${width}`);
      if (width === 'desktop') await expectAccessible(page, `${path} (${locale})`);
      // Close what `open` opened (a dialog hides the header the language menu is in).
      if (open) await page.keyboard.press('Escape');
    }
  }
  await page.setViewportSize(DESKTOP);
  // Visiting /fr made French the user's language: switch back to English as a user would.
  await page.getByRole('button', { name: /^Langue/ }).click();
  await page
    .getByRole('menuitemradio', { name: 'English' })
    .or(page.getByRole('menuitem', { name: 'English' }))
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).not.toHaveURL(/\/fr(\/|$)/);
}

/** Picks an option of a Radix select by the field's label. */
export async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** Creates a list through the lists screen; lands on its page. */
export async function createList(page: Page, name: string, type: string) {
  await page.goto('/collection/lists');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await choose(page, 'Type', type);
  await page.getByRole('button', { name: 'Create the list' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return page.url();
}

/**
 * The counts of an import report, by what became of each row: every row read is in exactly one of
 * them, so they add up to the rows read.
 */
export async function reportCounts(report: Locator) {
  const reported = async (label: string) =>
    Number(
      ((await report.getByText(label, { exact: true }).locator('..').locator('dd').textContent()) ?? '')
        .match(/\d[\d,]*/)?.[0]
        ?.replace(/,/g, ''),
    );
  return {
    matched: await reported('Matched'),
    guessed: await reported('Printing guessed'),
    merged: await reported('Merged into identical rows'),
    unmatched: await reported('Not matched'),
    unreadable: await reported('Could not be read'),
    skipped: await reported('Lines skipped'),
  };
}

/** Imports `content` on the list page's Import tab; returns the report section. */
export async function importInto(page: Page, name: string, content: string | Buffer) {
  await page.getByRole('tab', { name: /Import/ }).click();
  await page.getByLabel(/^File/).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await expect(page.getByText(`${name} loaded`)).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const report = page.getByTestId('import-report');
  await expect(report).toBeVisible({ timeout: 120_000 });
  return report;
}
