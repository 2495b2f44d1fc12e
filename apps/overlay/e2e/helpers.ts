import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const EMULATOR = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;
const PROJECT = 'demo-companion';
export const SHOTS = join(import.meta.dirname, '..', 'test-results', 'screenshots');
mkdirSync(SHOTS, { recursive: true });

export const webUrl = (path: string) => `${process.env.LIVE_E2E_WEB_URL}${path}`;

/** Applies the emulator's verification code for `email`, as clicking the email link would. */
async function verify(email: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT}/oobCodes`);
    const { oobCodes } = (await res.json()) as {
      oobCodes: Array<{ email: string; requestType: string; oobCode: string }>;
    };
    const code = oobCodes.filter((c) => c.email === email && c.requestType === 'VERIFY_EMAIL').at(-1);
    if (code) {
      const applied = await fetch(
        `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ oobCode: code.oobCode }),
        },
      );
      if (!applied.ok) throw new Error(`accounts:update ${applied.status}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no verification code for ${email}`);
}

/** A new verified account, signed in through the web app's own pages. */
export async function signUp(page: Page, firstname = 'Chandra'): Promise<string> {
  const email = `live-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  await page.goto(webUrl('/login?tab=signup'));
  await page.getByLabel('First name').fill(firstname);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('secret-pass-1');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/verify-email/, { timeout: 30_000 });
  await verify(email);
  await page.getByRole('button', { name: "I've verified my email" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  return email;
}

/** A chequered backdrop under the transparent overlay, as OBS's preview would show transparency. */
export async function chequer(page: Page): Promise<void> {
  await page.addStyleTag({
    content:
      'html { background: repeating-conic-gradient(#9a9a9a 0 25%, #d6d6d6 0 50%) 0 0 / 48px 48px !important; }',
  });
}

/** axe: no serious or critical violation on the page as it is. */
export async function expectAccessible(page: Page, context: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${context}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
