import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { expect, test } from '@playwright/test';
import {
  catalogue,
  choose,
  createList,
  DESKTOP,
  HEADER,
  importInto,
  MANABOX_REFERENCE,
  PHONE,
  reportCounts,
  requireSharedData,
  row,
  shoot,
} from './cards-helpers';
import { expectAccessible, screenshot, signedInUser } from './helpers';

requireSharedData();

// Playwright's trace (retain-on-failure) films the page by default: every frame is copied out of the
// compositor and JPEG-encoded by the browser, about 20 ms of software compositing a frame on this
// machine that no user's browser does, and which dominated the grid's frame times. Failure traces
// of this file keep their DOM snapshots and sources, without the film strip.
test.use({ trace: { mode: 'retain-on-failure', screenshots: false } });

/** Tasks of the page's main thread in a Chromium trace: CPU time (`tdur`) and wall time (`dur`), in ms. */
function mainThreadTasks(trace: Buffer) {
  type TraceEvent = {
    name: string;
    ph: string;
    pid: number;
    tid: number;
    ts: number;
    dur?: number;
    tdur?: number;
    args?: { name?: string; data?: { functionName?: string; url?: string } };
  };
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  // The renderer main thread that ran the most tasks is the page's (others are spare renderers).
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const runs = (m: TraceEvent) =>
    events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.pid === m.pid && e.tid === m.tid);
  const tasks = mains.map(runs).sort((a, b) => b.length - a.length)[0] ?? [];
  const cpu = tasks.map((e) => (e.tdur ?? 0) / 1000);
  const longestAt = cpu.indexOf(Math.max(0, ...cpu));
  // What the three longest tasks spent their time on (trace events nested in them, by wall time).
  const slowest = [...tasks].sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0)).slice(0, 3);
  const inside = slowest.map((task) => {
    const by = new Map<string, number>();
    for (const e of events) {
      if (e.ph !== 'X' || e.pid !== task.pid || e.tid !== task.tid || e === task) continue;
      if (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') continue;
      if (e.ts < task.ts || e.ts + (e.dur ?? 0) > task.ts + (task.dur ?? 0)) continue;
      const what =
        e.name === 'FunctionCall' ? `FunctionCall ${e.args?.data?.functionName || '(anonymous)'}` : e.name;
      by.set(what, (by.get(what) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const top = [...by]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ');
    return `${((task.tdur ?? 0) / 1000).toFixed(0)} ms CPU: ${top}`;
  });
  // The rest of the frame pipeline, outside the page's main thread: with --disable-gpu the display
  // compositor draws every frame in software, and raster workers paint new tiles.
  const threadCpu = (thread: string, task: string) => {
    const ids = new Set(
      events
        .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === thread)
        .map((e) => `${e.pid}:${e.tid}`),
    );
    return events
      .filter((e) => e.ph === 'X' && e.name === task && ids.has(`${e.pid}:${e.tid}`))
      .reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0);
  };
  return {
    inside,
    compositor: threadCpu('VizCompositorThread', 'RunTask'),
    raster: threadCpu('ThreadPoolForegroundWorker', 'RasterTask'),
    tasks: tasks.length,
    total: cpu.reduce((a, b) => a + b, 0),
    longest: cpu[longestAt] ?? 0,
    longestWall: (tasks[longestAt]?.dur ?? 0) / 1000,
    over16: cpu.filter((c) => c > 16).length,
  };
}

// Tagged @timing: it runs in the `timing` project, after every other test, alone (playwright.config).
// First in the file: frame times are measured in a browser that has not run the other screens yet.
test('a 20,000-entry collection scrolls in the virtualised grid without long frames', {
  tag: '@timing',
}, async ({ page, browser }) => {
  test.setTimeout(480_000);
  await page.setViewportSize(DESKTOP);
  await signedInUser(page, 'big');
  await createList(page, 'Bulk', 'Binder');
  const cards = catalogue();
  const languages = ['en', 'de', 'fr', 'it', 'es', 'ja', 'pt', 'ko'];
  const conditions = ['M', 'NM', 'LP', 'MP', 'HP', 'DMG'];
  const lines: string[] = [];
  outer: for (const language of languages)
    for (const condition of conditions)
      for (const c of cards) {
        lines.push(row(c, language, condition));
        if (lines.length === 20_000) break outer;
      }
  expect(lines.length).toBe(20_000);
  const started = Date.now();
  const report = await importInto(page, 'bulk.csv', [HEADER, ...lines].join('\n'));
  await expect(report.getByText('Cards added').locator('..')).toContainText('20,000');
  console.log(`imported 20,000 rows in ${((Date.now() - started) / 1000).toFixed(1)} s (10 parts)`);

  await page.goto('/collection/search');
  await expect(page.getByTestId('results-count')).toHaveText('20,000 entries', { timeout: 30_000 });
  const grid = page.getByRole('region', { name: 'Search results' });
  await expect(grid.locator('.cui-card-tile').first()).toBeVisible();
  // Scroll 12 s at a steady speed, measuring every frame with requestAnimationFrame timestamps and
  // the Long Animation Frames API where Chromium has it.
  // The same page idle for 3 s first: on a shared machine this is the frame time the scroll is held to.
  const idle = await page.evaluate(async () => {
    const frames: number[] = [];
    await new Promise<void>((done) => {
      let last = performance.now();
      const start = last;
      const step = (now: number) => {
        frames.push(now - last);
        last = now;
        if (now - start < 3000) requestAnimationFrame(step);
        else done();
      };
      requestAnimationFrame((now) => {
        last = now;
        requestAnimationFrame(step);
      });
    });
    frames.sort((a, b) => a - b);
    return {
      median: frames[Math.floor(frames.length / 2)] ?? 0,
      p95: frames[Math.floor(frames.length * 0.95)] ?? 0,
    };
  });
  // A trace of the renderer's main thread during the scroll: its tasks' CPU time does not grow with
  // the machine's load the way wall-clock frame times do.
  await browser.startTracing(page, {
    categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  const result = await grid.evaluate(async (el) => {
    const frames: number[] = [];
    const long: number[] = [];
    const causes: string[] = [];
    const observer =
      'PerformanceObserver' in window &&
      PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')
        ? new PerformanceObserver((list) => {
            for (const e of list.getEntries()) {
              long.push(e.duration);
              // What ran in the frame: the longest scripts with what called them (for the log).
              const scripts = ((e as unknown as { scripts?: PerformanceEntry[] }).scripts ?? []) as Array<
                PerformanceEntry & { invoker?: string; sourceFunctionName?: string }
              >;
              // `scripts` is a frozen array: sorting it in place throws, which ended the callback
              // before the rest of the batch's frames were counted. Sort a copy.
              const top = [...scripts]
                .sort((a, b) => b.duration - a.duration)
                .slice(0, 2)
                .map((s) => `${s.invoker ?? '?'} ${s.duration.toFixed(0)} ms`)
                .join(', ');
              const render = e as unknown as { renderStart: number; styleAndLayoutStart: number };
              causes.push(
                `${e.duration.toFixed(0)} ms (scripts: ${top || 'none'}; style+layout ${(e.startTime + e.duration - render.styleAndLayoutStart).toFixed(0)} ms)`,
              );
            }
          })
        : null;
    observer?.observe({ type: 'long-animation-frame', buffered: false });
    const pxPerMs = 3; // 3,000 px a second: a fast flick through the binder
    let maxTiles = 0;
    await new Promise<void>((done) => {
      let last = performance.now();
      const startAt = last;
      const step = (now: number) => {
        frames.push(now - last);
        if (frames.length % 10 === 0)
          maxTiles = Math.max(maxTiles, el.querySelectorAll('[role="listitem"]').length);
        el.scrollTop += (now - last) * pxPerMs;
        last = now;
        if (now - startAt < 12_000 && el.scrollTop + el.clientHeight < el.scrollHeight)
          requestAnimationFrame(step);
        else done();
      };
      requestAnimationFrame((now) => {
        last = now;
        requestAnimationFrame(step);
      });
    });
    observer?.disconnect();
    frames.sort((a, b) => a - b);
    return {
      frames: frames.length,
      longest: frames.at(-1) ?? 0,
      p95: frames[Math.floor(frames.length * 0.95)] ?? 0,
      median: frames[Math.floor(frames.length / 2)] ?? 0,
      over33: frames.filter((f) => f > 33.4).length,
      longAnimationFrames: long.length,
      longestAnimationFrame: Math.max(0, ...long),
      causes,
      scrolled: el.scrollTop,
      maxTiles,
    };
  });
  console.log(
    `grid scroll over 20,000 entries: ${result.frames} frames, median ${result.median.toFixed(1)} ms, ` +
      `p95 ${result.p95.toFixed(1)} ms, longest ${result.longest.toFixed(1)} ms, ${result.over33} frames over 33 ms, ` +
      `${result.longAnimationFrames} long animation frames (longest ${result.longestAnimationFrame.toFixed(0)} ms), ` +
      `${Math.round(result.scrolled)} px scrolled`,
  );
  const trace = await browser.stopTracing();
  // E2E_SAVE_TRACE=file.json keeps the trace for chrome://tracing or Perfetto.
  if (process.env.E2E_SAVE_TRACE) writeFileSync(process.env.E2E_SAVE_TRACE, trace);
  const cpu = mainThreadTasks(trace);
  console.log(
    `main thread while scrolling: ${cpu.tasks} tasks, ${cpu.total.toFixed(0)} ms CPU in all, longest task ` +
      `${cpu.longest.toFixed(1)} ms CPU (${cpu.longestWall.toFixed(1)} ms wall), ${cpu.over16} tasks over 16 ms CPU, ` +
      `${((cpu.total / Math.max(1, result.scrolled)) * 1000).toFixed(0)} ms CPU per 1,000 px`,
  );
  console.log(
    `outside the page's main thread: software compositor ${cpu.compositor.toFixed(0)} ms CPU ` +
      `(${(cpu.compositor / Math.max(1, result.frames)).toFixed(1)} ms a frame), raster ${cpu.raster.toFixed(0)} ms CPU`,
  );
  for (const task of cpu.inside) console.log(`  long task ${task}`);
  for (const cause of result.causes.slice(0, 12)) console.log(`  long animation frame: ${cause}`);
  expect(result.scrolled).toBeGreaterThan(10_000);
  // 60 frames a second for the flick: no main-thread task of the page's comes near a frame (new rows
  // mount their tiles one row a frame, pages of 50 entries arrive ahead of the view); the frames
  // that still run long are the machine's load on this shared, software-rendered headless Chromium
  // (a task of a few milliseconds' CPU taking tens of milliseconds of wall time).
  console.log(`same page idle: median frame ${idle.median.toFixed(1)} ms, p95 ${idle.p95.toFixed(1)} ms`);
  console.log(`at most ${result.maxTiles} tiles in the DOM while scrolling`);
  // Virtualised: a bounded window of tiles, whatever the collection size.
  expect(result.maxTiles).toBeGreaterThan(0);
  expect(result.maxTiles).toBeLessThan(150);
  // Frame times only mean something when the machine is not saturated (2 cores shared by several
  // test runs): they are asserted below 1.5 runnable tasks per core, or when the idle page just
  // measured kept every frame on time (the one-minute load average still counts the tests that ran
  // before this one); otherwise the figures are printed, not asserted.
  const load = loadavg()[0]! / cpus().length;
  const steady = load < 1.5 || idle.p95 < 17.5;
  console.log(
    `machine load: ${load.toFixed(1)} per core (${steady ? 'frame times asserted' : 'not asserted'})`,
  );
  if (steady) {
    expect(result.median, 'median frame time').toBeLessThan(Math.max(20, idle.median * 1.5));
    expect(result.p95, '95th percentile frame time').toBeLessThan(Math.max(80, idle.p95 * 2));
    // Run alone, the flick drops no frame (0 over 33 ms in the runs measured); a few are allowed for
    // a collection or a hiccup of the machine's, while a regression (85 to 101 before) fails.
    expect(result.over33, 'frames over 33 ms').toBeLessThanOrEqual(3);
  } else {
    test.info().annotations.push({
      type: 'frame-times',
      description: `not asserted: load ${load.toFixed(1)} per core (median ${result.median.toFixed(1)} ms, longest ${result.longest.toFixed(1)} ms)`,
    });
  }
  await expect(grid.locator('.cui-card-tile').first()).toBeVisible();
});

// @timing too: it measures how soon search results appear after typing stops.
test(
  'collection: import the ManaBox reference, search with Scryfall syntax, move to a wishlist, revert',
  { tag: '@timing' },
  async ({ page }, info) => {
    test.setTimeout(240_000);
    await page.setViewportSize(DESKTOP);
    await signedInUser(page, 'cards');

    // A binder with 60 real cards of the catalogue, in our CSV format.
    await createList(page, 'Main binder', 'Binder');
    const binderUrl = page.url();
    const cards = catalogue().slice(0, 60);
    let report = await importInto(page, 'cards.csv', [HEADER, ...cards.map((c) => row(c))].join('\n'));
    await expect(report.getByText('Cards added').locator('..')).toContainText('60');

    // Search with three syntaxes; the counts must match the imported cards.
    const expectations: Array<[string, number]> = [
      ['t:creature', cards.filter((c) => /Creature/.test(c.type_line ?? '')).length],
      ['mv<=2', cards.filter((c) => c.cmc <= 2).length],
      ['r:mythic', cards.filter((c) => c.rarity === 'mythic').length],
    ];
    await page.goto('/collection/search?view=table');
    const box = page.getByRole('searchbox', { name: 'Search cards' });
    const count = page.getByTestId('results-count');
    await expect(count).toHaveAttribute('data-query', '');
    const timings: number[] = [];
    const server: Record<string, number> = {};
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/user/collection/search')) {
        const t = request.timing();
        server[url.searchParams.get('scryfall') ?? ''] = t.responseEnd - t.requestStart;
      }
    });
    for (const [query, expected] of expectations) {
      await page.evaluate(() => {
        const w = window as unknown as {
          __typed: number;
          __shown: Map<string, number>;
          __inDom: Map<string, number>;
        };
        w.__shown = new Map();
        w.__inDom = new Map();
        // The count element is replaced when an intermediate query errors: watch the whole page.
        new MutationObserver(() => {
          const q = document.querySelector('[data-testid="results-count"]')?.getAttribute('data-query');
          if (q === null || q === undefined || w.__inDom.has(q)) return;
          w.__inDom.set(q, performance.now());
          // What the user sees: the results are on screen once the frame that renders them (style,
          // layout and paint of the new rows) is done, which a task queued from that frame's
          // animation callback follows.
          requestAnimationFrame(() => setTimeout(() => w.__shown.set(q, performance.now()), 0));
        }).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['data-query'],
        });
        document.addEventListener('input', () => (w.__typed = performance.now()), { capture: true });
      });
      await box.fill('');
      await box.pressSequentially(query, { delay: 40 });
      await expect(count).toHaveAttribute('data-query', query);
      await page.waitForFunction(
        (q) => (window as unknown as { __shown: Map<string, number> }).__shown.has(q),
        query,
      );
      const [ms, phases] = await page.evaluate((q) => {
        const w = window as unknown as {
          __typed: number;
          __shown: Map<string, number>;
          __inDom: Map<string, number>;
        };
        const shown = w.__shown.get(q) ?? Number.NaN;
        const fetch = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/user/collection/search') && e.name.includes(encodeURIComponent(q)))
          .at(-1) as PerformanceResourceTiming | undefined;
        const phase = `${
          fetch
            ? `fetch starts +${(fetch.startTime - w.__typed).toFixed(0)} ms, answered +${(fetch.responseEnd - w.__typed).toFixed(0)} ms`
            : 'no fetch timing'
        }, in the DOM +${((w.__inDom.get(q) ?? Number.NaN) - w.__typed).toFixed(0)} ms`;
        return [shown - w.__typed, phase] as const;
      }, query);
      timings.push(ms);
      // Table rows of the page (fewer than 50 here) are the matching entries, in their finish.
      await expect(count).toHaveText(expected === 1 ? '1 entry' : `${expected} entries`);
      await expect(page.locator('tbody tr')).toHaveCount(expected);
      console.log(
        `search "${query}": ${expected} results, shown ${ms.toFixed(0)} ms after typing stopped ` +
          `(API round trip ${server[query]?.toFixed(0) ?? '?'} ms; ${phases})`,
      );
    }
    await screenshot(page, info, 'search-results');
    timings.sort((a, b) => a - b);
    console.log(`search results after typing stopped: ${timings.map((t) => t.toFixed(0)).join(', ')} ms`);
    expect(timings[1]!, 'median time from the last keystroke to the results').toBeLessThan(300);

    // A clear error names the unknown key.
    await box.fill('colour:purple');
    await expect(page.getByTestId('search-error')).toContainText(/colour/);

    // Move two creatures to a new wishlist.
    await box.fill('t:creature');
    await expect(count).toHaveAttribute('data-query', 't:creature');
    const rows = page.locator('tbody tr');
    const moved = [
      (await rows.nth(0).locator('.web-cardname').textContent()) ?? '',
      (await rows.nth(1).locator('.web-cardname').textContent()) ?? '',
    ];
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Move to a list' }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, 'Destination', 'New list…');
    await dialog.getByLabel('Name').fill('Wants');
    await choose(page, 'Type', 'Wishlist');
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect(page.locator('.cui-toast__title', { hasText: '2 cards moved to Wants' })).toBeVisible();
    await page.goto('/collection/lists');
    await page.getByRole('link', { name: 'Wants' }).click();
    for (const name of moved) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    await screenshot(page, info, 'wishlist');

    // Revert the binder to the state after the import: the moved cards come back.
    await page.goto(binderUrl);
    await page.getByRole('tab', { name: /History/ }).click();
    const revisions = page.getByTestId('revision');
    await expect(revisions.first()).toContainText('Moved out');
    const importRevision = revisions.filter({ has: page.getByText('Import', { exact: true }) });
    await expect(importRevision).toHaveCount(1);
    await importRevision.getByRole('button', { name: 'Revert to this' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revert to this' }).click();
    await expect(page.locator('.cui-toast__title', { hasText: /Back to revision \d+/ })).toBeVisible();
    await expect(revisions.first()).toContainText('Reverted');
    await screenshot(page, info, 'history-reverted');
    await page.getByRole('tab', { name: /Cards/ }).click();
    for (const name of moved) {
      await page.getByRole('searchbox', { name: /Filter this list/ }).fill(`!"${name}"`);
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    }

    // The ManaBox reference export (29 rows, several printings the test catalogue lacks) into a second
    // binder: the report names the format and lets the user fix the rows it could not match.
    await createList(page, 'Trade binder', 'Binder');
    const manabox = readFileSync(MANABOX_REFERENCE, 'utf8');
    const dataRows = manabox.trim().split(/\r?\n/).length - 1;
    report = await importInto(page, 'manabox.csv', manabox);
    await expect(report.getByText('ManaBox', { exact: true })).toBeVisible();
    await expect(report.getByText('Rows read').locator('..')).toContainText(String(dataRows));
    // Every row read is accounted for, once: matched, guessed, merged, not matched, unreadable or skipped.
    const counts = await reportCounts(report);
    console.log(`ManaBox reference report: ${JSON.stringify(counts)}`);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(dataRows);
    if (counts.guessed > 0)
      await expect(report.getByTestId('import-guessed').getByRole('listitem')).toHaveCount(counts.guessed);
    const unresolved = report.locator('.web-unresolved');
    const unresolvedBefore = await unresolved.count();
    console.log(`ManaBox reference: ${dataRows} rows, ${unresolvedBefore} unresolved`);
    await screenshot(page, info, 'import-report-manabox');
    await expectAccessible(page, 'import report');
    if (unresolvedBefore > 0) {
      const first = unresolved.first();
      await first.getByRole('textbox').fill('Consecrated Sphinx');
      await first.getByRole('button', { name: 'Find' }).click();
      await first
        .getByRole('button', { name: /^Use Consecrated Sphinx/ })
        .first()
        .click();
      await expect(unresolved).toHaveCount(unresolvedBefore - 1);
      // The report's counter follows the fix.
      await expect(report.getByTestId('import-fixed')).toContainText(
        `1 fixed since, ${counts.unmatched - 1 === 0 ? 'none' : counts.unmatched - 1} left`,
      );
    }

    // Back in the list, the rows still to fix are counted, shown on demand, and found by name.
    await page.getByRole('tab', { name: /Cards/ }).click();
    const notice = page.getByTestId('list-unresolved');
    const left = counts.unmatched - (unresolvedBefore > 0 ? 1 : 0);
    await expect(notice).toContainText(`${left} rows are not matched to a card yet.`);
    await notice.getByRole('button', { name: 'Show them' }).click();
    const listFilter = page.getByRole('searchbox', { name: /Filter this list/ });
    await expect(listFilter).toHaveValue('is:unresolved');
    await expect(page.locator('tbody tr')).not.toHaveCount(0);
    await expect(page.locator('tbody tr:not([data-unresolved])')).toHaveCount(0);
    await screenshot(page, info, 'list-unresolved');
    await listFilter.fill('lightning');
    await expect(page.locator('tbody tr').first()).toContainText('Lightning Bolt');
    await expect(page.locator('tbody tr').filter({ hasNotText: 'Lightning Bolt' })).toHaveCount(0);

    // Screens in English and French, desktop and phone, with axe.
    await shoot(page, info, '/collection', 'collection', '.web-kpi__value');
    await shoot(page, info, '/collection/search?q=t%3Acreature', 'search-grid', '.cui-card-tile');
    await shoot(page, info, '/collection/lists', 'lists', '.web-listrow');
    await shoot(page, info, new URL(binderUrl).pathname, 'binder', 'tbody tr');
  },
);

test('decks: a sample hand draws seven, takes a London mulligan, puts a card on the bottom, keeps and draws', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signedInUser(page, 'sample-hand');
  // Ten different cards, four copies each: a 40-card main deck, plus a sideboard card left out.
  const names = [...new Set(catalogue().map((c) => c.name))].filter((n) => !n.includes('//')).slice(0, 11);
  await page.goto('/decks/create');
  await page.getByLabel('Deck name').fill('Sample hand deck');
  const decklist = ['Deck', ...names.slice(0, 10).map((n) => `4 ${n}`), '', 'Sideboard', `1 ${names[10]}`];
  await page.getByLabel('Decklist').fill(decklist.join('\n'));
  await page.getByRole('button', { name: 'Create from the decklist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sample hand deck' })).toBeVisible();
  const deckPath = new URL(page.url()).pathname;

  const texts = {
    en: {
      open: 'Draw a sample hand',
      mulligan: 'Mulligan (to 6)',
      keep: 'Keep',
      draw: 'Draw',
      toBottom: /^Put .+ on the bottom$/,
      hand: (n: number) => `Hand: ${n} cards`,
    },
    fr: {
      open: 'Tirer une main de départ',
      mulligan: 'Mulligan (à 6)',
      keep: 'Garder',
      draw: 'Piocher',
      toBottom: /^Mettre .+ au-dessous de la bibliothèque$/,
      hand: (n: number) => `Main : ${n} cartes`,
    },
  };
  /** Seven cards, a mulligan, one card to the bottom (by keyboard), keep, draw: seven cards again. */
  const play = async (p: typeof page) => {
    const l = new URL(p.url()).pathname.startsWith('/fr') ? texts.fr : texts.en;
    const panel = p.getByTestId('sample-hand');
    await p.getByRole('button', { name: l.open }).click();
    await expect(panel.getByRole('list', { name: l.hand(7) }).getByRole('listitem')).toHaveCount(7);
    await panel.getByRole('button', { name: l.mulligan }).click();
    await expect(panel.getByRole('button', { name: l.keep })).toBeDisabled();
    await expect(panel.getByRole('button', { name: l.draw })).toBeDisabled();
    const toBottom = panel.getByRole('button', { name: l.toBottom });
    await expect(toBottom).toHaveCount(7);
    await toBottom.nth(2).focus();
    await p.keyboard.press('Space');
    await expect(toBottom.nth(2)).toHaveAttribute('aria-pressed', 'true');
    // Kept from the keyboard: the button turns unavailable but keeps the focus.
    const keep = panel.getByRole('button', { name: l.keep });
    await keep.focus();
    await p.keyboard.press('Enter');
    await expect(keep).toBeDisabled();
    await expect(keep).toBeFocused();
    await expect(panel.getByRole('list', { name: l.hand(6) }).getByRole('listitem')).toHaveCount(6);
    await panel.getByRole('button', { name: l.draw }).click();
    await expect(panel.getByRole('list', { name: l.hand(7) }).getByRole('listitem')).toHaveCount(7);
  };

  await page.getByRole('button', { name: texts.en.open }).click();
  const panel = page.getByTestId('sample-hand');
  await expect(panel.getByRole('heading', { name: 'Sample hand' })).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Hand: 7 cards' }).getByRole('listitem')).toHaveCount(7);
  await expect(panel).toContainText('Library: 33 cards');
  await expect(panel.getByRole('status')).toHaveText('Opening hand: keep it, or take a mulligan.');
  await panel.getByRole('button', { name: 'Mulligan (to 6)' }).click();
  await expect(panel.getByRole('status')).toHaveText('Mulligans: 1 — choose 1 card to put on the bottom');
  await expect(panel.getByRole('list', { name: 'Hand: 7 cards' }).getByRole('listitem')).toHaveCount(7);
  await expect(panel.getByRole('button', { name: 'Keep' })).toBeDisabled();
  const toBottom = panel.getByRole('button', { name: /^Put .+ on the bottom$/ });
  await toBottom.first().click();
  await expect(toBottom.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('status')).toHaveText(
    'Mulligans: 1 — keep to put the chosen card on the bottom',
  );
  await panel.scrollIntoViewIfNeeded();
  await screenshot(page, info, 'sample-hand-choosing');
  await panel.getByRole('button', { name: 'Keep' }).click();
  await expect(panel.getByRole('list', { name: 'Hand: 6 cards' }).getByRole('listitem')).toHaveCount(6);
  await expect(panel).toContainText('Library: 34 cards');
  await expect(panel.getByRole('button', { name: 'Mulligan (to 5)' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Draw' }).click();
  await expect(panel.getByRole('list', { name: 'Hand: 7 cards' }).getByRole('listitem')).toHaveCount(7);
  await expect(panel.getByRole('status')).toHaveText('Hand kept. 1 card drawn.');
  await expect(panel).toContainText('Library: 33 cards');
  // New hand: seven fresh cards from the whole deck again.
  await panel.getByRole('button', { name: 'New hand' }).click();
  await expect(panel.getByRole('list', { name: 'Hand: 7 cards' }).getByRole('listitem')).toHaveCount(7);
  await expect(panel).toContainText('Library: 33 cards');
  await expectAccessible(page, 'deck page with a sample hand');
  // Both languages and widths, played through each time (the page reloads for each).
  await shoot(page, info, deckPath, 'sample-hand', 'h1', play);
});

test('decks: built from empty with the search and the keyboard', async ({ page }, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signedInUser(page, 'deckkeys');
  await page.goto('/decks/create');
  // Commander is the format a new deck starts with; Enter in the name field creates the deck.
  await page.getByLabel('Deck name').pressSequentially('Keyboard Atraxa');
  await expect(page.getByRole('combobox', { name: 'Format' })).toHaveText('Commander');
  await expect(page.getByRole('button', { name: 'Create an empty deck' })).toBeEnabled();
  await page.getByLabel('Deck name').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Keyboard Atraxa' })).toBeVisible();

  const search = page.getByRole('combobox', { name: 'Search the catalogue for a card to add' });
  const board = page.getByRole('combobox', { name: 'To', exact: true });
  const active = page.getByRole('option', { selected: true });
  /** Types a search, waits for the result that Enter would add, and presses Enter. */
  const add = async (query: string, expected: string | RegExp) => {
    await search.focus();
    await page.keyboard.type(query);
    await expect(active).toContainText(expected);
    await page.keyboard.press('Enter');
    await expect(search).toHaveValue('');
  };
  // The commander, to the Commander board chosen from the keyboard. A closed list gives the focus
  // back to its field a moment later (Radix): the test waits for it, or the focus it moves on would
  // be taken back before its next key.
  await board.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Commander', exact: true }).press('Enter');
  await expect(board).toBeFocused();
  await add('!"Atraxa, Grand Unifier"', 'Atraxa, Grand Unifier');
  await expect(page.getByRole('region', { name: 'Commander', exact: true })).toContainText(
    'Atraxa, Grand Unifier',
  );
  // Thirty Islands of a chosen printing (Mirage #337), to the main deck.
  await board.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Main deck', exact: true }).press('Enter');
  await expect(board).toBeFocused();
  await page.getByRole('spinbutton', { name: 'Copies' }).fill('30');
  await search.focus();
  await page.keyboard.type('!Island');
  await expect(active).toContainText('Island');
  const printing = page.getByRole('combobox', { name: 'Printing of Island' });
  await printing.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: /\(MIR\) #337$/ }).press('Enter');
  await expect(printing).toBeFocused();
  await expect(printing).toContainText('#337');
  await search.focus();
  await page.keyboard.press('Enter');
  const main = page.getByRole('region', { name: 'Main deck', exact: true });
  await expect(
    main.getByRole('listitem').filter({ hasText: 'Island' }).locator('.web-deck-board__qty'),
  ).toHaveText('30');
  // The full search syntax: a green creature of mana value 2 or less, the second result picked with ↓.
  await page.getByRole('spinbutton', { name: 'Copies' }).fill('1');
  await search.focus();
  await page.keyboard.type('t:creature id=g mv<=2');
  await expect(page.getByRole('option')).not.toHaveCount(0);
  await expect(page.getByRole('option').nth(1)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  const creature = (await active.locator('span').first().textContent())!;
  await page.keyboard.press('Enter');
  await expect(main).toContainText(creature);
  // A search the catalogue cannot read says which key it does not know.
  await search.focus();
  await page.keyboard.type('frobnicate:7');
  await expect(page.getByRole('alert').filter({ hasText: 'frobnicate' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
  // A red card in a deck without red: the legality check names it and its rule.
  await add('!Fork', 'Fork');
  const legality = page.getByTestId('deck-legality');
  await expect(legality.locator('li[data-rule="color-identity"]')).toContainText('Fork');
  await screenshot(page, info, 'deck-search');
  await expectAccessible(page, 'deck page with its search');
  // Fixed from the keyboard: − on the focused card takes it out, and the flag goes.
  await main.getByRole('button', { name: 'Fork', exact: true }).focus();
  await page.keyboard.press('-');
  await expect(main).not.toContainText('Fork');
  await expect(legality.locator('li[data-rule="color-identity"]')).toHaveCount(0);
  // The player's categories: Island put in "Mana" from its menu, grouped by category, undone, redone.
  await main.getByRole('button', { name: 'Move Island or change its category' }).press('Enter');
  await page.getByRole('menuitem', { name: 'Category…' }).press('Enter');
  const categoryDialog = page.getByRole('dialog', { name: 'Category of Island' });
  await categoryDialog.getByLabel('Category').fill('Mana');
  await categoryDialog.getByLabel('Category').press('Enter');
  await expect(categoryDialog).toBeHidden();
  await expect(main.getByRole('listitem').filter({ hasText: 'Island' })).toContainText('Mana');
  await choose(page, 'Group by', 'My categories');
  const mana = page.getByRole('region', { name: 'Mana', exact: true });
  await expect(mana).toContainText('Island');
  await expect(page.getByRole('region', { name: 'No category', exact: true })).toContainText(creature);
  await screenshot(page, info, 'deck-categories');
  await page.keyboard.press('Control+z');
  await expect(mana).toHaveCount(0);
  await page.keyboard.press('Control+Shift+z');
  await expect(mana).toContainText('Island');
  await choose(page, 'Group by', 'Board');
  // Two tabs of the same deck: a card added in each, and neither is lost.
  const second = await page.context().newPage();
  await second.setViewportSize(DESKTOP);
  await second.goto(page.url());
  const secondSearch = second.getByRole('combobox', { name: 'Search the catalogue for a card to add' });
  await secondSearch.fill('!Forest');
  await expect(second.getByRole('option', { selected: true })).toContainText('Forest');
  await secondSearch.press('Enter');
  const secondMain = second.getByRole('region', { name: 'Main deck', exact: true });
  await expect(secondMain).toContainText('Forest');
  await add('!Swamp', 'Swamp');
  await expect(main).toContainText('Swamp');
  await expect(main).toContainText('Forest');
  await second.reload();
  await expect(secondMain).toContainText('Swamp');
  await expect(secondMain).toContainText('Forest');
  await second.close();
  // The Arena export keeps the chosen printing.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('deck-export').getByRole('button', { name: 'Download' }).click(),
  ]);
  const arena = readFileSync((await download.path())!, 'utf8');
  expect(arena).toContain('\n30 Island (MIR) 337\n');
  expect(arena).toMatch(/^Commander\n1 Atraxa, Grand Unifier /);
  // Re-imported into the same deck (the editor's "replace with a pasted decklist"): the same deck,
  // printings included, exports again to the same text.
  const deckPath = new URL(page.url()).pathname;
  await page.goto(deckPath.replace(/^\/deck\/([^/]+)\/.*$/, '/decks/$1/edit'));
  await page.getByText('Replace with a pasted decklist').click();
  await page.getByLabel('Decklist').fill(arena);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('.cui-toast__title', { hasText: 'Deck saved' })).toBeVisible();
  await page.goto(deckPath);
  const [again] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('deck-export').getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(readFileSync((await again.path())!, 'utf8')).toBe(arena);
  await page.setViewportSize(PHONE);
  await screenshot(page, info, 'deck-search-phone');
});

test('decks: create from a pasted decklist, bracket 2 with a Game Changer warns, archive and delete', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signedInUser(page, 'decks');
  const gameChanger = catalogue().find((c) => c.game_changer)!;
  await page.goto('/decks/create');
  await page.getByLabel('Deck name').fill('Atraxa superfriends');
  await choose(page, 'Format', /^Commander$/);
  const decklist = [
    'Deck: Atraxa superfriends',
    'Commander',
    '1 Atraxa, Grand Unifier',
    '',
    'Deck',
    `1 ${gameChanger.name}`,
    '1 Cyclonic Rift',
    '1 Island',
    '1 Not A Real Card Name',
  ];
  await page.getByLabel('Decklist').fill(decklist.join('\n'));
  await screenshot(page, info, 'deck-create');
  await page.getByRole('button', { name: 'Create from the decklist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Atraxa superfriends' })).toBeVisible();
  await expect(page.getByText(/1 line was not recognised/)).toBeVisible();
  // The title was not taken for a card, and the player is told so.
  await expect(page.getByText("1 line skipped (not a card): line 1, the deck's title").first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Commander', exact: true })).toContainText(
    'Atraxa, Grand Unifier',
  );

  // Checked against Commander's rules: the unknown line and the deck's size are named.
  const legality = page.getByTestId('deck-legality');
  await expect(legality.getByRole('heading', { name: 'Legality in Commander' })).toBeVisible();
  await expect(legality.locator('li[data-rule="unresolved"]')).toContainText('Not A Real Card Name');
  await expect(legality.locator('li[data-rule="deck-size"]')).toContainText('Deck size');

  // Export: the Arena decklist downloads under the deck's name, commander first, the unresolved line
  // by its name; Copy puts the MTGO text on the clipboard and says so; a refused clipboard shows the
  // text to copy by hand.
  const exporter = page.getByTestId('deck-export');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    exporter.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Atraxa_superfriends-arena.txt');
  const arena = readFileSync((await download.path())!, 'utf8');
  expect(arena).toMatch(/^Commander\n1 Atraxa, Grand Unifier \([A-Z0-9]+\) \S+\n\nDeck\n/);
  expect(arena).toContain('\n1 Not A Real Card Name\n');
  expect(arena).not.toContain('Sideboard');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await choose(page, 'Decklist format', 'MTGO (.txt)');
  await exporter.getByRole('button', { name: 'Copy' }).click();
  await expect(page.locator('.cui-toast__title', { hasText: 'Decklist copied (MTGO (.txt))' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('\n1 Cyclonic Rift\n');
  expect(copied.endsWith('\n\n1 Atraxa, Grand Unifier\n')).toBe(true);
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('Refused', 'NotAllowedError')) },
    });
  });
  await exporter.getByRole('button', { name: 'Copy' }).click();
  await expect(page.locator('.cui-toast__title', { hasText: 'Could not copy the decklist' })).toBeVisible();
  await expect(exporter.getByRole('alert')).toContainText('select the text below');
  await expect(exporter.getByRole('textbox', { name: 'Decklist (MTGO (.txt))' })).toHaveValue(copied);
  await screenshot(page, info, 'deck-export-refused');
  await expectAccessible(page, 'deck export, clipboard refused');

  await choose(page, 'Bracket', /^2/);
  const warning = page.getByTestId('bracket-warning');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(gameChanger.name);
  await expect(warning).toContainText('Bracket 2');
  // The estimate names its reasons; the Game Changers being the whole reason, the warning above
  // says what the estimate would (no second alert).
  const estimate = page.getByTestId('bracket-estimate');
  await expect(estimate).toContainText('Estimated bracket: 3 · Upgraded');
  await expect(estimate.locator('li[data-signal="game-changers"]')).toContainText(gameChanger.name);
  await expect(estimate.getByTestId('bracket-above')).toHaveCount(0);
  await screenshot(page, info, 'deck-bracket-warning');

  // Small steps on the deck list, each saved at once: + on Island, then − pressed on a focused card.
  const main = page.getByRole('region', { name: 'Main deck', exact: true });
  const island = main.getByRole('listitem').filter({ hasText: 'Island' });
  await expect(island.locator('.web-deck-board__qty')).toHaveText('1');
  await page.getByRole('button', { name: 'One more Island' }).click();
  await expect(island.locator('.web-deck-board__qty')).toHaveText('2');
  await main.getByRole('button', { name: 'Cyclonic Rift', exact: true }).focus();
  await page.keyboard.press('-');
  await expect(main).not.toContainText('Cyclonic Rift');
  // Undo and redo from the keyboard: Ctrl+Z brings the copy back, Ctrl+Shift+Z takes it out again.
  const status = page.getByTestId('deck-history-status');
  await page.keyboard.press('Control+z');
  await expect(main).toContainText('Cyclonic Rift');
  await expect(status).toHaveText('Undone: Removed 1 copy of Cyclonic Rift');
  await page.keyboard.press('Control+Shift+z');
  await expect(main).not.toContainText('Cyclonic Rift');
  await expect(status).toHaveText('Redone: Removed 1 copy of Cyclonic Rift');
  // Drag and drop: Island dragged onto the sideboard, which appears as a place to drop it.
  const side = page.getByRole('region', { name: 'Sideboard', exact: true });
  await expect(side).toHaveCount(0);
  await island.locator('.web-deck-board__qty').hover();
  await page.mouse.down();
  await page.mouse.move(10, 10, { steps: 2 });
  await expect(side).toContainText('Drop Island here');
  await side.hover();
  await screenshot(page, info, 'deck-drag');
  await page.mouse.up();
  await expect(side.getByRole('listitem').filter({ hasText: 'Island' })).toBeVisible();
  await expect(main.getByRole('listitem').filter({ hasText: 'Island' })).toHaveCount(0);
  // Undo with its button (named after the step), redo with Ctrl+Y.
  await page.getByRole('button', { name: 'Undo: Moved Island to Sideboard' }).click();
  await expect(island.locator('.web-deck-board__qty')).toHaveText('2');
  await expect(side).toHaveCount(0);
  await page.keyboard.press('Control+y');
  await expect(side.getByRole('listitem').filter({ hasText: 'Island' })).toBeVisible();
  // The keyboard alternative to dragging: the line's Move menu.
  await side.getByRole('button', { name: 'Move Island or change its category' }).press('Enter');
  await page.getByRole('menuitem', { name: 'Main deck' }).press('Enter');
  await expect(side).toHaveCount(0);
  await expect(island.locator('.web-deck-board__qty')).toHaveText('2');
  await page.reload();
  await expect(island.locator('.web-deck-board__qty')).toHaveText('2');
  await expect(main).not.toContainText('Cyclonic Rift');
  // Grouped by card type: the main deck splits into lands, instants and the line not recognised.
  await choose(page, 'Group by', 'Card type');
  await expect(page.getByRole('region', { name: 'Lands', exact: true })).toContainText('Island');
  await expect(page.getByRole('region', { name: 'Other cards', exact: true })).toContainText(
    'Not A Real Card Name',
  );
  await expect(page.getByRole('region', { name: 'Commander', exact: true })).toContainText('Atraxa');
  await choose(page, 'Group by', 'Mana value');
  await expect(page.getByRole('region', { name: 'Lands', exact: true })).toContainText('Island');
  // Mana: the two Islands against the deck's pips (Atraxa's and Vampiric Tutor's).
  const mana = page.getByTestId('deck-mana');
  await expect(mana).toContainText('2 lands in 4 cards');
  await expect(mana.locator('tr[data-color="U"] td').last()).toContainText('2');
  await expect(mana.locator('tr[data-color="B"] td').first()).toContainText('2');
  await expectAccessible(page, 'deck page');
  const deckPath = new URL(page.url()).pathname;
  await shoot(page, info, deckPath, 'deck', '[data-testid="bracket-warning"]');
  await page.goto(deckPath.replace(/^\/deck\/([^/]+)\/.*$/, '/decks/$1/edit'));
  await expect(page.getByRole('heading', { name: 'Mana curve' })).toBeVisible();
  await expectAccessible(page, 'deck editor');
  await screenshot(page, info, 'deck-edit');

  // Archive, undone from its toast: the deck is active again.
  await page.goto(deckPath);
  await page.getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
  const archivedToast = page.locator('.cui-toast', { hasText: 'Atraxa superfriends archived' });
  await expect(archivedToast).toBeVisible();
  await archivedToast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('.cui-toast__title', { hasText: 'Atraxa superfriends restored' })).toBeVisible();
  await expect(page.getByText('Archived', { exact: true })).toHaveCount(0);
  // Archive: it leaves the active tab for the archived one.
  await page.getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
  await expect(
    page.locator('.cui-toast__title', { hasText: 'Atraxa superfriends archived' }).last(),
  ).toBeVisible();
  await page.goto('/decks');
  await expect(page.getByRole('tabpanel')).not.toContainText('Atraxa superfriends');
  await page.getByRole('tab', { name: /Archived/ }).click();
  await expect(page.getByRole('link', { name: /Atraxa superfriends/ })).toBeVisible();
  await shoot(page, info, '/decks', 'decks', 'h1');
  // The archive dialog promised a Restore in the Archived tab: it is there, and it works.
  // (The screenshots above reloaded the page, which opens on the Active tab.)
  await page.getByRole('tab', { name: /Archived/ }).click();
  await page.getByRole('button', { name: 'Restore Atraxa superfriends' }).click();
  await expect(page.getByRole('tabpanel')).not.toContainText('Atraxa superfriends');
  await page.getByRole('tab', { name: /Active/ }).click();
  await expect(page.getByRole('link', { name: /Atraxa superfriends/ })).toBeVisible();
  // Archived again, for the permanent delete below.
  await page.goto(deckPath);
  await page.getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
  await expect(
    page.locator('.cui-toast__title', { hasText: 'Atraxa superfriends archived' }).last(),
  ).toBeVisible();

  // Permanent delete, with confirmation.
  await page.goto(deckPath);
  await expect(page.getByText('Archived', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete for good' }).click();
  await expect(page).toHaveURL(/\/decks$/);
  await page.getByRole('tab', { name: /Archived/ }).click();
  await expect(page.getByText('No archived deck.')).toBeVisible();
});
