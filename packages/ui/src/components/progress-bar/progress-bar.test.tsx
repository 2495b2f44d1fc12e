import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { ProgressBar } from './progress-bar';
import * as stories from './progress-bar.stories';

describeStories('ProgressBar', stories);

describe('ProgressBar', () => {
  it('labels a native progress element and shows the percentage', () => {
    renderWithIntl(<ProgressBar label="Import" value={25} max={200} />);
    const bar = screen.getByRole('progressbar', { name: 'Import' }) as HTMLProgressElement;
    expect(bar.tagName).toBe('PROGRESS');
    expect(bar.value).toBe(25);
    expect(bar.getAttribute('aria-valuetext')).toBe('13%');
    expect(screen.getByText('13%')).toBeTruthy();
  });

  it('clamps out-of-range values and formats in French', () => {
    renderWithIntl(<ProgressBar label="Import" value={150} />, 'fr-FR');
    expect(screen.getByText(/100\s%/)).toBeTruthy();
  });

  it('is indeterminate without a value', () => {
    renderWithIntl(<ProgressBar label="Import" />);
    expect(screen.getByRole('progressbar').hasAttribute('value')).toBe(false);
  });
});
