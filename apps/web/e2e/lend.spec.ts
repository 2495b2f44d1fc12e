import { expect, test } from '@playwright/test';
import { createList, DESKTOP, PHONE, requireSharedData } from './cards-helpers';
import { expectAccessible, screenshot, signedInUser } from './helpers';

requireSharedData();

/**
 * "Who can lend it": a player shares a trade list with friends and playgroups; a friend missing a
 * card of it for a deck sees who holds it, in which list. A private list of the same player stays
 * out of it.
 */
test('decks: who can lend a missing card, through a friend’s shared list', async ({ browser }, info) => {
  test.setTimeout(240_000);
  const lenderContext = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const lender = await lenderContext.newPage();
  await signedInUser(lender, 'lender');
  const lenderName = `lender_${Date.now().toString(36)}`;
  await lender.goto('/profile');
  await lender.getByLabel('Username').fill(lenderName);
  await lender.getByRole('button', { name: 'Save' }).first().click();
  await expect(lender.getByText('Profile saved').first()).toBeVisible();

  const borrowerContext = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const borrower = await borrowerContext.newPage();
  await signedInUser(borrower, 'borrower');

  // Friends by code: the borrower asks, the lender accepts.
  await lender.goto('/friends/add');
  const code = (await lender.getByTestId('my-friend-code').textContent())?.trim() ?? '';
  await borrower.goto('/friends/add');
  await borrower.getByLabel('Friend code').fill(code);
  await borrower.getByRole('button', { name: 'Find' }).click();
  await borrower.getByRole('button', { name: 'Send a friend request' }).click();
  await expect(borrower.getByTestId('lookup-result')).toContainText('Request sent');
  await lender.goto('/friends');
  await lender.getByRole('button', { name: 'Accept' }).first().click();
  await expect(lender.getByText(/are now friends/).first()).toBeVisible();

  /** A list of the lender's holding one card, through the list page's quick add. */
  const listWith = async (name: string, card: string) => {
    await createList(lender, name, 'Trade binder');
    await lender.getByRole('combobox', { name: 'Card name' }).fill(card);
    await lender.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(lender.getByRole('button', { name: `Remove ${card}` })).toBeVisible();
  };
  await listWith('Private stash', 'Force of Will');
  await listWith('Lending binder', 'Force of Will');
  // Shared with friends and playgroups from the list's settings.
  await lender.getByRole('button', { name: 'Name and sharing' }).click();
  const dialog = lender.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Shared with' }).click();
  await lender.getByRole('option', { name: 'My friends and playgroups' }).click();
  await screenshot(lender, info, 'list-sharing');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // The borrower's deck lacks Force of Will: the lender's shared list has it, the private one is not named.
  await borrower.goto('/decks/create');
  await borrower.getByLabel('Deck name').fill('Borrowed blue');
  await borrower.getByLabel('Decklist').fill('4 Force of Will\n');
  await borrower.getByRole('button', { name: 'Create from the decklist' }).click();
  await expect(borrower.getByRole('heading', { level: 1, name: 'Borrowed blue' })).toBeVisible();
  const lenders = borrower.getByTestId('deck-lenders');
  await lenders.getByRole('button', { name: 'Who can lend them?' }).click();
  await expect(lenders).toContainText('1 missing card of 1 in your friends’ and playgroups’ shared lists.');
  await expect(lenders).toContainText(`${lenderName}: 1 copy in “Lending binder”`);
  await expect(lenders).not.toContainText('Private stash');
  await expectAccessible(borrower, 'deck page, who can lend them');
  await screenshot(borrower, info, 'lenders');
  await borrower.setViewportSize(PHONE);
  await lenders.scrollIntoViewIfNeeded();
  await screenshot(borrower, info, 'lenders-phone');

  await lenderContext.close();
  await borrowerContext.close();
});
