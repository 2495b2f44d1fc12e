import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { Markdown } from './markdown';
import * as stories from './markdown.stories';
import { findXssProblems, xssCorpus } from './xss-corpus';

describeStories('Markdown', stories);

describe('Markdown XSS corpus', () => {
  it('has at least 60 hostile inputs', () => {
    expect(xssCorpus.length).toBeGreaterThanOrEqual(60);
  });

  it.each(xssCorpus.map((c) => [c.name, c.input] as const))('%s', (_name, input) => {
    const { container } = renderWithIntl(<Markdown source={input} />);
    expect(findXssProblems(container)).toEqual([]);
    expect(container.querySelector('script')).toBeNull();
  });

  it('the checker itself catches the problems it looks for', () => {
    const div = document.createElement('div');
    div.innerHTML =
      '<a href="JAVA\tSCRIPT:x">a</a><img src="data:text/html,x"><p onclick="x"></p><img srcset="javascript:x 1x"><a href="data:image/png;base64,x">d</a>';
    expect(findXssProblems(div)).toHaveLength(5);
  });
});

describe('Markdown rendering', () => {
  it('turns single line breaks into <br>', () => {
    const { container } = renderWithIntl(<Markdown source={'line one\nline two'} />);
    expect(container.querySelectorAll('p br')).toHaveLength(1);
  });

  it('links bare URLs and marks external links', () => {
    renderWithIntl(<Markdown source="see https://scryfall.com/card/neo/1 and www.example.com" />);
    const link = screen.getByRole('link', { name: 'https://scryfall.com/card/neo/1' });
    expect(link.getAttribute('href')).toBe('https://scryfall.com/card/neo/1');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(screen.getByRole('link', { name: 'www.example.com' }).getAttribute('href')).toBe(
      'http://www.example.com',
    );
  });

  it('keeps safe raw HTML and GFM tables', () => {
    const { container } = renderWithIntl(
      <Markdown
        source={
          'Press <kbd>Ctrl</kbd>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<details><summary>s</summary>d</details>'
        }
      />,
    );
    expect(container.querySelector('kbd')?.textContent).toBe('Ctrl');
    expect(container.querySelectorAll('td')).toHaveLength(2);
    expect(container.querySelector('details summary')).not.toBeNull();
  });

  it('unwraps forbidden links but keeps their text, and drops forbidden images', () => {
    const { container } = renderWithIntl(
      <Markdown source={'[keep me](javascript:alert(1)) ![gone](data:text/html,x)'} />,
    );
    expect(container.textContent).toContain('keep me');
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('allows data: images of gif, png, jpeg and webp only', () => {
    const ok = ['gif', 'png', 'jpeg', 'webp']
      .map((type) => `![${type}](data:image/${type};base64,AAAA)`)
      .join(' ');
    const { container } = renderWithIntl(
      <Markdown source={`${ok} ![svg](data:image/svg+xml;base64,AAAA)`} />,
    );
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toEqual([
      'gif',
      'png',
      'jpeg',
      'webp',
    ]);
  });

  it('keeps relative links and mailto', () => {
    renderWithIntl(<Markdown source="[deck](/deck/1/atraxa) [mail](mailto:hi@example.com)" />);
    expect(screen.getByRole('link', { name: 'deck' }).getAttribute('href')).toBe('/deck/1/atraxa');
    expect(screen.getByRole('link', { name: 'deck' }).getAttribute('rel')).toBeNull();
    expect(screen.getByRole('link', { name: 'mail' }).getAttribute('href')).toBe('mailto:hi@example.com');
  });
});

describe('Markdown limits', () => {
  it('renders 100 levels of nesting but not 101', () => {
    // Each ">" adds one blockquote level under root, plus the paragraph and its text.
    const { container, rerender } = renderWithIntl(<Markdown source={`${'>'.repeat(97)} ok`} />);
    expect(container.querySelector('.cui-markdown__notice')).toBeNull();
    expect(container.querySelectorAll('blockquote').length).toBe(97);
    rerender(<Markdown source={`${'>'.repeat(150)} deep`} />);
    expect(screen.getByRole('note').textContent).toBe(
      'This content is nested too deeply to display (limit: 100 levels).',
    );
  });

  it('refuses deeply nested raw HTML', () => {
    renderWithIntl(<Markdown source={`${'<div>'.repeat(120)}x${'</div>'.repeat(120)}`} />);
    expect(screen.getByRole('note')).toBeTruthy();
  });

  it('refuses a table of more than 65,536 cells', () => {
    const cols = 300;
    const row = `${'|a'.repeat(cols)}|\n`;
    const source = `${row}${'|-'.repeat(cols)}|\n${row.repeat(219)}`;
    renderWithIntl(<Markdown source={source} />);
    expect(screen.getByRole('note').textContent).toBe(
      'This table is too large to display (more than 65,536 cells).',
    );
  });

  it('renders a table at the limit size class below it', () => {
    const source = `|a|b|\n|-|-|\n${'|1|2|\n'.repeat(500)}`;
    const { container } = renderWithIntl(<Markdown source={source} />);
    expect(container.querySelectorAll('td')).toHaveLength(1000);
  });
});
