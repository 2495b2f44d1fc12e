import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { choose, DESKTOP, PHONE, requireSharedData } from './cards-helpers';
import { expectAccessible, screenshot, signedInUser } from './helpers';

requireSharedData();

const DECKLIST = ['Commander', '1 Atraxa, Grand Unifier', '', 'Deck', '1 Cyclonic Rift', '1 Island'];

/** The owner's deck page, phone width, with its sharing panel in view. */
async function sharingPanel(page: Page) {
  const panel = page.getByTestId('deck-sharing');
  await panel.scrollIntoViewIfNeeded();
  return panel;
}

// An unlisted deck opens signed out through its link, in English and French at phone width; making
// it private closes the link with a clear message; a new link revokes the old one.
test('deck sharing: link, signed out, private', async ({ page, browser, request }, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signedInUser(page, 'sharing');
  await page.goto('/decks/create');
  await page.getByLabel('Deck name').fill('Shared superfriends');
  await choose(page, 'Format', /^Commander$/);
  await page.getByLabel('Decklist').fill(DECKLIST.join('\n'));
  // New decks are public unless chosen otherwise (listed on the profile, as decks always were).
  await expect(page.getByLabel('Who can see this deck')).toContainText('Public');
  await page.getByRole('button', { name: 'Create from the decklist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shared superfriends' })).toBeVisible();
  const deckPath = new URL(page.url()).pathname;

  // The owner's panel: public by default (listed on the profile, as decks always were).
  await page.setViewportSize(PHONE);
  let panel = await sharingPanel(page);
  await expect(panel.getByRole('radio', { name: /^Public/ })).toBeChecked();
  await panel.getByRole('radio', { name: /^Unlisted/ }).check();
  await expect(page.locator('.cui-toast__title', { hasText: 'Visibility saved' })).toBeVisible();
  await expect(panel.getByRole('radio', { name: /^Unlisted/ })).toBeChecked();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await panel.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.locator('.cui-toast__title', { hasText: 'Link copied' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/deck\/shared\/[A-Za-z0-9_-]{22}$/);
  await expect(panel.getByTestId('deck-share-link')).toHaveValue(link);
  await screenshot(page, info, 'owner-panel-en-phone');
  await expectAccessible(page, 'deck page with its sharing panel');

  // A signed-out browser opens the link: the cards, in English and in French, at phone width.
  // A fresh signed-out browser for each visit: a visit to /fr makes French the visitor's language.
  const visitors: BrowserContext[] = [];
  const visit = async (locale: 'en' | 'fr', target = link) => {
    const context = await browser.newContext({
      viewport: PHONE,
      locale: locale === 'fr' ? 'fr-FR' : 'en-US',
    });
    visitors.push(context);
    const visitor = await context.newPage();
    const at = new URL(target);
    await visitor.goto(locale === 'fr' ? `${at.origin}/fr${at.pathname}` : target);
    return visitor;
  };
  for (const locale of ['en', 'fr'] as const) {
    const anon = await visit(locale);
    await expect(anon.getByRole('heading', { level: 1, name: 'Shared superfriends' })).toBeVisible();
    const shared = anon.getByTestId('shared-deck');
    const commander = locale === 'fr' ? 'Commandant' : 'Commander';
    await expect(shared.getByRole('region', { name: commander, exact: true })).toContainText(
      'Atraxa, Grand Unifier',
    );
    await expect(shared).toContainText('Cyclonic Rift');
    await expect(shared).toContainText(locale === 'fr' ? 'Partagé par Chandra' : 'Shared by Chandra');
    // Nothing of the owner's own tools: no edit, no sharing panel, no sign-in wall.
    await expect(anon.getByTestId('deck-sharing')).toHaveCount(0);
    await expect(anon).not.toHaveURL(/\/login/);
    // The link preview's words: the deck's name and what it is.
    await expect(anon).toHaveTitle('Shared superfriends · Companion');
    await expect(anon.locator('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'Shared superfriends · Companion',
    );
    await expect(anon.locator('meta[property="og:description"]')).toHaveAttribute(
      'content',
      locale === 'fr'
        ? 'Deck Commander de 3 cartes, partagé sur Companion.'
        : 'Commander deck of 3 cards, shared on Companion.',
    );
    // The legality problems in the visitor's language, from the problem's reason and numbers.
    await expect(shared.getByTestId('deck-legality').locator('li[data-rule="deck-size"]')).toContainText(
      locale === 'fr'
        ? 'Le deck compte 3 cartes, commandants compris ; il en faut exactement 100.'
        : 'The deck has 3 cards, commanders included; it needs exactly 100.',
    );
    await screenshot(anon, info, `shared-${locale}-phone`);
    await expectAccessible(anon, `shared deck (${locale})`);

    // What a crawler that runs no script reads (Discord, Slack): the same tags in the served HTML.
    const at = new URL(link);
    const raw = await (await request.get(locale === 'fr' ? `${at.origin}/fr${at.pathname}` : link)).text();
    expect(raw).toContain('<title>Shared superfriends · Companion</title>');
    expect(raw).toContain('<meta property="og:title" content="Shared superfriends · Companion" />');
    expect(raw).toContain(
      locale === 'fr'
        ? '<meta property="og:description" content="Deck Commander de 3 cartes, partagé sur Companion." />'
        : '<meta property="og:description" content="Commander deck of 3 cards, shared on Companion." />',
    );
    expect(raw).toMatch(/<meta property="og:image" content="[^"]+" \/>/);
  }

  // Private again: the same link now says, in words, that it does not open a deck.
  await page.goto(deckPath);
  panel = await sharingPanel(page);
  await panel.getByRole('radio', { name: /^Private/ }).check();
  await expect(page.locator('.cui-toast__title', { hasText: 'Visibility saved' })).toBeVisible();
  await expect(panel.getByText('The link does not work while the deck is private.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Copy link' })).toBeDisabled();
  for (const locale of ['en', 'fr'] as const) {
    const anon = await visit(locale);
    await expect(
      anon.getByRole('heading', {
        level: 2,
        name: locale === 'fr' ? 'Ce lien n’ouvre aucun deck' : 'This link does not open a deck',
      }),
    ).toBeVisible();
    await expect(anon.getByText('Shared superfriends')).toHaveCount(0);
    // Nor does the served HTML name it to a crawler.
    expect(await (await request.get(link)).text()).not.toContain('Shared superfriends');
    await screenshot(anon, info, `closed-${locale}-phone`);
    await expectAccessible(anon, `closed link (${locale})`);
  }

  // Unlisted again, then a new link: the old one stops working, the new one opens the deck.
  await panel.getByRole('radio', { name: /^Unlisted/ }).check();
  await expect(panel.getByRole('button', { name: 'Copy link' })).toBeEnabled();
  await panel.getByRole('button', { name: 'New link' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Replace the link' }).click();
  await expect(page.locator('.cui-toast__title', { hasText: 'New link ready' })).toBeVisible();
  await expect(panel.getByTestId('deck-share-link')).not.toHaveValue(link);
  const renewed = await panel.getByTestId('deck-share-link').inputValue();
  const old = await visit('en');
  await expect(old.getByRole('heading', { level: 2, name: 'This link does not open a deck' })).toBeVisible();
  const fresh = await visit('en', renewed);
  await expect(fresh.getByRole('heading', { level: 1, name: 'Shared superfriends' })).toBeVisible();

  // The owner's panel in French, phone width.
  await page.goto(`/fr${deckPath}`);
  panel = await sharingPanel(page);
  await expect(panel.getByRole('radio', { name: /^Non répertorié/ })).toBeChecked();
  await screenshot(page, info, 'owner-panel-fr-phone');
  for (const context of visitors) await context.close();
});
