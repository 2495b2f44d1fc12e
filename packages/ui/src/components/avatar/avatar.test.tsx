import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { Avatar, initialsOf } from './avatar';
import * as stories from './avatar.stories';

describeStories('Avatar', stories);

describe('Avatar', () => {
  it('derives initials from the first and last words', () => {
    expect(initialsOf('Jace Beleren')).toBe('JB');
    expect(initialsOf('  teferi ')).toBe('T');
    expect(initialsOf('Nissa of the Zendikar Revealed')).toBe('NR');
    expect(initialsOf('')).toBe('?');
  });

  it('shows initials when there is no picture, with the full name for screen readers', () => {
    renderWithIntl(<Avatar name="Ajani Goldmane" />);
    expect(screen.getByText('AG')).toBeTruthy();
    expect(screen.getByText('Ajani Goldmane')).toBeTruthy();
  });
});
