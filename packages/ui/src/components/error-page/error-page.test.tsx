import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { ErrorPage } from './error-page';
import * as stories from './error-page.stories';

describeStories('ErrorPage', stories);

const heading = () => screen.getByRole('heading', { level: 1 }).textContent ?? '';

describe('ErrorPage', () => {
  it('404 defaults to "Page Not Found"', () => {
    renderWithIntl(<ErrorPage status={404} />);
    expect(heading()).toContain('Page Not Found');
    expect(heading()).not.toContain('Page Not Found:');
  });

  it('404 with a path renders "Page Not Found: {path}"', () => {
    renderWithIntl(<ErrorPage status={404} path="/nope" />);
    expect(heading()).toContain('Page Not Found: /nope');
  });

  it('server variant defaults to status 500 and "Internal Server Error", showing the error’s message', () => {
    renderWithIntl(<ErrorPage error={{ message: 'boom' }} />);
    expect(heading()).toContain('Internal Server Error');
    expect(document.querySelector('.cui-error-page__status')?.textContent).toBe('500');
    expect(screen.getByText('boom')).toBeTruthy();
  });

  it('keeps another status and a custom message', () => {
    renderWithIntl(<ErrorPage status={503} message="Maintenance" />);
    expect(heading()).toContain('Maintenance');
    expect(document.querySelector('.cui-error-page__status')?.textContent).toBe('503');
  });

  it('is translated', () => {
    renderWithIntl(<ErrorPage status={404} path="/x" />, 'fr-FR');
    expect(heading()).toContain('Page introuvable : /x');
  });
});
