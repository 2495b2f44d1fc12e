import { join } from 'node:path';
import { createClient } from '@companion/sdk';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { chequer, expectAccessible, SHOTS, signUp, webUrl } from './helpers';

const API_URL = `http://127.0.0.1:${process.env.LIVE_E2E_API_PORT ?? 8890}`;

/** A deck with a commander, through the API as the signed-in user (the deck editor is another issue). */
async function createDeck(page: Page): Promise<void> {
  const stored = await page.evaluate(() => localStorage.getItem('companion-user'));
  const { token, userId } = JSON.parse(stored ?? '{}') as { token: string; userId: string };
  const client = createClient({
    baseUrl: API_URL,
    apiKey: 'companion-dev',
    secret: 'companion-dev-secret',
    retry: 0,
    credentials: () => ({ token, userId }),
  });
  const { formats } = await client.system.formats();
  const commander = formats.find((f) => /commander/i.test(f.name)) ?? formats[0];
  if (!commander) throw new Error('no format');
  await client.decks.create({
    body: {
      name: 'Atris Whispers',
      formatId: commander.id,
      bracket: 2,
      cards: [{ name: 'Atris, Oracle of Half-Truths', board: 'commander' }],
    },
  });
}

/** A stand-in card picture (the real ones are on Scryfall's servers, out of reach in tests). */
const CARD_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="672" height="936" viewBox="0 0 672 936">
<rect width="672" height="936" rx="32" fill="#161418"/><rect x="28" y="28" width="616" height="880" rx="18" fill="#b8392b"/>
<rect x="48" y="52" width="576" height="60" rx="10" fill="#efe6d6"/><text x="66" y="94" font-family="serif" font-size="36">Fury Sliver</text>
<rect x="48" y="130" width="576" height="420" fill="#5b2320"/><circle cx="336" cy="340" r="150" fill="#e0703a"/>
<rect x="48" y="566" width="576" height="52" rx="10" fill="#efe6d6"/><text x="66" y="602" font-family="serif" font-size="28">Creature — Sliver</text>
<rect x="48" y="632" width="576" height="240" fill="#efe6d6"/><text x="66" y="680" font-family="serif" font-size="26">All Sliver creatures have double strike.</text></svg>`;

const step = (page: Page, label: string) => page.getByRole('button', { name: label, exact: true });

test.describe.configure({ mode: 'serial' });

let phone: BrowserContext;
let obs: BrowserContext;
let sender: Page;
let overlay: Page;
let address: string;

test.beforeAll(async ({ browser }) => {
  phone = await browser.newContext({
    viewport: { width: 412, height: 915 },
    hasTouch: true,
    locale: 'en-US',
  });
  obs = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'en-US' });
  sender = await phone.newPage();
  overlay = await obs.newPage();
});
test.afterAll(async () => {
  await phone?.close();
  await obs?.close();
});

test('settings issue the overlay address; the overlay shows a setup notice without it', async () => {
  await signUp(sender);
  await sender.goto(webUrl('/settings'));
  await sender.getByRole('button', { name: 'Create the overlay address' }).click();
  const field = sender.getByLabel('Overlay address');
  await expect(field).toHaveValue(/\/obs\/\?token=ct_/);
  address = await field.inputValue();
  await expectAccessible(sender, 'settings');
  expect(address.startsWith(process.env.LIVE_E2E_OVERLAY_URL ?? '')).toBe(true);

  await overlay.goto(address.replace(/\?token=.*/, ''));
  await expect(overlay.getByTestId('notice-setup')).toBeVisible();
  await overlay.goto(`${address.replace(/\?token=.*/, '')}?lang=fr`);
  await expect(overlay.getByRole('heading', { name: 'Adresse de l’overlay incomplète' })).toBeVisible();
  await expect(overlay.locator('html')).toHaveAttribute('lang', 'fr-FR');
});

test('the sender page in one context drives the overlay in another', async () => {
  await createDeck(sender);
  await overlay.emulateMedia({ colorScheme: 'dark' }); // as on a streamer's dark desktop
  // The overlay page asks for nothing that is not there (a stray 404 showed in OBS's log).
  const failed: string[] = [];
  const onResponse = (response: { status(): number; url(): string }) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  };
  overlay.on('response', onResponse);
  await overlay.goto(address);
  await expect(overlay.locator('main.ov-stage')).toBeVisible();
  // The browser asks for an icon once the page has loaded; give that request time to answer.
  await overlay.waitForLoadState('load');
  await overlay.waitForTimeout(1000);
  overlay.off('response', onResponse);
  expect(failed).toEqual([]);
  // Transparent: with the browser's own background left out (as OBS does), the page paints nothing
  // where nothing is shown (a background on html, body or the stage would fail this).
  await expect(overlay.locator('main.ov-stage')).toBeVisible();
  const shot = await overlay.screenshot({ omitBackground: true });
  const alpha = await overlay.evaluate(async (base64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${base64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const context = canvas.getContext('2d');
    context?.drawImage(img, 0, 0);
    return context?.getImageData(960, 540, 1, 1).data[3];
  }, shot.toString('base64'));
  expect(alpha).toBe(0);
  await chequer(overlay);
  await sender.goto(webUrl('/websocket/sender'));
  await expect(sender.getByTestId('live-status')).toHaveAttribute('data-status', 'open');
  await expectAccessible(sender, 'sender');

  // life totals, renamed seats, damage
  const names = ['Chandra', 'Jace', 'Liliana', 'Nissa'];
  for (const [i, name] of names.entries()) await sender.getByLabel(`Name of player ${i + 1}`).fill(name);
  await sender.getByRole('button', { name: 'Show life totals' }).click();
  await expect(overlay.getByTestId('player')).toHaveCount(4);
  await expect(overlay.getByTestId('player').nth(1)).toContainText('Jace');
  await step(sender, 'Life of Jace -5').click();
  await step(sender, 'Life of Jace -5').click();
  await step(sender, 'Life of Jace -1').click();
  for (let i = 0; i < 3; i++) await step(sender, 'Poison of Liliana +1').click();
  const seat1 = sender.getByTestId('seat-1');
  await seat1.getByText('Commander damage').click();
  for (let i = 0; i < 8; i++)
    await seat1.getByRole('button', { name: 'Damage from Nissa +1', exact: true }).click();
  await expect(overlay.getByTestId('player').nth(1)).toContainText('29');
  await expect(overlay.getByTestId('player').nth(2)).toContainText('3 poison counters');
  await expect(overlay.getByTestId('player').nth(0)).toContainText('8 from Nissa');

  // the deck
  await sender.getByRole('combobox', { name: 'Choose a deck' }).click();
  await sender.getByRole('option', { name: 'Atris Whispers' }).click();
  await sender.getByRole('button', { name: 'Show deck' }).click();
  await expect(overlay.getByTestId('deck')).toContainText('Atris Whispers');
  await expect(overlay.getByTestId('deck')).toContainText('Atris, Oracle of Half-Truths');
  await expect(overlay.getByTestId('deck')).toContainText('Bracket 2');

  // a card from the catalogue search; Scryfall's pictures are out of reach here, so the drawn fallback shows
  await sender.getByLabel('Find a card').fill('Atris');
  await sender.getByRole('button', { name: 'Spotlight Atris, Oracle of Half-Truths' }).click();
  const spotlight = overlay.getByTestId('spotlight');
  await expect(spotlight).toContainText('Atris, Oracle of Half-Truths');
  await expect(spotlight.locator('.cui-card-image__fallback, .cui-card-image__img')).toBeVisible();

  // timer and text
  await sender.getByRole('button', { name: 'Start' }).click();
  await sender
    .getByRole('textbox', { name: 'Text', exact: true })
    .fill('Top of turn 6 — Jace is on the back foot');
  await sender.getByRole('button', { name: 'Show text' }).click();
  await expect(overlay.getByTestId('text')).toHaveText('Top of turn 6 — Jace is on the back foot');
  await expect(overlay.getByTestId('timer')).toContainText(/0:0[2-9]/);

  // nothing private on the overlay: no email, no token
  const html = await overlay.content();
  expect(html).not.toContain('@example.com');
  expect(html).not.toContain(new URL(address).searchParams.get('token') ?? 'ct_');

  await overlay.waitForTimeout(800); // let the entrance animations finish
  await overlay.screenshot({ path: join(SHOTS, 'overlay-1080p.png') });
  await overlay.setViewportSize({ width: 1280, height: 720 });
  await overlay.waitForTimeout(300);
  await overlay.screenshot({ path: join(SHOTS, 'overlay-720p.png') });
  await overlay.setViewportSize({ width: 1920, height: 1080 });
  await sender.screenshot({ path: join(SHOTS, 'sender-phone.png'), fullPage: true });

  // with the picture reachable (served here in Scryfall's place), the picture shows instead
  await obs.route('https://cards.scryfall.io/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: CARD_SVG }),
  );
  await sender.getByLabel('Find a card').fill('Fury Sliver');
  await sender.getByRole('button', { name: 'Spotlight Fury Sliver' }).click();
  await expect(spotlight).toContainText('Fury Sliver');
  const picture = spotlight.locator('img.cui-card-image__img');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await overlay.waitForTimeout(800);
  await overlay.screenshot({ path: join(SHOTS, 'overlay-1080p-card-picture.png') });

  // reduced motion: no entrance animation left running
  await overlay.emulateMedia({ reducedMotion: 'reduce' });
  const duration = await overlay
    .getByTestId('text')
    .evaluate((el) => Number.parseFloat(getComputedStyle(el).animationDuration));
  expect(duration).toBeLessThanOrEqual(0.001);
  await overlay.emulateMedia({ reducedMotion: 'no-preference' });

  // six players, then clear parts
  await step(sender, 'Add a player').click();
  await step(sender, 'Add a player').click();
  await expect(overlay.getByTestId('player')).toHaveCount(6);
  await overlay.waitForTimeout(600);
  await overlay.screenshot({ path: join(SHOTS, 'overlay-1080p-six-players.png') });
  await sender.getByRole('button', { name: 'Hide the card' }).click();
  await expect(spotlight).toHaveCount(0);
  await sender.getByRole('button', { name: 'Clear the overlay' }).click();
  await expect(overlay.getByTestId('player')).toHaveCount(0);
  await expect(overlay.getByTestId('text')).toHaveCount(0);
});

test('a reloaded overlay restores what is on screen; the receiver page lists what arrives', async () => {
  await sender.getByRole('button', { name: 'Show life totals' }).click();
  await sender.getByRole('button', { name: 'Show text' }).click();
  await expect(overlay.getByTestId('text')).toBeVisible();
  await overlay.reload();
  await chequer(overlay);
  await expect(overlay.getByTestId('text')).toHaveText('Top of turn 6 — Jace is on the back foot');
  await expect(overlay.getByTestId('player')).toHaveCount(6);

  const receiver = await phone.newPage();
  await receiver.goto(webUrl('/websocket/receiver'));
  await expect(receiver.getByTestId('live-status')).toHaveAttribute('data-status', 'open');
  await sender.getByRole('button', { name: 'Show text' }).click();
  await expect(receiver.getByTestId('received').first()).toContainText('Top of turn 6');
  await expectAccessible(receiver, 'receiver');
  await receiver.close();
});

test('regenerating the address disconnects the overlay using the old one', async () => {
  await sender.goto(webUrl('/settings'));
  await expect(sender.getByLabel('Overlay address')).toHaveValue(address);
  await sender.getByRole('button', { name: 'Regenerate' }).click();
  await expect(sender.getByLabel('Overlay address')).not.toHaveValue(address);
  await expect(overlay.getByTestId('notice-revoked')).toBeVisible();
  await overlay.screenshot({ path: join(SHOTS, 'overlay-revoked.png') });
});
