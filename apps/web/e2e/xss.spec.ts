import { LIMITS } from '@companion/sdk';
import { expect, type Page, test } from '@playwright/test';
// The ui package's corpus module is plain data and DOM code (no React, no CSS): Node reads its source.
import { xssCorpus } from '../../../packages/ui/src/components/markdown/xss-corpus';
import { expectAccessible, screenshot, signedInUser } from './helpers';

test('the Markdown XSS corpus renders without running a script or keeping a dangerous URL', async ({
  page,
}) => {
  const dialogs = await trapScripts(page);
  await page.goto('/__test/markdown');
  const cases = page.getByTestId('xss-corpus').locator('> li');
  await expect(cases.first()).toBeVisible();
  expect(await cases.count()).toBeGreaterThanOrEqual(60);
  await page.waitForTimeout(1500);
  const problems = await page.evaluate(() => {
    const bad: string[] = [];
    const dangerous = (value: string) => {
      const v = [...value]
        .filter((c) => c.charCodeAt(0) > 32)
        .join('')
        .toLowerCase();
      if (v.startsWith('javascript:') || v.startsWith('vbscript:') || v.startsWith('file:')) return true;
      if (v.startsWith('data:') && !/^data:image\/(gif|png|jpeg|webp)[;,]/.test(v)) return true;
      return false;
    };
    const root = document.querySelector('[data-testid="xss-corpus"]')!;
    for (const el of root.querySelectorAll('*')) {
      if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'BASE', 'META', 'FORM'].includes(el.tagName))
        bad.push(el.tagName);
      for (const attr of el.attributes) {
        if (attr.name.startsWith('on')) bad.push(`${el.tagName}[${attr.name}]`);
        if (
          ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'poster', 'data'].includes(
            attr.name,
          ) &&
          dangerous(attr.value)
        )
          bad.push(`${el.tagName}[${attr.name}=${attr.value}]`);
      }
    }
    return bad;
  });
  expect(problems).toEqual([]);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss: number }).__xss)).toBe(0);
});

/** Counts alert/confirm/prompt calls in `window.__xss` and collects dialogs. */
async function trapScripts(page: Page): Promise<string[]> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    (window as unknown as { __xss: number }).__xss = 0;
    const hit = () => {
      (window as unknown as { __xss: number }).__xss++;
    };
    window.alert = hit;
    window.confirm = () => {
      hit();
      return false;
    };
    window.prompt = () => {
      hit();
      return null;
    };
  });
  return dialogs;
}

/** Texts joined by blank lines into as few descriptions of at most `max` characters as they fit in. */
function pack(texts: readonly string[], max: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const text of texts) {
    const next = current === '' ? text : `${current}\n\n${text}`;
    if (next.length <= max) current = next;
    else {
      out.push(current);
      current = text;
    }
  }
  if (current !== '') out.push(current);
  return out;
}

test('a playgroup description renders its Markdown, and the XSS corpus in it runs nothing', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const dialogs = await trapScripts(page);
  await signedInUser(page, 'markdown-group');
  // A plain Markdown description first (checked with axe too: the corpus's images have no alt text on
  // purpose), then the corpus in as few descriptions as the length limit allows.
  const descriptions = [
    'A **bold** pod, _every_ Tuesday.\n\n- [Rules](https://example.com/rules)\n- Bring sleeves<script>alert(1)</script>',
    ...pack(
      xssCorpus.map((c) => c.input),
      LIMITS.playgroupDescription.max,
    ),
  ];
  for (const [index, description] of descriptions.entries()) {
    const name = `Markdown pod ${index + 1}`;
    await page.goto('/playgroups/create');
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByLabel('Description').fill(description);
    await page.getByRole('button', { name: 'Create the playgroup' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const shown = page.locator('.cui-page__description .cui-markdown');
    await expect(shown).toBeVisible();
    if (index === 0) {
      await expect(shown.locator('strong').first()).toHaveText('bold');
      await expect(shown.locator('em').first()).toHaveText('every');
      await expect(shown).not.toContainText('**');
      await expect(shown.getByRole('link', { name: 'Rules' })).toHaveAttribute(
        'href',
        'https://example.com/rules',
      );
      await screenshot(page, info, 'playgroup-markdown');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, info, 'playgroup-markdown-phone');
      await page.setViewportSize({ width: 1280, height: 720 });
      await expectAccessible(page, 'playgroup with a Markdown description');
    }
    await page.waitForTimeout(500);
    const problems = await shown.evaluate((root) => {
      const bad: string[] = [];
      const dangerous = (value: string) => {
        const v = [...value]
          .filter((c) => c.charCodeAt(0) > 32)
          .join('')
          .toLowerCase();
        if (v.startsWith('javascript:') || v.startsWith('vbscript:') || v.startsWith('file:')) return true;
        return v.startsWith('data:') && !/^data:image\/(gif|png|jpeg|webp)[;,]/.test(v);
      };
      for (const el of root.querySelectorAll('*')) {
        if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'BASE', 'META', 'FORM'].includes(el.tagName))
          bad.push(el.tagName);
        for (const attr of el.attributes) {
          if (attr.name.startsWith('on')) bad.push(`${el.tagName}[${attr.name}]`);
          if (
            ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset'].includes(attr.name) &&
            dangerous(attr.value)
          )
            bad.push(`${el.tagName}[${attr.name}=${attr.value}]`);
        }
      }
      return bad;
    });
    expect(problems, name).toEqual([]);
  }
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss: number }).__xss)).toBe(0);
});
