import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { Button } from './button';
import * as stories from './button.stories';

describeStories('Button', stories);

describe('Button', () => {
  it('defaults to type=button and exposes variant and size as data attributes', () => {
    renderWithIntl(
      <Button variant="danger" size="lg">
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.dataset.variant).toBe('danger');
    expect(button.dataset.size).toBe('lg');
  });

  it('is busy and disabled while loading', () => {
    const onClick = vi.fn();
    renderWithIntl(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Save/ });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('renders its child link with the button styles when asChild', () => {
    renderWithIntl(
      <Button asChild variant="secondary">
        <a href="/decks">Decks</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Decks' });
    expect(link.className).toContain('cui-button');
    expect(link.dataset.variant).toBe('secondary');
    expect(link.getAttribute('href')).toBe('/decks');
  });
});
