import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { headerArgs } from '../../fixtures/navigation';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { AppHeader } from './app-header';
import * as stories from './app-header.stories';

describeStories('AppHeader', stories);

describe('AppHeader', () => {
  it('marks the active link with aria-current', () => {
    renderWithIntl(<AppHeader {...headerArgs} />);
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    const active = nav.querySelector('[aria-current="page"]');
    expect(active?.textContent).toBe('Collection');
  });

  it('toggles the phone menu with its button and closes it with Escape', () => {
    const { container } = renderWithIntl(<AppHeader {...headerArgs} />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const panel = container.querySelector('.cui-header__panel') as HTMLElement;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(panel.hidden).toBe(true);
  });

  it('switches language through the language menu', async () => {
    const user = userEvent.setup();
    const onLocaleChange = vi.fn();
    renderWithIntl(<AppHeader {...headerArgs} onLocaleChange={onLocaleChange} />);
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Français' }));
    expect(onLocaleChange).toHaveBeenCalledWith('fr-FR');
  });

  it('uses the app’s link renderer', () => {
    renderWithIntl(
      <AppHeader
        {...headerArgs}
        renderLink={({ children, href, ...props }) => (
          <a {...props} href={href} data-router="yes">
            {children}
          </a>
        )}
      />,
    );
    expect(screen.getAllByRole('link', { name: 'Decks' })[0]?.getAttribute('data-router')).toBe('yes');
  });

  it('offers sign-in when signed out', () => {
    renderWithIntl(<AppHeader {...headerArgs} user={null} />, 'fr-FR');
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/login');
  });
});
