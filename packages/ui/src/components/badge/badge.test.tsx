import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { Badge } from './badge';
import * as stories from './badge.stories';

describeStories('Badge', stories);

describe('Badge', () => {
  it('exposes tone and appearance for styling', () => {
    renderWithIntl(
      <Badge tone="success" appearance="solid">
        Owned
      </Badge>,
    );
    const badge = screen.getByText('Owned');
    expect(badge.dataset.tone).toBe('success');
    expect(badge.dataset.appearance).toBe('solid');
  });
});
