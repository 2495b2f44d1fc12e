import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { EmptyState } from './empty-state';
import * as stories from './empty-state.stories';

describeStories('EmptyState', stories);

describe('EmptyState', () => {
  it('renders the title at the requested heading level', () => {
    renderWithIntl(<EmptyState title="No friends yet" headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'No friends yet' })).toBeTruthy();
  });
});
