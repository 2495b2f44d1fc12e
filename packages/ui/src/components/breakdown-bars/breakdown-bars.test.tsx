import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { BreakdownBars } from './breakdown-bars';
import * as stories from './breakdown-bars.stories';

describeStories('BreakdownBars', stories);

describe('BreakdownBars', () => {
  it('sorts the largest first, limits the rows and names the section', () => {
    renderWithIntl(
      <BreakdownBars
        title="By set"
        limit={2}
        items={[
          { key: 'a', label: 'Alpha', value: 1 },
          { key: 'b', label: 'Beta', value: 5 },
          { key: 'c', label: 'Gamma', value: 3 },
        ]}
      />,
    );
    const section = screen.getByRole('region', { name: 'By set' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['Beta', 'Gamma']);
  });

  it('shows the empty text', () => {
    renderWithIntl(<BreakdownBars title="By colour" items={[]} empty="Nothing yet" />);
    expect(screen.getByText('Nothing yet')).toBeTruthy();
  });
});
