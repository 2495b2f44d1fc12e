import { readFile } from 'node:fs/promises';
import { createClient, LIMITS } from '@companion/sdk';
import { expect, test } from '@playwright/test';
import {
  applyVerification,
  expectAccessible,
  oobCode,
  screenshot,
  signedInUser,
  signUp,
  uniqueEmail,
} from './helpers';

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 8790}`;
/** The SDK as another device would hold it, with a given session token. */
const apiClient = (token: string) =>
  createClient({
    baseUrl: API,
    apiKey: 'companion-dev',
    secret: 'companion-dev-secret',
    credentials: () => ({ token }),
  });

test('sign up, verify the email with the emulator code, land on the dashboard', async ({ page }, info) => {
  const email = uniqueEmail('signup');
  await signUp(page, email);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // Not verified yet: the re-check says so.
  await page.getByRole('button', { name: "I've verified my email" }).click();
  await expect(page.getByRole('alert')).toContainText('not verified yet');
  await screenshot(page, info, 'verify-email');
  // Not verified yet, the dashboard sends the player back here without asking the API for anything
  // it would refuse (401s and UnverifiedErrors in the console).
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) refused.push(r.url());
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/verify-email\?redirect=%2Fdashboard$/);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  expect(refused).toEqual([]);
  await applyVerification(email);
  await page.getByRole('button', { name: "I've verified my email" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // A brand-new player is welcomed, not "welcomed back", and has no win rate yet (not 0 %).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Chandra');
  await expect(page.getByRole('heading', { name: 'Your games' })).toBeVisible();
  await expect(page.getByText('No games yet')).toBeVisible();
  await expect(page.locator('.web-kpis div', { hasText: 'Win rate' }).locator('dd')).toHaveText('—');
  await screenshot(page, info, 'dashboard');
  await expectAccessible(page, 'dashboard');
});

test('a long unbroken name wraps: no sideways scrolling on desktop or phone', async ({ page }) => {
  const name = 'W'.repeat(LIMITS.firstname.max);
  const email = uniqueEmail('longname');
  await signUp(page, email, 'secret-pass-1', name);
  await applyVerification(email);
  await page.getByRole('button', { name: "I've verified my email" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // A playgroup with the longest unbroken name there can be, shown in its dashboard card.
  const group = 'G'.repeat(LIMITS.playgroupName.max);
  await page.goto('/playgroups/create');
  await page.getByLabel('Name').fill(group);
  await page.getByRole('button', { name: 'Create the playgroup' }).click();
  await expect(page).toHaveURL(/\/playgroup\//);
  await page.goto('/dashboard');
  await expect(page.getByText(group).first()).toBeVisible();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `sideways overflow at ${width} px`).toBeLessThanOrEqual(0);
  }
});

test('signing in with an email that has no account says the email or password is wrong', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password').fill('secret-pass-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('The email address or password is incorrect.');
});

test('the sign-up tab has its own title, in English and French', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await page.getByRole('tab', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
  await expect(page).toHaveURL(/tab=signup/);
  await page.goto('/fr/login?tab=signup');
  await page.getByRole('tab', { name: 'Créer un compte' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Créez votre compte');
});

test('sign out, then sign in again (and a wrong password is explained)', async ({ page }, info) => {
  const email = await signedInUser(page, 'inout');
  const stored = async () =>
    page.evaluate(() => JSON.parse(localStorage.getItem('companion-user') ?? '{}') as { token?: string });
  const { token } = await stored();
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  // The store keeps the token (spec), but the server revoked it: replayed, it answers 401.
  expect((await stored()).token).toBe(token);
  const replay = await apiClient(token ?? '')
    .user.me()
    .then(
      () => 200,
      (e: { status?: number }) => e.status,
    );
  expect(replay).toBe(401);
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('The email address or password is incorrect.');
  await screenshot(page, info, 'login-error');
  await page.getByLabel('Password').fill('secret-pass-1');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('sign out of all devices from the settings: this device and another one are signed out', async ({
  page,
  browser,
}, info) => {
  const email = await signedInUser(page, 'everywhere');
  // A second device: another browser context signed in to the same account.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto('/login');
  await phone.getByLabel('Email address').fill(email);
  await phone.getByLabel('Password').fill('secret-pass-1');
  await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(phone).toHaveURL(/\/dashboard$/);

  await page.goto('/settings');
  // The settings cards stand apart (they used to touch).
  await expect(page.getByTestId('sign-out-everywhere')).toBeVisible();
  const boxes = await page
    .locator('main .web-card')
    .evaluateAll((cards) =>
      cards.map((c) => c.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })),
    );
  expect(boxes.length).toBeGreaterThanOrEqual(3);
  for (let i = 1; i < boxes.length; i++)
    expect(boxes[i]!.top - boxes[i - 1]!.bottom).toBeGreaterThanOrEqual(8);
  await page.getByTestId('sign-out-everywhere').click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog).toContainText('Sign out of all devices?');
  await screenshot(page, info, 'sign-out-everywhere-confirm');
  await expectAccessible(page, 'sign out of all devices: confirmation');
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page.locator('.cui-toast__title', { hasText: 'Signed out of all devices' })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // The other device's next call answers 401: it goes to the login page.
  await phone.goto('/collection');
  await expect(phone).toHaveURL(/\/login/, { timeout: 15_000 });
  await other.close();
});

test('settings: download my data, change the password, then delete the account', async ({ page }, info) => {
  const email = await signedInUser(page, 'delete');
  await page.goto('/settings');

  // Download my data: one JSON file with everything.
  const saved = page.waitForEvent('download');
  await page.getByTestId('download-my-data').click();
  const file = await saved;
  expect(file.suggestedFilename()).toMatch(/^companion-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await file.path()) as string, 'utf8')) as {
    user: { email: string };
  };
  expect(data.user.email).toBe(email);
  await expect(page.getByRole('status').filter({ hasText: 'saved as a JSON file' })).toBeVisible();

  // Change the password: a wrong current one is refused, then it changes.
  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill('not-my-password');
  await password
    .getByRole('textbox', { name: 'New password (required)', exact: true })
    .fill('brand-new-pass');
  await password.getByLabel('New password again').fill('brand-new-pass');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('alert')).toContainText('The email address or password is incorrect.');
  await password.getByLabel('Current password').fill('secret-pass-1');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('.cui-toast__title', { hasText: 'Password changed' })).toBeVisible();

  // Delete the account: the button waits for the email to be typed.
  await page.getByTestId('delete-account').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete your account?');
  const confirm = dialog.getByTestId('delete-account-confirm');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${email} to confirm`).fill('someone-else@example.test');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${email} to confirm`).fill(email);
  await screenshot(page, info, 'delete-account-confirm');
  await expectAccessible(page, 'delete account: confirmation');
  await confirm.click();
  // On the sign-in page, where the toast stays (the home page has no toaster).
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/login$/);
  await expect(page.locator('.cui-toast__title', { hasText: 'Your account was deleted' })).toBeVisible();

  // Signing in again fails: the account is gone.
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('reset a forgotten password with the emailed code', async ({ page }, info) => {
  const email = await signedInUser(page, 'reset');
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/auth\/password\/forgot$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me a reset code' }).click();
  await expect(page.getByRole('status')).toContainText(email);
  const code = await oobCode(email, 'PASSWORD_RESET');
  await page.getByLabel('Code from the email').fill(code);
  await page.getByLabel('New password').fill('brand-new-pass-2');
  await page.getByRole('button', { name: 'Change my password' }).click();
  // (The button's spinner is a status too while the change is pending.)
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed' })).toBeVisible();
  await screenshot(page, info, 'reset-done');
  await page.getByRole('link', { name: 'Sign in' }).last().click();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('brand-new-pass-2');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('profile: picture upload with preview, friend code and QR code', async ({ page }, info) => {
  await signedInUser(page, 'profile');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByTestId('friend-code')).not.toBeEmpty();
  await expect(page.getByRole('img', { name: /QR code to add/ })).toBeVisible();
  // A 64×64 PNG drawn in the page.
  const png = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#7b5cff';
    ctx.fillRect(0, 0, 64, 64);
    ctx.fillStyle = '#e7b94d';
    ctx.fillRect(16, 16, 32, 32);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  await page.getByLabel('Choose a picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from(png, 'base64'),
  });
  await expect(page.getByText('Preview — upload it to keep it.')).toBeVisible();
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await expect(page.getByText('Picture updated', { exact: true })).toBeVisible();
  const avatar = page.locator('.web-picture img');
  await expect(avatar).toHaveAttribute('src', /^https?:\/\//);
  await page.getByLabel('Username').fill(`planeswalker_${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved', { exact: true })).toBeVisible();
  await screenshot(page, info, 'profile');
  await expectAccessible(page, 'profile');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await screenshot(page, info, 'settings');
  await expectAccessible(page, 'settings');
});
