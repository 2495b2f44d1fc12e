import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, isForbiddenError } from '@companion/sdk';
import { contract } from '@companion/sdk/contract';
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, screenshot, setTheme, signedInUser } from './helpers';

/**
 * The social screens with several real users (one browser context each) against the real API and
 * the Auth emulator: friends by code and by QR photo, a playgroup's roles and invitations, a game
 * with a guest, tags, notes, the leaderboard, and promo codes.
 */

test.use({ actionTimeout: 20_000 });

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 8790}`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

interface Player {
  context: BrowserContext;
  page: Page;
  name: string;
}

async function newPlayer(browser: Browser, tag: string, name: string): Promise<Player> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const page = await context.newPage();
  await signedInUser(page, tag);
  // A recognisable username for the other players' screens.
  await page.goto('/profile');
  await page.getByLabel('Username').fill(name);
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText('Profile saved').first()).toBeVisible();
  return { context, page, name };
}

/** The SDK, signed in as the user of `page` (token and id from the app's persisted store). */
async function apiAs(page: Page) {
  const raw = await page.evaluate(() => localStorage.getItem('companion-user'));
  const stored = JSON.parse(raw ?? '{}') as { token?: string; userId?: string };
  return createClient({
    baseUrl: API,
    apiKey: 'companion-dev',
    secret: 'companion-dev-secret',
    device: 'web',
    credentials: () => ({ token: stored.token ?? null, userId: stored.userId ?? null }),
  });
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function choose(root: Page | Locator, label: string, option: string, page?: Page) {
  // Required fields add "(required)" to their accessible name.
  await root
    .getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}( \\(required\\))?$`) })
    .click();
  await (page ?? (root as Page)).getByRole('option', { name: option, exact: true }).click();
}

async function confirm(page: Page, label: string) {
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await dialog.getByRole('button', { name: label }).click();
  await expect(dialog).toBeHidden();
}

async function myCode(page: Page): Promise<string> {
  await page.goto('/friends/add');
  const code = (await page.getByTestId('my-friend-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4,12}$/);
  return code;
}

/**
 * Looks at social screens (axe + screenshots): each one in French (`/fr` prefix) at phone width,
 * then in English through the header's language menu (as a user would switch) at desktop width. The
 * tour looks at every route in both languages, themes and widths; this looks at them holding what
 * several players did together.
 */
async function lookAt(
  page: Page,
  info: Parameters<typeof screenshot>[1],
  paths: string[],
  theme: 'light' | 'dark',
) {
  await setTheme(page, theme);
  for (const path of paths) {
    for (const [lang, size] of [
      ['fr', PHONE],
      ['en', DESKTOP],
    ] as const) {
      await page.setViewportSize(size);
      if (lang === 'fr') await page.goto(`/fr${path}`);
      else {
        await page.getByRole('button', { name: /^Langue/ }).click();
        await page.getByRole('menuitem', { name: 'English' }).click();
        await expect(page.getByRole('button', { name: /^Language/ })).toBeVisible();
      }
      await expect(page).toHaveURL(lang === 'fr' ? /\/fr\// : /^http:\/\/[^/]+\/(?!fr\/)/);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.locator('.cui-skeleton').first())
        .toBeHidden({ timeout: 15_000 })
        .catch(() => undefined);
      await expectAccessible(page, `${lang} ${path} (${theme}, ${size.width}px)`);
      await screenshot(page, info, `${theme}-${size.width}-${lang}${path}`);
    }
  }
  await page.setViewportSize(DESKTOP);
}

test('friends, playgroup roles, a game with a guest, tags, notes and the leaderboard', async ({
  browser,
}, info) => {
  // Three players and about sixty steps: about 1.2 minutes alone, 2.5 beside the tour, slower in CI.
  test.setTimeout(600_000);
  const ann = await newPlayer(browser, 'ann', `ann_${Date.now().toString(36)}`);
  const bob = await newPlayer(browser, 'bob', `bob_${Date.now().toString(36)}`);
  const cat = await newPlayer(browser, 'cat', `cat_${Date.now().toString(36)}`);

  // --- Friends: Bob by code, Cat by a photo of Ann's QR code.
  const annCode = await myCode(ann.page);
  await bob.page.goto(`/friends/add`);
  await bob.page.getByLabel('Friend code').fill(annCode.toLowerCase());
  await bob.page.getByRole('button', { name: 'Find' }).click();
  await expect(bob.page.getByTestId('lookup-result')).toContainText(ann.name);
  await expect(bob.page.getByTestId('lookup-result')).toContainText('Not your friend yet');
  await bob.page.getByRole('button', { name: 'Send a friend request' }).click();
  await expect(bob.page.getByTestId('lookup-result')).toContainText('Request sent, waiting for an answer');

  const qr = await ann.page.getByTestId('my-qr').screenshot();
  await cat.page.goto('/friends/add');
  await cat.page
    .getByLabel('Photo of a QR code')
    .setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: qr });
  await expect(cat.page).toHaveURL(new RegExp(`code=${annCode}`));
  await expect(cat.page.getByTestId('lookup-result')).toContainText(ann.name);
  await cat.page.getByRole('button', { name: 'Send a friend request' }).click();
  await expect(cat.page.getByTestId('lookup-result')).toContainText('Request sent');

  // Ann sees both requests, in the list and in the header badge, and accepts them.
  await ann.page.goto('/friends');
  const incoming = ann.page.getByRole('region', { name: /Requests for you/ });
  await expect(incoming.getByTestId('friend-row')).toHaveCount(2);
  await expect(ann.page.getByRole('link', { name: 'Notifications: 2 waiting' })).toBeVisible();
  await incoming
    .getByTestId('friend-row')
    .filter({ hasText: bob.name })
    .getByRole('button', { name: 'Accept' })
    .click();
  await incoming
    .getByTestId('friend-row')
    .filter({ hasText: cat.name })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(ann.page.getByRole('heading', { name: 'Friends (2)' })).toBeVisible();
  await expect(ann.page.getByRole('link', { name: 'Notifications: nothing waiting' })).toBeVisible();
  await bob.page.goto('/friends');
  await expect(bob.page.getByRole('heading', { name: 'Friends (1)' })).toBeVisible();
  await expect(bob.page.getByTestId('friend-row').filter({ hasText: ann.name })).toBeVisible();

  // --- Playgroup: Ann creates it and invites Bob and Cat.
  await ann.page.goto('/playgroups/create');
  const groupName = `Tuesday pod ${Date.now().toString(36)}`;
  await ann.page.getByRole('textbox', { name: /^Name/ }).fill(groupName);
  await ann.page.getByLabel('Description').fill('Commander at the shop, every Tuesday.');
  await ann.page.getByRole('button', { name: 'Create the playgroup' }).click();
  await expect(ann.page).toHaveURL(/\/playgroup\/[\w-]+\/tuesday-pod/);
  await expect(ann.page.getByTestId('my-role')).toHaveText('Owner');
  const groupUrl = new URL(ann.page.url()).pathname;
  for (const friend of [bob, cat]) {
    await choose(ann.page, 'Friend', friend.name);
    await ann.page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(ann.page.getByTestId('member-row').filter({ hasText: friend.name })).toContainText(
      'Invited',
    );
  }
  await expect(ann.page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
  await expect(ann.page.getByText('No result yet')).toBeVisible();

  // Bob and Cat accept from their list of playgroups.
  for (const friend of [bob, cat]) {
    await friend.page.goto('/playgroups');
    await expect(friend.page.getByRole('link', { name: 'Notifications: 1 waiting' })).toBeVisible();
    await friend.page
      .getByTestId('invitation')
      .filter({ hasText: groupName })
      .getByRole('button', { name: 'Join' })
      .click();
    await expect(friend.page).toHaveURL(new RegExp(groupUrl));
    await expect(friend.page.getByTestId('my-role')).toHaveText('Member');
  }

  // A member sees no admin action, and the server refuses them when forced.
  await expect(bob.page.getByRole('button', { name: /^Manage / })).toHaveCount(0);
  await expect(bob.page.getByRole('button', { name: 'Delete the playgroup' })).toHaveCount(0);
  await expect(bob.page.getByRole('button', { name: 'Edit the playgroup' })).toHaveCount(0);
  await expect(bob.page.getByRole('heading', { name: 'Invite a friend' })).toHaveCount(0);
  await expect(bob.page.getByRole('button', { name: 'Leave' })).toBeVisible();
  const groupId = groupUrl.split('/')[2] ?? '';
  const catId = await cat.page.evaluate(
    () => JSON.parse(localStorage.getItem('companion-user') ?? '{}').userId,
  );
  const bobApi = await apiAs(bob.page);
  for (const forced of [
    () => bobApi.call(contract.playgroups.promote, { params: { id: groupId, userId: catId } }),
    () => bobApi.call(contract.playgroups.removeMember, { params: { id: groupId, userId: catId } }),
    () => bobApi.call(contract.playgroups.delete, { params: { id: groupId } }),
  ]) {
    const error = await forced().then(
      () => null,
      (e: unknown) => e,
    );
    expect(isForbiddenError(error), String(error)).toBe(true);
  }

  // Ann promotes Bob, then hands the group over to him; Bob (now owner) removes Cat.
  await ann.page.reload();
  await ann.page.getByRole('button', { name: `Manage ${bob.name}` }).click();
  await ann.page.getByRole('menuitem', { name: 'Make admin' }).click();
  await expect(
    ann.page.getByTestId('member-row').filter({ hasText: bob.name }).getByTestId('member-role'),
  ).toHaveText('Admin');
  await ann.page.getByRole('button', { name: `Manage ${bob.name}` }).click();
  await ann.page.getByRole('menuitem', { name: 'Transfer ownership' }).click();
  await confirm(ann.page, 'Transfer ownership');
  await expect(ann.page.getByTestId('my-role')).toHaveText('Admin');
  await expect(ann.page.getByRole('button', { name: 'Delete the playgroup' })).toHaveCount(0);

  await bob.page.reload();
  await expect(bob.page.getByTestId('my-role')).toHaveText('Owner');
  await bob.page.getByRole('button', { name: `Manage ${cat.name}` }).click();
  await bob.page.getByRole('menuitem', { name: 'Remove from the playgroup' }).click();
  await confirm(bob.page, 'Remove from the playgroup');
  await expect(bob.page.getByTestId('member-row').filter({ hasText: cat.name })).toHaveCount(0);
  await bob.page.getByRole('button', { name: 'Edit the playgroup' }).click();
  await bob.page.getByRole('dialog').getByLabel('Description').fill('Moved to Thursdays.');
  await bob.page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  // The dialog closes first (its field holds the same text while it fades out).
  await expect(bob.page.getByRole('dialog')).toBeHidden();
  await expect(bob.page.getByText('Moved to Thursdays.')).toBeVisible();
  await cat.page.goto('/playgroups');
  await expect(cat.page.getByTestId('playgroup-card').filter({ hasText: groupName })).toHaveCount(0);

  // --- A game with a guest in the playgroup; Ann wins.
  await ann.page.goto('/games');
  await ann.page.getByRole('button', { name: 'Record a game' }).click();
  const form = ann.page.getByRole('region', { name: 'Record a game' });
  await choose(form, 'Format', 'Commander', ann.page);
  await choose(form, 'Playgroup', groupName, ann.page);
  await choose(form, 'Player 2', 'A guest (no account)', ann.page);
  await form.getByLabel('Guest name, player 2').fill('Gideon');
  await form.getByLabel('Deck or commander, player 2').fill('Atraxa');
  await form.getByRole('button', { name: 'Add a player' }).click();
  await choose(form, 'Player 3', bob.name, ann.page);
  await form.getByLabel('Turns').fill('9');
  await form.getByLabel('Duration (minutes)').fill('75');
  await form.getByLabel('Tags', { exact: true }).fill('league night');
  await form.getByRole('button', { name: 'Save the game' }).click();
  await expect(ann.page).toHaveURL(/\/game\/[\w-]+$/);
  const gameUrl = new URL(ann.page.url()).pathname;
  await expect(ann.page.getByRole('paragraph').filter({ hasText: `Winner: ${ann.name}` })).toBeVisible();
  await expect(ann.page.getByTestId('players-table')).toContainText('Gideon');
  await expect(ann.page.getByTestId('players-table')).toContainText('Atraxa');

  // Tag it by typing, and write a markdown note (preview, save).
  const tags = ann.page.getByRole('region', { name: 'Your tags' });
  await expect(tags.getByRole('listitem').filter({ hasText: 'league night' })).toBeVisible();
  await tags.getByLabel('Add tags').fill('sol-ring-turn-one');
  await tags.getByLabel('Add tags').press('Enter');
  await expect(tags.getByRole('button', { name: 'Remove the tag sol-ring-turn-one' })).toBeVisible();
  const note = ann.page.getByRole('region', { name: 'Your note' });
  await note.getByRole('button', { name: 'Write' }).click();
  await note.getByLabel('Note (Markdown)').fill('Gideon **scooped** after a flickering Rhystic Study.');
  await note.getByRole('button', { name: 'Preview' }).click();
  await expect(note.getByTestId('note-preview').locator('strong')).toHaveText('scooped');
  await note.getByRole('button', { name: 'Save the note' }).click();
  await expect(note.getByTestId('note-content')).toContainText('flickering Rhystic Study');
  await ann.page.reload();
  await expect(ann.page.getByTestId('note-content')).toContainText('flickering Rhystic Study');

  // Find it by note search, and by tag filter.
  await ann.page.goto('/notes');
  await ann.page.getByLabel('Words to find').fill('Rhystic');
  await ann.page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = ann.page.getByTestId('note-results');
  await expect(results.locator('mark')).toHaveText(/Rhystic/);
  await results.getByRole('link').first().click();
  await expect(ann.page).toHaveURL(new RegExp(`${gameUrl}$`));
  await ann.page.goto('/notes?q=zzzunfound');
  await expect(ann.page.getByText('No note mentions')).toBeVisible();

  // Ann's dashboard charts her game: the chart takes the keyboard focus (after the Refresh button),
  // shows a focus ring, is named and described, the arrow keys walk the months, and the same
  // figures are a table (hidden until asked for). axe checks the page with the chart in both themes.
  await ann.page.goto('/dashboard');
  const chart = ann.page.getByRole('application', { name: 'Games and win rate by month' });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleDescription(/1 month, from .+: bars show the games/);
  await ann.page.getByRole('button', { name: 'Refresh' }).focus();
  await ann.page.keyboard.press('Tab');
  await expect(chart).toBeFocused();
  expect(await chart.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  await ann.page.keyboard.press('ArrowRight');
  await expect(ann.page.locator('.recharts-tooltip-wrapper')).toContainText('Win rate');
  const statsTable = ann.page.getByRole('table', { name: 'Games and win rate by month' });
  await expect(statsTable.getByRole('row')).toHaveCount(2);
  await expect(statsTable.getByRole('row').nth(1)).toContainText('100%');
  await ann.page.getByRole('button', { name: 'Show the data as a table' }).click();
  await expect(statsTable).toBeVisible();
  await expect(ann.page.getByRole('button', { name: 'Hide the table' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(ann.page, theme);
    await expectAccessible(ann.page, `dashboard with charts (${theme})`);
  }
  await setTheme(ann.page, 'light');

  await ann.page.goto('/games');
  await expect(ann.page.getByTestId('game-card')).toHaveCount(1);
  await choose(ann.page, 'Tag', 'sol-ring-turn-one');
  await expect(ann.page).toHaveURL(/tag=/);
  await expect(ann.page.getByTestId('game-card')).toHaveCount(1);
  await expect(ann.page.getByTestId('game-card')).toContainText('Gideon');
  await ann.page.goto('/games?since=2099-01-01');
  await expect(ann.page.getByTestId('game-card')).toHaveCount(0);
  await expect(ann.page.getByText('No game here')).toBeVisible();

  // The leaderboard changed: Ann leads with one win in one game.
  await ann.page.goto(groupUrl);
  const board = ann.page.getByRole('region', { name: 'Leaderboard', exact: true }).getByRole('table');
  const annRow = board.getByRole('row').filter({ hasText: ann.name });
  await expect(annRow.getByRole('cell').nth(0)).toHaveText('1');
  await expect(annRow.getByRole('cell').nth(1)).toHaveText('100%');
  await expect(board.getByRole('row').filter({ hasText: 'Gideon' }).getByRole('cell').nth(0)).toHaveText('0');
  // Bob sees the same game from his side.
  await bob.page.goto(groupUrl);
  await expect(bob.page.getByTestId('game-card')).toContainText('Gideon');

  // Public profile with stats.
  await bob.page.goto('/friends');
  await bob.page.getByRole('link', { name: ann.name }).click();
  await expect(bob.page.getByRole('heading', { level: 1, name: ann.name })).toBeVisible();
  await expect(bob.page.getByTestId('relationship')).toHaveText('Already your friend');

  // Look at the screens (axe + screenshots), English and French, phone and desktop.
  await lookAt(
    ann.page,
    info,
    ['/friends', '/friends/add', '/playgroups', groupUrl, '/games', gameUrl, '/notes'],
    'light',
  );
  await lookAt(bob.page, info, [groupUrl, '/playgroups/create'], 'dark');
  const annId = await ann.page.evaluate(
    () => JSON.parse(localStorage.getItem('companion-user') ?? '{}').userId,
  );
  await lookAt(bob.page, info, [`/user/${annId}/${ann.name}`], 'light');

  // Deleting the game asks first.
  await ann.page.goto(gameUrl);
  await ann.page.getByRole('button', { name: 'Delete the game' }).click();
  await confirm(ann.page, 'Delete the game');
  await expect(ann.page).toHaveURL(/\/games$/);
  await expect(ann.page.getByTestId('game-card')).toHaveCount(0);

  for (const p of [ann, bob, cat]) await p.context.close();
});

function promoFile(name: string): { eventId: string; codes: string[] } {
  const text = readFileSync(join(process.env.E2E_DATA_DIR ?? '', name), 'utf8');
  const eventId = /^event (\S+)$/m.exec(text)?.[1] ?? '';
  const codes = text.split('\n').filter((l) => /^[A-Z0-9]{6,}$/.test(l.trim()));
  return { eventId, codes };
}

test('promo: redeem a code once, fail the second time, and expired or unknown codes', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const live = promoFile('promo-live.txt');
  const expired = promoFile('promo-expired.txt');
  expect(live.codes.length).toBe(2);
  await signedInUser(page, 'promo');

  await page.goto(`/mobile/event/${live.eventId}`);
  await page.getByLabel('Event code').fill('NOPE2345');
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByTestId('promo-error')).toHaveText(/does not exist/);
  await expectAccessible(page, 'promo error');

  await page.getByLabel('Event code').fill(live.codes[0]!.toLowerCase());
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByTestId('promo-success')).toContainText('Welcome to E2E Open!');
  await expect(page.getByTestId('promo-success')).toContainText('E2E Open 2026');
  await screenshot(page, info, 'promo-success');

  await page.reload();
  await page.getByLabel('Event code').fill(live.codes[0]!);
  await page.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByTestId('promo-error')).toHaveText('You have already redeemed this code.');

  await page.goto(`/fr/mobile/event/${expired.eventId}`);
  await page.getByLabel('Code de l’événement').fill(expired.codes[0]!);
  await page.getByRole('button', { name: 'Utiliser le code' }).click();
  await expect(page.getByTestId('promo-error')).toHaveText(
    'Ce code a expiré ou a atteint sa limite d’utilisations.',
  );
  await page.setViewportSize(PHONE);
  await screenshot(page, info, 'promo-expired-fr-phone');
  await expectAccessible(page, 'promo expired (fr)');

  // Mobile sign-in hand-off: the page issues a one-time code for this session, bound to the app's
  // PKCE challenge, which the app (here the SDK, as a phone would) redeems once through
  // POST /auth/exchange with its code_verifier. A link without a challenge issues nothing.
  await page.setViewportSize(DESKTOP);
  await page.goto('/mobile/auth/google/callback?origin=companion://auth');
  await expect(page.getByTestId('mobile-bad-link')).toBeVisible();
  const codeVerifier = randomBytes(48).toString('base64url');
  const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
  await page.goto(
    `/mobile/auth/google/callback?origin=${encodeURIComponent('companion://auth')}&code_challenge=${codeChallenge}&code_challenge_method=S256`,
  );
  const exchangeCode = (await page.getByTestId('exchange-code').textContent())?.trim() ?? '';
  expect(exchangeCode.length).toBeGreaterThanOrEqual(8);
  await expectAccessible(page, 'mobile hand-off');
  const app = createClient({
    baseUrl: API,
    apiKey: 'companion-dev',
    secret: 'companion-dev-secret',
    device: 'ios',
    credentials: () => ({ token: null, userId: null }),
  });
  const body = { code: exchangeCode, type: 'google' as const, origin: 'companion://auth', codeVerifier };
  const session = await app.call(contract.auth.exchange, { body });
  const mine = await page.evaluate(() => JSON.parse(localStorage.getItem('companion-user') ?? '{}').userId);
  expect(session.user.id).toBe(mine);
  const again = await app.call(contract.auth.exchange, { body }).then(
    () => null,
    (e: unknown) => e as { status?: number },
  );
  expect(again?.status).toBe(410);

  // The badge shows on the public profile.
  const me = await page.evaluate(() => JSON.parse(localStorage.getItem('companion-user') ?? '{}').userId);
  await page.goto(`/user/${me}/me`);
  await expect(page.getByTestId('badges')).toContainText('E2E Open 2026');
});
