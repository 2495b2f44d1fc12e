import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { SetSymbol } from './set-symbol';
import * as stories from './set-symbol.stories';

describeStories('SetSymbol', stories);

describe('SetSymbol', () => {
  it('uses keyrune classes for the set and rarity', () => {
    const { container } = renderWithIntl(<SetSymbol code="DMU" rarity="rare" name="Dominaria United" />);
    expect(container.querySelector('i')?.className).toBe('ss ss-dmu ss-rare ss-grad ss-fw');
    expect(screen.getByRole('img', { name: 'Dominaria United — Rare' })).toBeTruthy();
  });

  it('sanitises the code and falls back to common for unknown rarities', () => {
    const { container } = renderWithIntl(<SetSymbol code="x y<z" rarity="weird" />, 'fr-FR');
    expect(container.querySelector('i')?.className).toBe('ss ss-xyz ss-common ss-fw');
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('X Y<Z — Commune');
  });
});
