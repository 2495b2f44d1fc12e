import { expect, test } from '@playwright/test';
import { screenshot, signedInUser } from './helpers';

test('signed-out visitors to guarded pages go to /login and come back after sign-in', async ({ page }) => {
  for (const path of ['/dashboard', '/profile', '/decks', '/playgroups', '/settings', '/friends/add']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(path)}$`));
  }
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
});

test('a signed-in user at /login goes to the dashboard; the redirect is kept', async ({ page }) => {
  await signedInUser(page, 'guest');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/login?redirect=%2Fdecks');
  await expect(page).toHaveURL(/\/decks$/);
  await expect(page.getByRole('heading', { name: 'Decks', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New deck' })).toBeVisible();
  // An expired session (the API answers 401) ends it and goes to /login.
  await page.evaluate(() => {
    const raw = JSON.parse(localStorage.getItem('companion-user') ?? '{}');
    raw.token = 'expired-token';
    raw.lastFetched = { user: null, playgroups: null, decks: null, friends: null, formats: null };
    localStorage.setItem('companion-user', JSON.stringify(raw));
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('French under /fr: switch in the header keeps the page and survives a reload', async ({
  page,
}, info) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
  await page.getByRole('button', { name: /^Language:/ }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await expect(page).toHaveURL(/\/fr\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questions fréquentes');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page).toHaveTitle('Questions fréquentes · Companion');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Questions fréquentes');
  // The saved choice sends unprefixed paths to French.
  await page.goto('/privacy-policy');
  await expect(page).toHaveURL(/\/fr\/privacy-policy$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/fr\/login\?redirect=%2Fdashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion');
  await screenshot(page, info, 'login-fr');
  await page.getByRole('button', { name: /^Langue/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
});

test('prerendered pages carry title, description and hreflang links', async ({ request }) => {
  const html = await (await request.get('/fr/faq')).text();
  expect(html).toMatch(/<html lang="fr"[\s>]/);
  expect(html).toContain('<title>Questions fréquentes · Companion</title>');
  expect(html).toMatch(/<meta name="description" content="Réponses sur Companion/);
  expect(html).toMatch(/hreflang="en" href="[^"]*\/faq"/);
  expect(html).toMatch(/hreflang="fr" href="[^"]*\/fr\/faq"/);
  expect(html).toMatch(/hreflang="x-default" href="[^"]*\/faq"/);
  expect(html).toContain('Companion est-il gratuit');
  const home = await (await request.get('/')).text();
  expect(home).toContain('Your whole Magic life, in one companion.');
  const latest = await (await request.get('/builds/latest.json')).json();
  expect(latest.buildId).toBeTruthy();
  expect((await request.get(`/builds/meta/${latest.buildId}.json`)).ok()).toBe(true);
});

test('unknown routes and invalid params show the 404 page', async ({ page }, info) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Page Not Found: /no/such/page');
  await screenshot(page, info, '404');
  await page.goto('/auth/facebook/callback');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'Page Not Found: /auth/facebook/callback',
  );
  await page.goto('/fr/nulle-part');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('/fr/nulle-part');
});

test('an unknown deck, game, list or playgroup says so in words, with the way back', async ({
  page,
}, info) => {
  await signedInUser(page, 'missing');
  const nobody = '00000000-0000-4000-8000-000000000000';
  const cases: Array<[string, string, string]> = [
    [`/deck/${nobody}/x`, 'This deck doesn’t exist', 'Back to your decks'],
    [`/game/${nobody}`, 'This game doesn’t exist', 'Back to your games'],
    [`/collection/list/${nobody}/x`, 'This list doesn’t exist', 'Back to your binders'],
    [`/playgroup/${nobody}/x`, 'This playgroup doesn’t exist', 'Back to your playgroups'],
  ];
  for (const [path, title, back] of cases) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(page.getByText('The requested resource was not found.')).toHaveCount(0);
    await expect(page.getByRole('link', { name: back })).toBeVisible();
  }
  await screenshot(page, info, 'missing-playgroup');
  await page.getByRole('link', { name: 'Back to your playgroups' }).click();
  await expect(page).toHaveURL(/\/playgroups$/);
  await page.goto(`/fr/deck/${nobody}/x`);
  await expect(page.getByRole('heading', { level: 2, name: 'Ce deck n’existe pas' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retour à vos decks' })).toBeVisible();
});

test('a route rule from the build manifest redirects', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:${process.env.E2E_WEB_PORT ?? 4173}/$`));
  await page.goto('/sign-in');
  await expect(page).toHaveURL(/\/login$/);
});

test('a page chunk that fails to load reloads once, then shows the error page', async ({ page }, info) => {
  // From a page the app renders (prerendered pages, login too, start it only on the first
  // interaction): a guarded page sends the signed-out visitor on to the login page.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  let loads = 0;
  page.on('load', () => loads++);
  await page.route(/\/assets\/forgot-password-[^/]+\.js$/, (route) => route.abort());
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // First failure: one full reload of the page; the second failure within 10 s shows the 500 page.
  await expect(page.getByText('Internal Server Error')).toBeVisible({ timeout: 15_000 });
  expect(loads).toBe(1);
  const stamp = await page.evaluate(() =>
    sessionStorage.getItem('companion-chunk-reload:/auth/password/forgot'),
  );
  expect(Number(stamp)).toBeGreaterThan(0);
  await screenshot(page, info, 'chunk-error');
});

test('a prerendered page starts the app on the first interaction; an early click is not lost', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
  // The entry only, beside the theme script (a file, since the policy allows no inline script).
  expect(scripts.filter((url) => !url.endsWith('/theme.js'))).toHaveLength(1);
  await expect(page.locator('html')).not.toHaveAttribute('data-app', 'ready');
  const theme = await page.locator('html').getAttribute('data-theme');
  await page.getByRole('button', { name: /^Switch to/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme === 'dark' ? 'light' : 'dark');
});

test('the login page is prerendered: what is typed and sent before the app starts is kept', async ({
  page,
}) => {
  // Hold the app's chunk: the visitor types and presses Enter on the static page.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await page.getByLabel('Email address').fill('nobody@example.com');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/login$/); // not sent by the browser
  await expect(page.locator('html')).not.toHaveAttribute('data-app', 'ready');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue('nobody@example.com');
});
