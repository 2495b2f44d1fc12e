import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, type ConsoleMessage, expect, type Page, type Request } from '@playwright/test';
import { PNG } from 'pngjs';
import { SHOTS_DIR, STATIC_DIR } from './global-setup';

type IndexEntry = { type: string; id: string; title: string; name: string };
type Theme = 'light' | 'dark';

/** Every story of the built Storybook, from its index. */
const stories = Object.values(
  (
    JSON.parse(readFileSync(join(STATIC_DIR, 'index.json'), 'utf8')) as {
      entries: Record<string, IndexEntry>;
    }
  ).entries,
).filter((entry) => entry.type === 'story');

/**
 * One page per worker. It loads iframe.html once per theme, then goes from story to story the way
 * Storybook's own sidebar does (`setCurrentStory` on the preview's channel), which is several times
 * faster than loading the bundle again for each story.
 */
type StoryPage = { page: Page; theme: Theme | null };

const test = base.extend<object, { storyPage: StoryPage }>({
  storyPage: [
    async ({ browser }, use) => {
      const probe = await browser.newPage();
      const userAgent = await probe.evaluate(() => navigator.userAgent);
      await probe.close();
      // With this user agent Storybook pauses CSS animations instead of waiting for them to end.
      const page = await browser.newPage({ userAgent: `${userAgent} StorybookTestRunner` });
      await use({ page, theme: null });
      await page.close();
    },
    { scope: 'worker' },
  ],
});

type PreviewWindow = Window & {
  __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: string } };
  __STORYBOOK_ADDONS_CHANNEL__?: { emit(event: string, payload: unknown): void };
};

/** Shows the story (a fresh load when the theme changes) and waits until Storybook is done with it. */
async function showStory(storyPage: StoryPage, id: string, theme: Theme): Promise<void> {
  const { page } = storyPage;
  if (storyPage.theme !== theme) {
    const base = process.env.STORY_CHECK_URL;
    if (!base) throw new Error('STORY_CHECK_URL is not set: the global setup serves storybook-static');
    // The a11y addon's own axe run is left to the Storybook panel and the vitest suite (time).
    const globals = `theme:${theme};a11y.manual:!true`;
    await page.goto(`${base}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story&globals=${globals}`, {
      waitUntil: 'commit',
    });
    storyPage.theme = theme;
  } else {
    await page.evaluate((storyId) => {
      const channel = (window as PreviewWindow).__STORYBOOK_ADDONS_CHANNEL__;
      if (!channel) throw new Error('Storybook preview channel not found');
      channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
    }, id);
  }
  await page.waitForFunction((storyId) => {
    const body = document.body.classList;
    if (body.contains('sb-show-errordisplay') || body.contains('sb-show-nopreview')) return true;
    const render = (window as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender;
    return (
      render?.id === storyId &&
      (render.phase === 'finished' || render.phase === 'errored' || render.phase === 'aborted') &&
      Array.from(document.images).every((image) => image.complete)
    );
  }, id);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Storybook's error screen, if shown: its message and the first lines of the stack. */
function errorDisplay(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const body = document.body.classList;
    if (body.contains('sb-show-nopreview')) return 'Storybook found no story with this id';
    if (!body.contains('sb-show-errordisplay')) return null;
    const message = document.querySelector('#error-message')?.textContent?.trim() ?? '';
    const stack = (document.querySelector('#error-stack')?.textContent ?? '').split('\n').slice(0, 4);
    return [message, ...stack].filter(Boolean).join('\n') || 'Storybook shows its error screen';
  });
}

/**
 * The story's own content: what the theme decorator wraps inside #storybook-root, plus what it put
 * in a portal at the end of <body> (dialogs, menus, tooltips). Returns the number of elements and
 * text characters found, and how many of those elements have a visible box.
 */
function rootContent(page: Page): Promise<{ elements: number; text: number; sized: number }> {
  return page.evaluate(() => {
    const root = document.querySelector('#storybook-root');
    const wrapper = root?.firstElementChild ?? null;
    const portals = Array.from(document.body.children).filter(
      (el) =>
        // Storybook's own: #storybook-root, -docs, -highlights-root, the a11y addon's SVG filters…
        !el.id.startsWith('storybook-') &&
        !Array.from(el.classList).some((name) => name.startsWith('sb-')) &&
        !['SCRIPT', 'STYLE', 'LINK', 'NOSCRIPT', 'TEMPLATE'].includes(el.tagName),
    );
    const containers = [...(wrapper ? [wrapper] : []), ...portals];
    const elements = containers.flatMap((container) => Array.from(container.querySelectorAll('*')));
    const sized = [...portals, ...elements].filter((el) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width >= 1 && box.height >= 1 && style.visibility !== 'hidden' && style.display !== 'none';
    }).length;
    const text = containers.reduce((sum, container) => sum + (container.textContent ?? '').trim().length, 0);
    return { elements: elements.length + portals.length, text, sized };
  });
}

/** True when every pixel of the PNG has the same colour. */
function isBlank(png: Buffer): boolean {
  const { data } = PNG.sync.read(png);
  for (let i = 4; i < data.length; i += 4) {
    if (
      data[i] !== data[0] ||
      data[i + 1] !== data[1] ||
      data[i + 2] !== data[2] ||
      data[i + 3] !== data[3]
    ) {
      return false;
    }
  }
  return true;
}

test.beforeAll(() => {
  mkdirSync(SHOTS_DIR, { recursive: true });
});

// Theme first, so that each worker mostly stays on one theme and rarely reloads the page.
for (const theme of ['light', 'dark'] as const) {
  for (const story of stories) {
    test(`${story.id} (${theme})`, async ({ storyPage }) => {
      const { page } = storyPage;
      const label = `story ${story.id} (${story.title} › ${story.name}) in the ${theme} theme`;
      const errors: string[] = [];
      // Images that fail to load are a story's business (its fallback is what it shows, and the
      // blank check still applies); any other failed request or console error is a broken story.
      const failedImages = new Set<string>();
      const onRequestFailed = (request: Request) => {
        if (request.resourceType() === 'image') failedImages.add(request.url());
      };
      const onResponse = (response: { status(): number; url(): string; request(): Request }) => {
        if (response.status() >= 400 && response.request().resourceType() === 'image') {
          failedImages.add(response.url());
        }
      };
      const onPageError = (error: Error) => errors.push(`uncaught error: ${error.message}`);
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() !== 'error') return;
        const { url } = message.location();
        if (url && failedImages.has(url) && message.text().startsWith('Failed to load resource')) return;
        const text = message.text().split('\n').slice(0, 3).join('\n');
        errors.push(`console error: ${text}${url ? ` (${url})` : ''}`);
      };
      page.on('requestfailed', onRequestFailed);
      page.on('response', onResponse);
      page.on('pageerror', onPageError);
      page.on('console', onConsole);
      try {
        await showStory(storyPage, story.id, theme);
        const shot = await page.screenshot({
          path: join(SHOTS_DIR, `${story.id}-${theme}.png`),
          fullPage: true,
          animations: 'disabled',
          caret: 'hide',
        });

        const problems: string[] = [];
        const display = await errorDisplay(page);
        if (display) problems.push(`render error: ${display}`);
        problems.push(...errors);
        if (!display) {
          const content = await rootContent(page);
          if (content.elements === 0 && content.text === 0) problems.push('#storybook-root is empty');
          else if (content.sized === 0) problems.push('the story renders only zero-size content');
        }
        if (isBlank(shot)) problems.push('the screenshot is blank (every pixel is the same colour)');

        expect(problems, `${label} is broken`).toEqual([]);
      } finally {
        page.off('requestfailed', onRequestFailed);
        page.off('response', onResponse);
        page.off('pageerror', onPageError);
        page.off('console', onConsole);
      }
    });
  }
}
