import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot, setTheme } from './helpers';

const PUBLIC_PAGES = [
  '/',
  '/index.kikoo',
  '/faq',
  '/privacy-policy',
  '/terms-of-service',
  '/login',
  '/auth/password/forgot',
  '/verify-email',
  '/fr',
  '/fr/login',
  '/nope',
];

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ]) {
    test(`public pages: axe and screenshots (${theme}, ${viewport.name})`, async ({ page }, info) => {
      test.setTimeout(180_000); // eleven pages, an axe run and a screenshot each, on a shared machine
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto('/');
      await setTheme(page, theme);
      for (const path of PUBLIC_PAGES) {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectAccessible(page, `${path} (${theme})`);
        if (viewport.name === 'phone' || ['/', '/login', '/faq'].includes(path))
          await screenshot(page, info, path === '/' ? 'home' : path);
      }
    });
  }
}

test('a shared deck link that opens nothing: axe and screenshots (phone, en and fr)', async ({
  page,
}, info) => {
  // The page a signed-out visitor lands on from a link made private or replaced; the deck itself,
  // opened through a working link, is checked in deck-sharing.spec.ts.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [prefix, heading] of [
    ['', 'This link does not open a deck'],
    ['/fr', 'Ce lien n’ouvre aucun deck'],
  ] as const) {
    await page.goto(`${prefix}/deck/shared/AAAAAAAAAAAAAAAAAAAAAA`);
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expectAccessible(page, `${prefix}/deck/shared (no deck)`);
    await screenshot(page, info, `shared-deck-gone${prefix.replace('/', '-')}`);
  }
});

test('keyboard: skip link, header and the login form', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Tab'); // mobile menu toggle is hidden on desktop: brand first
  const focused: string[] = [];
  for (let i = 0; i < 14; i++) {
    focused.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return `${el?.tagName}:${el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? ''}`;
      }),
    );
    await page.keyboard.press('Tab');
  }
  const trail = focused.join(' | ');
  expect(trail).toContain('FAQ');
  expect(trail).toMatch(/Switch to (dark|light) theme/);
  expect(trail).toMatch(/Language: English/);
  expect(trail).toContain('Sign in');
  expect(trail).toMatch(/INPUT/);
  // Fill and submit the form with the keyboard only.
  await page.getByLabel('Email address').focus();
  await page.keyboard.type('nobody@example.com');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toBeVisible();
  // Tabs switch with the arrow keys.
  await page.getByRole('tab', { name: 'Sign in' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Create an account' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('First name')).toBeVisible();
});
