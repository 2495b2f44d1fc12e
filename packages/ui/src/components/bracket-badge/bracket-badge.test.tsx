import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { BracketBadge, isBracket } from './bracket-badge';
import * as stories from './bracket-badge.stories';

describeStories('BracketBadge', stories);

describe('BracketBadge', () => {
  it.each([
    [1, 'Exhibition'],
    [2, 'Core'],
    [3, 'Upgraded'],
    [4, 'Optimized'],
    [5, 'cEDH'],
  ] as const)('bracket %i is %s', (bracket, name) => {
    const { container } = renderWithIntl(<BracketBadge bracket={bracket} />);
    expect(screen.getByRole('button', { name: `Bracket ${bracket}: ${name}` })).toBeTruthy();
    expect(container.querySelector('.cui-bracket')?.getAttribute('data-bracket')).toBe(String(bracket));
  });

  it.each([
    [1, 'Démonstration'],
    [3, 'Amélioré'],
    [4, 'Optimisé'],
  ] as const)('in French, tranche %i is %s (no English left)', (bracket, name) => {
    const { container } = renderWithIntl(<BracketBadge bracket={bracket} />, 'fr-FR');
    expect(screen.getByRole('button', { name: `Tranche ${bracket} : ${name}` })).toBeTruthy();
    expect(container.textContent).not.toMatch(/Bracket|Exhibition|Upgraded|Optimized|Core/);
  });

  it('shows the description tooltip on keyboard focus', async () => {
    const user = userEvent.setup();
    renderWithIntl(<BracketBadge bracket={5} />);
    await user.tab();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toMatch(/competitive/i);
  });

  it('validates bracket values', () => {
    expect(isBracket(3)).toBe(true);
    expect(isBracket(0)).toBe(false);
    expect(isBracket('3')).toBe(false);
  });
});
