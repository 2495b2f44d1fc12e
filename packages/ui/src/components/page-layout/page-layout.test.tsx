import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { PageLayout } from './page-layout';
import * as stories from './page-layout.stories';

describeStories('PageLayout', stories);

describe('PageLayout', () => {
  it('has one main landmark with the title as h1 and a skip link to it', () => {
    renderWithIntl(
      <PageLayout header={<header>h</header>} title="Decks" actions={<button type="button">New</button>}>
        content
      </PageLayout>,
    );
    const main = screen.getByRole('main');
    expect(main.id).toBe('cui-main');
    expect(screen.getByRole('heading', { level: 1, name: 'Decks' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#cui-main');
    expect(main.textContent).toContain('content');
  });
});
