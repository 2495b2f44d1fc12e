import axe from 'axe-core';

/** Runs axe on the document body (Radix portals live there) and returns serious/critical violations. */
export async function seriousViolations(root: Element = document.body) {
  const results = await axe.run(root, {
    rules: {
      // jsdom has no layout or canvas: contrast is checked in the browser (Storybook a11y addon).
      'color-contrast': { enabled: false },
      region: { enabled: false },
    },
    resultTypes: ['violations'],
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
