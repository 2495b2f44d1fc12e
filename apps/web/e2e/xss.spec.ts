import { expect, test } from '@playwright/test';

test('the Markdown XSS corpus renders without running a script or keeping a dangerous URL', async ({
  page,
}) => {
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
