import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@companion/sdk';
import { contract } from '@companion/sdk/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { inlineCode } from '../../../scripts/csp.mjs';
import { catalogue, requireSharedData } from './cards-helpers';
import { axe, setTheme, settled, signedInUser } from './helpers';

/**
 * Every route of the app as a new player meets it and as a player with data (seeded through the
 * SDK), in English and French, light and dark, at 390 and 1366 px. On each page: no console error
 * or warning, no failed request but card pictures, no Content Security Policy violation, no
 * sideways overflow, no English catalogue text left on a French page, axe clean (once per route,
 * language and theme). Screenshots go to test-results/tour/.
 */

const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 8790}`;
const SHOTS = join(import.meta.dirname, '..', 'test-results', 'tour');
const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
/** Card pictures come from Scryfall's CDN, which the test machine may not reach. */
const PICTURE_HOST = 'cards.scryfall.io';

test.describe.configure({ mode: 'parallel' });
test.use({ actionTimeout: 20_000 });

// --- English text on French pages --------------------------------------------------------------

const root = join(import.meta.dirname, '..', '..', '..');
const readCatalogue = (lang: 'en-US' | 'fr-FR') => {
  const files = [
    `apps/web/src/i18n/${lang}.json`,
    ...['account', 'cards', 'live', 'public', 'social'].map(
      (f) => `apps/web/src/i18n/features/${f}.${lang}.json`,
    ),
    `packages/ui/src/i18n/${lang}.json`,
    `packages/hooks/src/i18n/${lang}.json`,
  ];
  return files.map((f) => JSON.parse(readFileSync(join(root, f), 'utf8')) as Record<string, string>);
};
/** Plain (no placeholder) English values whose French differs: none may show on a French page. */
const ENGLISH_ONLY = (() => {
  const en = readCatalogue('en-US');
  const fr = readCatalogue('fr-FR');
  const french = new Set(fr.flatMap((c) => Object.values(c)));
  const out = new Set<string>();
  en.forEach((messages, i) => {
    for (const [key, value] of Object.entries(messages)) {
      if (/[{}<]/.test(value) || !/[a-z]{3}/i.test(value)) continue;
      if (fr[i]?.[key] === value || french.has(value)) continue;
      out.add(value.trim());
    }
  });
  return out;
})();
/** Proper nouns and names that read the same in both languages. */
const ALLOW = new Set([
  'Companion',
  'Commander',
  'English',
  'Français',
  'Discord',
  'GitHub',
  'Scryfall',
  'OBS',
  'Magic: The Gathering',
]);

async function englishLeft(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('script,style,[aria-hidden="true"],[hidden]')) continue;
      const text = node.textContent?.trim();
      if (text && el.checkVisibility()) out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label],[placeholder],[title],img[alt]'))
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
        const v = el.getAttribute(attr)?.trim();
        if (v) out.push(v);
      }
    return out;
  });
  return [...new Set(texts.filter((t) => ENGLISH_ONLY.has(t) && !ALLOW.has(t)))];
}

// --- One page's checks ---------------------------------------------------------------------------

interface Watch {
  problems: string[];
  /** Requests answered 404 on purpose (an unknown deck's page). */
  expect404: boolean;
}

function watch(page: Page): Watch {
  const w: Watch = { problems: [], expect404: false };
  const isPicture = (url: string) => url.includes(PICTURE_HOST);
  page.on('console', (msg) => {
    if (msg.type() !== 'error' && msg.type() !== 'warning') return;
    const url = msg.location().url ?? '';
    if (msg.text().startsWith('Failed to load resource')) {
      if (isPicture(url)) return;
      if (w.expect404 && msg.text().includes('404')) return;
    }
    w.problems.push(`console ${msg.type()}: ${msg.text()} (${url})`);
  });
  page.on('pageerror', (error) => w.problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (req) => {
    if (isPicture(req.url())) return;
    const failure = req.failure()?.errorText ?? '';
    // Navigating away cancels what the previous page had in flight.
    if (failure === 'net::ERR_ABORTED') return;
    w.problems.push(`request failed: ${req.method()} ${req.url()} ${failure}`);
  });
  page.on('response', (res) => {
    if (res.status() < 400 || isPicture(res.url())) return;
    if (w.expect404 && res.status() === 404) return;
    w.problems.push(`HTTP ${res.status()}: ${res.request().method()} ${res.url()}`);
  });
  return w;
}

const name = (path: string) => path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '_') || 'home';

/** Waits for the page to be shown: the app rendered it, or it is the prerendered page of this path. */
async function shown(page: Page) {
  await page.waitForFunction(
    () => {
      const html = document.documentElement;
      return (
        html.getAttribute('data-app') === 'ready' ||
        (html.getAttribute('data-prerendered') === location.pathname && !html.hasAttribute('data-spa'))
      );
    },
    undefined,
    { timeout: 20_000 },
  );
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.cui-skeleton').first())
    .toBeHidden({ timeout: 15_000 })
    .catch(() => undefined);
}

/**
 * Visits `route` in `lang`. In the light theme: sideways overflow, the route's own checks and a
 * screenshot at both widths, then axe. Then in the dark theme (switched in place, as the header's
 * toggle does), which changes colours only: axe again and a phone screenshot. Layout does not depend
 * on the theme, so overflow is looked at once per width.
 */
async function visit(page: Page, w: Watch, who: string, route: Route, lang: 'en' | 'fr') {
  const url = lang === 'fr' ? (route.path === '/' ? '/fr' : `/fr${route.path}`) : route.path;
  w.expect404 = Boolean(route.notFound);
  await page.setViewportSize(WIDTHS[0]);
  // Light from the first paint (the previous route was left dark): the saved theme is read at load.
  await page.evaluate(() => localStorage.setItem('companion-theme', 'light')).catch(() => undefined);
  await page.goto(url);
  await shown(page);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  if (route.ready) await route.ready(page);
  const problems: string[] = [];
  const shot = (theme: string, size: string) =>
    page.screenshot({
      path: join(SHOTS, `${who}-${lang}-${theme}-${size}-${name(route.path)}.png`),
      fullPage: true,
    });
  const serious = (theme: string, found: Awaited<ReturnType<typeof axe>>) =>
    found.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${theme} axe ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

  for (const size of WIDTHS) {
    if (size !== WIDTHS[0]) {
      await page.setViewportSize(size);
      await settled(page);
    }
    const { scroll, width } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      width: window.innerWidth,
    }));
    if (scroll > width) problems.push(`${size.width}px: scrolls sideways (${scroll} > ${width})`);
    if (route.check) problems.push(...(await route.check(page)).map((p) => `${size.width}px: ${p}`));
    await shot('light', size.name);
  }
  problems.push(...serious('light', await axe(page)));
  await setTheme(page, 'dark');
  problems.push(...serious('dark', await axe(page)));
  await shot('dark', WIDTHS[1].name);
  const violations = (await page.evaluate(() => window.__cspViolations ?? [])) as string[];
  problems.push(...violations.map((v) => `CSP: ${v}`));
  if (lang === 'fr')
    problems.push(...(await englishLeft(page)).map((t) => `English on a French page: "${t}"`));
  problems.push(...w.problems.splice(0));
  expect.soft(problems, `${who} ${lang} ${route.path}`).toEqual([]);
}

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

interface Route {
  path: string;
  notFound?: boolean;
  ready?: (page: Page) => Promise<void>;
  /** Checks of the page's own, at each width: what is wrong. */
  check?: (page: Page) => Promise<string[]>;
}

/** The live sender: each stepper's buttons and value on one line (its +5 used to wrap). */
const senderSteppers = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.web-live__stepper')].flatMap((stepper) => {
      const boxes = [...stepper.querySelectorAll('button, output')]
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.height > 0);
      // On one line when every box starts above every other's bottom.
      const wraps = boxes.some((a) => boxes.some((b) => a.top >= b.bottom - 1));
      return wraps ? [`stepper "${stepper.getAttribute('aria-label')}" wraps`] : [];
    }),
  );

async function tour(page: Page, who: string, routes: Route[]) {
  mkdirSync(SHOTS, { recursive: true });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolations?.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const w = watch(page);
  // English first, then French: an unprefixed path follows the saved language, a /fr one sets it.
  for (const lang of ['en', 'fr'] as const)
    for (const route of routes) await visit(page, w, who, route, lang);
}

// --- Players --------------------------------------------------------------------------------------

/** The SDK, signed in as the user of `page` (token and id from the app's persisted store). */
async function apiAs(page: Page) {
  const raw = await page.evaluate(() => localStorage.getItem('companion-user'));
  const stored = JSON.parse(raw ?? '{}') as { token?: string; userId?: string };
  return {
    userId: stored.userId ?? '',
    api: createClient({
      baseUrl: API,
      apiKey: 'companion-dev',
      secret: 'companion-dev-secret',
      device: 'web',
      credentials: () => ({ token: stored.token ?? null, userId: stored.userId ?? null }),
    }),
  };
}

async function newPage(browser: Browser) {
  const context = await browser.newContext({ viewport: WIDTHS[0], locale: 'en-US' });
  return context.newPage();
}

const APP_ROUTES = [
  '/dashboard',
  '/collection',
  '/collection/lists',
  '/collection/search',
  '/decks',
  '/decks/create',
  '/games',
  '/sets',
  '/notes',
  '/playgroups',
  '/playgroups/create',
  '/friends',
  '/friends/add',
  '/profile',
  '/settings',
  '/websocket/sender',
  '/websocket/receiver',
];
const PUBLIC_ROUTES = ['/', '/index.kikoo', '/faq', '/privacy-policy', '/terms-of-service'];
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

test('tour: a visitor, the public and sign-in pages', async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await newPage(browser);
  // Served pages: the policy as a header (frame-ancestors, which a <meta> cannot carry) and as the
  // built <meta>; no inline code in any prerendered page or the app's shell.
  for (const path of [...PUBLIC_ROUTES, '/login', '/fr', '/fr/login', '/fr/faq', '/dashboard', '/decks']) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-security-policy'], path).toMatch(
      /script-src 'self';.*frame-ancestors 'none'/,
    );
    expect(res.headers()['x-content-type-options'], path).toBe('nosniff');
    const html = await res.text();
    expect(html, path).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self';/,
    );
    expect(inlineCode(html), path).toEqual([]);
  }
  await page.goto('/');
  await tour(
    page,
    'guest',
    [...PUBLIC_ROUTES, '/login', '/auth/password/forgot', '/no-such-page'].map((path) => ({
      path,
      notFound: path === '/no-such-page',
    })),
  );
});

test('tour: a brand-new player, every page', async ({ browser }) => {
  test.setTimeout(900_000);
  const page = await newPage(browser);
  await page.goto('/');
  await signedInUser(page, 'tour-new');
  await tour(page, 'new', [
    ...APP_ROUTES.map((path) => ({
      path,
      ...(path === '/websocket/sender' ? { check: senderSteppers } : {}),
    })),
    { path: `/deck/${UNKNOWN}/missing`, notFound: true },
    { path: `/decks/${UNKNOWN}/edit`, notFound: true },
    { path: `/game/${UNKNOWN}`, notFound: true },
    { path: `/set/${UNKNOWN}`, notFound: true },
    { path: `/collection/list/${UNKNOWN}/missing`, notFound: true },
    { path: `/playgroup/${UNKNOWN}/missing`, notFound: true },
    { path: `/user/${UNKNOWN}/missing`, notFound: true },
  ]);
});

test('tour: a player with data, every page', async ({ browser }) => {
  test.setTimeout(900_000);
  requireSharedData();
  const friendPage = await newPage(browser);
  await signedInUser(friendPage, 'tour-friend');
  const page = await newPage(browser);
  await signedInUser(page, 'tour-data');
  const me = await apiAs(page);
  const friend = await apiAs(friendPage);

  // Names.
  const stamp = Date.now().toString(36);
  await me.api.call(contract.user.setUsername, { body: { username: `tourist_${stamp}` } });
  await friend.api.call(contract.user.setUsername, { body: { username: `friend_${stamp}` } });

  // Friends: a request by code, accepted.
  const { code } = await friend.api.call(contract.user.code, {});
  await me.api.call(contract.friends.request, { params: { code } });
  const { code: myCode } = await me.api.call(contract.user.code, {});
  await friend.api.call(contract.friends.accept, { params: { code: myCode } });

  // A collection (binder) and a wishlist with real cards.
  const cards = catalogue().slice(0, 24);
  const { list: binder } = await me.api.call(contract.lists.create, {
    body: { name: 'Main binder', type: 'collection' },
  });
  await me.api.call(contract.lists.addCards, {
    params: { id: binder.id },
    body: {
      cards: cards.slice(0, 20).map((c, i) => ({
        setCode: c.set,
        collectorNumber: c.collector_number,
        quantity: 1 + (i % 3),
        condition: 'NM' as const,
      })),
    },
  });
  const { list: wishlist } = await me.api.call(contract.lists.create, {
    body: { name: 'Wants', type: 'wishlist' },
  });
  await me.api.call(contract.lists.addCards, {
    params: { id: wishlist.id },
    body: { cards: cards.slice(20).map((c) => ({ setCode: c.set, collectorNumber: c.collector_number })) },
  });

  // A deck.
  const { formats } = await me.api.call(contract.system.formats, {});
  const format = formats.find((f) => /commander/i.test(f.name)) ?? formats[0];
  if (!format) throw new Error('no formats');
  const { deck } = await me.api.call(contract.decks.create, {
    body: {
      name: 'Tour deck',
      formatId: format.id,
      description: 'A **deck** to walk through.',
      cards: cards.slice(0, 12).map((c) => ({ name: c.name, quantity: 1 })),
    },
  });

  // Playgroups: mine with the friend invited (pending), the friend's inviting me (pending).
  const { playgroup } = await me.api.call(contract.playgroups.create, {
    body: { name: 'Tour table', description: 'Thursday games' },
  });
  await me.api.call(contract.playgroups.invite, {
    params: { id: playgroup.id },
    body: { id: friend.userId },
  });
  const { playgroup: theirs } = await friend.api.call(contract.playgroups.create, {
    body: { name: 'Friday table' },
  });
  await friend.api.call(contract.playgroups.invite, { params: { id: theirs.id }, body: { id: me.userId } });

  // Games, and a set of them.
  const gameIds: string[] = [];
  for (const [i, result] of (['win', 'loss', 'win'] as const).entries()) {
    const { game } = await me.api.call(contract.games.create, {
      body: {
        formatId: format.id,
        playgroupId: playgroup.id,
        turns: 8 + i,
        durationMinutes: 45,
        tags: ['tour'],
        players: [
          { userId: me.userId, deckId: deck.id, result },
          { guestName: 'Guest Player', deckName: 'Guest deck', result: result === 'win' ? 'loss' : 'win' },
        ],
      },
    });
    gameIds.push(game.id);
  }
  const { set } = await me.api.call(contract.sets.create, {
    body: { name: 'Thursday evening', playgroupId: playgroup.id, gameIds },
  });
  const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');

  await tour(page, 'data', [
    ...APP_ROUTES.map((path) => ({ path })),
    { path: `/collection/list/${binder.id}/${slug(binder.name)}` },
    { path: `/collection/list/${wishlist.id}/${slug(wishlist.name)}` },
    { path: `/cards/set/${cards[0]?.set}` },
    { path: `/deck/${deck.id}/${slug(deck.name)}` },
    { path: `/decks/${deck.id}/edit` },
    { path: `/game/${gameIds[0]}` },
    { path: `/set/${set.id}` },
    { path: `/playgroup/${playgroup.id}/${slug(playgroup.name)}` },
    { path: `/playgroup/${theirs.id}/${slug(theirs.name)}` },
    { path: `/user/${friend.userId}/friend` },
  ]);
});
