import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';

export const EMULATOR = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;
const PROJECT = 'demo-companion';
const SHOTS = join(import.meta.dirname, '..', 'test-results', 'screenshots');

export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** The latest email code the emulator "sent" to `email` for `type`. */
export async function oobCode(email: string, type: 'VERIFY_EMAIL' | 'PASSWORD_RESET'): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT}/oobCodes`);
    const body = (await res.json()) as { oobCodes: OobCode[] };
    const code = body.oobCodes.filter((c) => c.email === email && c.requestType === type).at(-1);
    if (code) return code.oobCode;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No ${type} code for ${email}`);
}

/** Applies a verification code, as clicking the email link would. */
export async function applyVerification(email: string): Promise<void> {
  const oob = await oobCode(email, 'VERIFY_EMAIL');
  const res = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode: oob }),
  });
  if (!res.ok) throw new Error(`accounts:update ${res.status}: ${await res.text()}`);
}

/** Sign up through the UI; lands on /verify-email. */
export async function signUp(page: Page, email: string, password = 'secret-pass-1', firstname = 'Chandra') {
  await page.goto('/login?tab=signup');
  await page.getByLabel('First name').fill(firstname);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/verify-email\?redirect=/, { timeout: 20_000 });
}

/** A verified account, signed in, on the dashboard. */
export async function signedInUser(page: Page, tag = 'user') {
  const email = uniqueEmail(tag);
  await signUp(page, email);
  await applyVerification(email);
  await page.getByRole('button', { name: "I've verified my email" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  return email;
}

export async function screenshot(page: Page, info: TestInfo, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const full = `${info.titlePath.slice(1).join('-')}-${name}`.replace(/[^a-z0-9-]+/gi, '_');
  // Long titles are cut, with a hash of the whole name so that two cut names never collide.
  const file =
    full.length <= 120
      ? full
      : `${full.slice(0, 111)}-${createHash('sha256').update(full).digest('hex').slice(0, 8)}`;
  await settled(page);
  await page.screenshot({ path: join(SHOTS, `${file}.png`), fullPage: true });
}

/** What the tests read of axe's results. */
export interface AxeFindings {
  violations: Array<{
    id: string;
    impact?: string | null;
    nodes: Array<{ target: Array<string | string[]> }>;
  }>;
}

/** axe-core itself, the version @axe-core/playwright was built with. */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);

/**
 * axe over the page as it is (only `rules` when given), violations only. axe is put into the page
 * once per document and run there: @axe-core/playwright injects its half-megabyte source again for
 * each analysis and, by default, opens a blank page to merge per-frame results (the app has no
 * frames), which made a run 1.5–4 s here, most of the tour's time. The injection is a DevTools
 * evaluation, which the page's Content Security Policy does not govern.
 */
export async function axe(page: Page, rules?: string[]): Promise<AxeFindings> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (only) =>
      (
        window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeFindings> } }
      ).axe.run(document, {
        resultTypes: ['violations'],
        ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
      }),
    rules ?? null,
  );
}

/** axe: no serious or critical violation. */
export async function expectAccessible(page: Page, context: string) {
  await settled(page);
  const results = await axe(page);
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${context}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

export async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((t) => {
    localStorage.setItem('companion-theme', t);
    document.documentElement.setAttribute('data-theme', t);
  }, theme);
  // Colours fade to the new theme: a check (axe's contrast) must see the end, not a mid-fade colour.
  await settled(page);
}

/**
 * Waits for the page's finite transitions and animations (a dialog fading in, colours changing
 * theme) to end, so a screenshot or axe's contrast check sees the final state. Endless ones
 * (spinners) are ignored; one still running after 5 s is left running.
 */
export async function settled(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) =>
              a.playState !== 'running' ||
              a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}
