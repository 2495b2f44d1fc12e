import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { GoogleSignInButton } from './google-sign-in-button';
import * as stories from './google-sign-in-button.stories';

describeStories('GoogleSignInButton', stories);

describe('GoogleSignInButton', () => {
  it('calls onClick and exposes theme and shape', () => {
    const onClick = vi.fn();
    renderWithIntl(<GoogleSignInButton theme="filled_black" shape="pill" onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Sign in with Google' });
    expect(button.dataset.theme).toBe('filled_black');
    expect(button.dataset.shape).toBe('pill');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalled();
  });

  it('is translated and busy while loading', () => {
    renderWithIntl(<GoogleSignInButton text="continue_with" loading />, 'fr-FR');
    const button = screen.getByRole('button', { name: /Continuer avec Google/ });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });
});
