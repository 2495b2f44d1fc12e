import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { AppleSignInButton, clampAppleRadius } from './apple-sign-in-button';
import * as stories from './apple-sign-in-button.stories';

describeStories('AppleSignInButton', stories);

describe('clampAppleRadius', () => {
  it('defaults to 15 and clamps to 0–50', () => {
    expect(clampAppleRadius(undefined)).toBe(15);
    expect(clampAppleRadius(Number.NaN)).toBe(15);
    expect(clampAppleRadius(-4)).toBe(0);
    expect(clampAppleRadius(0)).toBe(0);
    expect(clampAppleRadius(22)).toBe(22);
    expect(clampAppleRadius(50)).toBe(50);
    expect(clampAppleRadius(999)).toBe(50);
  });
});

describe('AppleSignInButton', () => {
  it.each([
    ['sign-in', 'Sign in with Apple'],
    ['sign-up', 'Sign up with Apple'],
    ['apple', 'Apple'],
    ['continue', 'Continue with Apple'],
  ] as const)('type %s reads "%s"', (type, text) => {
    renderWithIntl(<AppleSignInButton type={type} />);
    expect(screen.getByRole('button', { name: text }).textContent).toBe(text);
  });

  it('applies the default radius 15 and clamps out-of-range radii', () => {
    const { rerender } = renderWithIntl(<AppleSignInButton />);
    expect(screen.getByRole('button').style.getPropertyValue('--cui-apple-radius')).toBe('15px');
    rerender(<AppleSignInButton radius={80} />);
    expect(screen.getByRole('button').style.getPropertyValue('--cui-apple-radius')).toBe('50px');
    rerender(<AppleSignInButton radius={-1} />);
    expect(screen.getByRole('button').style.getPropertyValue('--cui-apple-radius')).toBe('0px');
  });

  it('logo-only hides the text but keeps an accessible name', () => {
    renderWithIntl(<AppleSignInButton mode="logo-only" type="continue" />);
    const button = screen.getByRole('button', { name: 'Continue with Apple' });
    expect(button.textContent).toBe('');
    expect(button.dataset.mode).toBe('logo-only');
  });

  it('exposes mode and colour, borders the white button by default, and clicks', () => {
    const onClick = vi.fn();
    renderWithIntl(<AppleSignInButton mode="left-align" color="white" onClick={onClick} />);
    const button = screen.getByRole('button');
    expect(button.dataset.mode).toBe('left-align');
    expect(button.dataset.color).toBe('white');
    expect(button.hasAttribute('data-border')).toBe(true);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalled();
  });

  it('is translated', () => {
    renderWithIntl(<AppleSignInButton type="sign-in" />, 'fr-FR');
    expect(screen.getByRole('button', { name: 'Se connecter avec Apple' })).toBeTruthy();
  });
});
