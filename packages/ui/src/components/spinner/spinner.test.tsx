import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { Skeleton, Spinner } from './spinner';
import * as stories from './spinner.stories';

describeStories('Spinner', stories);

describe('Spinner', () => {
  it('announces a localised loading status', () => {
    renderWithIntl(<Spinner />, 'fr-FR');
    expect(screen.getByRole('status').textContent).toBe('Chargement…');
  });

  it('renders skeleton lines hidden from assistive technology', () => {
    const { container } = renderWithIntl(<Skeleton lines={3} />);
    expect(container.querySelectorAll('.cui-skeleton')).toHaveLength(3);
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
