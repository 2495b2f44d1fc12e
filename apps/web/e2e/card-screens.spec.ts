import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  catalogue,
  choose,
  createList,
  DESKTOP,
  HEADER,
  importInto,
  requireSharedData,
  row,
  type ScryCard,
  shoot,
} from './cards-helpers';
import { expectAccessible, screenshot, signedInUser } from './helpers';

requireSharedData();

/** The set with the most English cards in the test catalogue, and its cards. */
function biggestSet(): { code: string; name: string; cards: ScryCard[] } {
  const bySet = new Map<string, ScryCard[]>();
  for (const c of catalogue()) bySet.set(c.set, [...(bySet.get(c.set) ?? []), c]);
  const [code, cards] = [...bySet].sort((a, b) => b[1].length - a[1].length)[0]!;
  return { code, name: cards[0]!.set_name, cards };
}

/** Creates a deck from a pasted decklist; lands on its page. */
async function createDeck(page: Page, name: string, lines: string[]) {
  await page.goto('/decks/create');
  await page.getByLabel('Deck name').fill(name);
  await choose(page, 'Format', /^Commander$/);
  await page.getByLabel('Decklist').fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Create from the decklist' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return new URL(page.url()).pathname;
}

test('card detail names my lists and decks; the set page shows what I own of the set', async ({
  page,
}, info) => {
  test.setTimeout(300_000);
  await page.setViewportSize(DESKTOP);
  await signedInUser(page, 'sets');
  const set = biggestSet();
  // Five cards of the set in a binder (two copies of the first), one of them in a deck too.
  const owned = set.cards.slice(0, 5);
  const binderUrl = await createList(page, 'Set binder', 'Binder');
  const report = await importInto(
    page,
    'set.csv',
    [HEADER, row(owned[0]!, 'en', 'NM', 2), ...owned.slice(1).map((c) => row(c))].join('\n'),
  );
  await expect(report.getByText('Cards added').locator('..')).toContainText('6');
  const played = owned[0]!;
  await createDeck(page, 'Set deck', ['Deck', `3 ${played.name}`, '1 Island']);

  // Card detail from the search grid: the binder and the deck, with their counts.
  const search = `/collection/search?q=${encodeURIComponent(`s:${set.code}`)}`;
  const openDetail = async (p: Page) => {
    await p.getByRole('button', { name: played.name, exact: true }).first().click();
    await expect(p.getByRole('dialog')).toBeVisible();
    await expect(p.getByTestId('card-decks')).toBeVisible();
  };
  await page.goto(search);
  // One call says which lists and decks hold the card (not one per deck, nor a collection search).
  const calls: string[] = [];
  const onRequest = (r: { url: () => string }) => {
    const url = new URL(r.url());
    // The grid's own pages search `s:<set>`; the detail used to search the card by exact name.
    const byName =
      url.pathname === '/user/collection/search' && url.searchParams.get('scryfall')?.startsWith('!');
    if (/^\/(deck\/|user\/cards\/|user\/lists$)/.test(url.pathname) || byName) calls.push(url.pathname);
  };
  page.on('request', onRequest);
  // The grid's entries carry a summary of each printing: the detail asks for the whole printing.
  const details = page.waitForRequest((r) => new URL(r.url()).pathname === '/card');
  await openDetail(page);
  page.off('request', onRequest);
  expect(calls).toEqual([expect.stringMatching(/^\/user\/cards\/[^/]+\/holdings$/)]);
  const asked = new URL((await details).url()).searchParams;
  expect([asked.get('set_code'), asked.get('collector_number'), asked.get('lang')]).toEqual([
    played.set,
    played.collector_number,
    played.lang,
  ]);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Legalities' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Set binder' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Set binder' }).locator('..')).toContainText('×2');
  await expect(dialog.getByTestId('card-decks').getByRole('link', { name: 'Set deck' })).toBeVisible();
  await expect(dialog.getByTestId('card-decks')).toContainText('×3');
  // Its price history: the catalogue import took one snapshot (a chart comes from two on).
  await expect(dialog.getByRole('heading', { name: 'Price history' })).toBeVisible();
  const usd = played.prices?.usd ?? played.prices?.usd_foil;
  if (usd)
    await expect(dialog.getByTestId('price-history')).toContainText(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(usd)),
    );
  else await expect(dialog.getByText(/^No price history yet/)).toBeVisible();
  await expectAccessible(page, 'card detail');

  // Add to a deck from the detail: two copies to the deck's sideboard, through the deck's small-change call.
  const addTo = dialog.getByTestId('add-to');
  await addTo.getByRole('button', { name: 'Add this printing…' }).click();
  await addTo.getByRole('combobox', { name: 'Add to' }).click();
  await page.getByRole('option', { name: 'Set deck', exact: true }).click();
  await addTo.getByRole('combobox', { name: 'Board' }).click();
  await page.getByRole('option', { name: 'Sideboard', exact: true }).click();
  await addTo.getByLabel('Copies').fill('2');
  const changed = page.waitForResponse((r) => /\/deck\/[^/]+\/cards$/.test(new URL(r.url()).pathname));
  await addTo.getByRole('button', { name: 'Add', exact: true }).click();
  expect((await changed).status()).toBe(200);
  await expect(page.locator('.cui-toast__title', { hasText: '2 copies added to Set deck' })).toBeVisible();
  await expect(dialog.getByTestId('card-decks')).toContainText('Sideboard ×2');
  await screenshot(page, info, 'card-detail-add-to');
  await shoot(page, info, search, 'card-detail', '.cui-card-tile', openDetail);

  // From a list's table: the picture at once, the details once the whole printing has come.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/card',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto(binderUrl);
  await page.locator('.web-cardname', { hasText: played.name }).first().click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('card-details-loading')).toBeVisible();
  await expect(dialog.locator('.cui-card-image')).toBeVisible();
  release();
  await expect(dialog.getByRole('heading', { name: 'Legalities' })).toBeVisible();
  await expect(dialog.getByTestId('card-details-loading')).toHaveCount(0);
  await expect(dialog.getByTestId('card-decks')).toContainText('Sideboard ×2');
  await page.unroute((url) => url.pathname === '/card');
  await page.keyboard.press('Escape');

  // From the detail to the set page.
  await page.goto(search);
  await openDetail(page);
  await page
    .getByRole('dialog')
    .getByRole('link', { name: `Browse ${set.name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/cards/set/${set.code}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(set.name);
  await expect(page.getByRole('img', { name: new RegExp(set.name) }).first()).toBeVisible();
  const summary = page.getByTestId('set-owned');
  await expect(summary).toHaveText(new RegExp(`^${owned.length} of \\d+$`));
  const total = Number((await summary.textContent())!.split(' of ')[1]);
  expect(total).toBeGreaterThanOrEqual(set.cards.length);
  await expect(page.getByText('6 copies of this set in my collection')).toBeVisible();
  // Owned cards are marked on their tile; the others say they are missing.
  const grid = page.getByRole('region', { name: 'Cards of the set' });
  await expect(grid.locator('.cui-card-tile').first()).toBeVisible();
  await expect(grid.locator('.web-settile:not(.web-settile--missing)').first()).toContainText(/owned ×[12]/);
  await expect(grid.locator('.web-settile--missing').first()).toContainText('not owned');

  // From the search page: an s: query links to the set.
  await page.goto(`/collection/search?scope=all&q=${encodeURIComponent(`s:${set.code} t:creature`)}`);
  await page.getByTestId('set-link').click();
  await expect(page).toHaveURL(new RegExp(`/cards/set/${set.code}$`));
  await expect(page.getByTestId('set-owned')).toHaveText(`${owned.length} of ${total}`);

  // An unknown code says so.
  await page.goto('/cards/set/zzzz9');
  await expect(page.getByText('No set with the code ZZZZ9.')).toBeVisible();

  await shoot(page, info, `/cards/set/${set.code}`, 'set', '[data-testid="set-owned"]');
  await screenshot(page, info, 'set-en-desktop-after-language-switch');
});

test('lists: export a list as a CSV download, hide it and show it again', async ({ page }, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await signedInUser(page, 'lists');
  const cards = catalogue().slice(0, 4);
  const listUrl = await createList(page, 'Trades 2026', 'Trade binder');
  const report = await importInto(page, 'trades.csv', [HEADER, ...cards.map((c) => row(c))].join('\n'));
  await expect(report.getByText('Cards added').locator('..')).toContainText('4');

  // Export in two formats, offered by the names players know them by: each is a real download
  // holding every card.
  await page.goto(listUrl);
  await page.getByRole('tab', { name: /Export/ }).click();
  for (const [format, name] of [
    ['companion', 'Companion CSV'],
    ['moxfield', 'Moxfield'],
  ] as const) {
    await choose(page, 'Format', name);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Trades_2026-${format}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8');
    for (const c of cards) expect(csv).toContain(c.name.split(' // ')[0]!);
    expect(csv.trim().split(/\r?\n/).length).toBeGreaterThanOrEqual(cards.length + 1);
  }
  await screenshot(page, info, 'list-export');
  await expectAccessible(page, 'list export');

  // Hide: the list leaves its group for the hidden lists; show it again: it comes back.
  await page.goto('/collection/lists');
  const rowOf = (name: string) => page.locator('.web-listrow', { hasText: name });
  await rowOf('Trades 2026').getByRole('button', { name: 'Hide' }).click();
  const hidden = page.getByRole('region', { name: 'Hidden lists' });
  await expect(hidden.locator('.web-listrow', { hasText: 'Trades 2026' })).toBeVisible();
  await expect(page.locator('.web-listrow', { hasText: 'Trades 2026' })).toHaveCount(1);
  await shoot(page, info, '/collection/lists', 'lists-hidden', '.web-listrow');
  await hidden
    .locator('.web-listrow', { hasText: 'Trades 2026' })
    .getByRole('button', { name: 'Show again' })
    .click();
  await expect(hidden).toHaveCount(0);
  await expect(rowOf('Trades 2026').getByRole('button', { name: 'Hide' })).toBeVisible();
  await page.reload();
  await expect(rowOf('Trades 2026').getByRole('button', { name: 'Hide' })).toBeVisible();
});

test('deck editor: change the cards and description, save, and find them after a reload', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await signedInUser(page, 'editor');
  const deckPath = await createDeck(page, 'Editor deck', [
    'Deck',
    '2 Island',
    '1 Cyclonic Rift',
    '1 Counterspell',
    '1 Farid, Enterprising Salvager',
  ]);
  const editPath = deckPath.replace(/^\/deck\/([^/]+)\/.*$/, '/decks/$1/edit');
  await page.goto(editPath);
  const main = page.getByRole('region', { name: 'Main deck', exact: true });
  await expect(main).toContainText('Cyclonic Rift');
  await page.getByRole('button', { name: 'One more Island' }).click();
  await page.getByRole('button', { name: 'One more Island' }).click();
  await page.getByRole('button', { name: 'One less Counterspell' }).click();
  // The editor's search is the deck page's: the full syntax, copies and the board, Enter adds.
  const search = page.getByRole('combobox', { name: 'Search the catalogue for a card to add' });
  await page.getByRole('spinbutton', { name: 'Copies' }).fill('2');
  await choose(page, /^To$/, /^Sideboard$/);
  await search.fill('t:instant id=u mv=2 !"Cyclonic Rift"');
  await expect(page.locator('.web-decksearch__option[aria-selected="true"]')).toContainText('Cyclonic Rift');
  await search.press('Enter');
  await expect(search).toHaveValue('');
  const side = page.getByRole('region', { name: 'Sideboard', exact: true });
  await expect(side.locator('li', { hasText: 'Cyclonic Rift' }).locator('.web-deck-board__qty')).toHaveText(
    '2',
  );
  await page.getByLabel('Description').fill('Blue **tempo**, edited in the browser.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.cui-toast__title', { hasText: 'Deck saved' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Description')).toHaveValue('Blue **tempo**, edited in the browser.');
  const island = main.locator('li', { hasText: 'Island' });
  await expect(island.locator('.web-deck-board__qty')).toHaveText('4');
  await expect(main).not.toContainText('Counterspell');
  await expect(side.locator('li', { hasText: 'Cyclonic Rift' }).locator('.web-deck-board__qty')).toHaveText(
    '2',
  );
  await expect(page.getByRole('heading', { name: /6 cards in the deck/ })).toBeVisible();
  // On a desktop the lines are wide enough for a long card name beside the controls: one line each.
  const nameHeight = async (name: string) =>
    (await main.locator('.web-deck-board__name', { hasText: name }).boundingBox())?.height ?? 0;
  expect(await nameHeight('Farid, Enterprising Salvager')).toBeLessThan((await nameHeight('Island')) * 1.5);
  expect(await nameHeight('Cyclonic Rift')).toBeLessThan((await nameHeight('Island')) * 1.5);
  await shoot(page, info, editPath, 'deck-editor', '.web-deck-board');
  // The deck page renders the description's Markdown (no raw asterisks).
  await page.goto(deckPath);
  const description = page.locator('.web-deck__description');
  await expect(description.locator('strong')).toHaveText('tempo');
  await expect(description).not.toContainText('**');
});

test('lists: an empty binder says so, quick add suggests names, a removed card comes back with Undo, toasts cover no control', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await signedInUser(page, 'undo');
  await createList(page, 'Undo binder', 'Binder');
  // A new list is empty, not "no card matches".
  await expect(page.getByRole('heading', { name: 'No cards in this list yet' })).toBeVisible();
  await expect(page.getByText('No card matches.')).toHaveCount(0);

  // Quick add suggests the full name from a few letters (accents and case ignored).
  const name = page.getByRole('combobox', { name: 'Card name' });
  await name.fill('DARK RIT');
  await expect(page.locator('[data-testid="quick-add-suggestions"] option[value="Dark Ritual"]')).toHaveCount(
    1,
  );
  await name.fill('Dark Ritual');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const added = page.locator('.cui-toast').filter({ hasText: '1 card added' });
  await expect(added).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Dark Ritual' })).toBeVisible();

  // The toast covers no form control of the page.
  const toastBox = await page.locator('.cui-toast').first().boundingBox();
  const covered = await page.evaluate((box) => {
    if (!box) return ['no toast'];
    const hits: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      'input, select, textarea, button, [role="combobox"]',
    )) {
      if (el.closest('.cui-toast-viewport')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const overlaps =
        r.left < box.x + box.width && r.right > box.x && r.top < box.y + box.height && r.bottom > box.y;
      if (overlaps) hits.push(el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName);
    }
    return hits;
  }, toastBox);
  expect(covered).toEqual([]);

  // Removing is one click; the toast offers Undo, which brings the row back.
  await page.getByRole('button', { name: 'Remove Dark Ritual' }).click();
  const removed = page.locator('.cui-toast').filter({ hasText: 'Removed 1 copy of Dark Ritual' });
  await expect(removed).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No cards in this list yet' })).toBeVisible();
  await removed.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('.cui-toast').filter({ hasText: 'Change undone' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Dark Ritual' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove Dark Ritual' })).toBeVisible();
  await screenshot(page, info, 'list-undo');
});
