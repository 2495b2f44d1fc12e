import { composeStories } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';

type StoriesModule = Parameters<typeof composeStories>[0];

/** Every story of a module renders without error and has no serious or critical axe violation. */
export function describeStories(title: string, module: StoriesModule) {
  const composed = composeStories(module) as Record<string, React.ComponentType>;
  describe(`${title} stories`, () => {
    for (const [name, Story] of Object.entries(composed)) {
      it(`${name} renders and passes axe`, async () => {
        const { container } = render(<Story />);
        expect(container.childElementCount + document.body.childElementCount).toBeGreaterThan(0);
        expect(await seriousViolations()).toEqual([]);
      });
    }
  });
}
