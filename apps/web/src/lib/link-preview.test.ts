import { describe, expect, it } from 'vitest';
// The web servers' plain JS module (its types: scripts/link-preview.d.mts).
import { deckPreview as preview, withPreview as render } from '../../scripts/link-preview.mjs';

const SHELL =
  '<!doctype html><html><head><meta charset="UTF-8" />\n<title>Companion</title>\n</head><body></body></html>';

describe('shared deck link previews', () => {
  const deck = {
    name: 'Evil "><script>alert(1)</script> & co',
    formatId: 'commander',
    cardCount: 1,
    commanders: [{ id: 'x', name: 'Atraxa', image: 'https://img.example/a.jpg?x=1&y="2"' }],
  } as never;

  it('words the description in the link language, with ICU plurals', () => {
    expect(preview(deck, 'Commander', undefined).description).toBe(
      'Commander deck of 1 card, shared on Companion.',
    );
    expect(preview({ ...(deck as object), cardCount: 100 } as never, null, 'fr').description).toBe(
      'Deck commander de 100 cartes, partagé sur Companion.',
    );
  });

  it('escapes every value it writes into the head, and replaces the shell title', () => {
    const html = render(SHELL, preview(deck, 'Commander', 'fr'), 'http://127.0.0.1/fr/deck/shared/"x"');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(
      '<meta property="og:title" content="Evil &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; co · Companion" />',
    );
    expect(html).toContain('content="https://img.example/a.jpg?x=1&amp;y=&quot;2&quot;"');
    expect(html).toContain('content="http://127.0.0.1/fr/deck/shared/&quot;x&quot;"');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<meta property="og:locale" content="fr_FR" />');
  });

  it('says summary when the commander has no picture', () => {
    const html = render(
      SHELL,
      preview({ ...(deck as object), commanders: [] } as never, null, 'en'),
      'http://h/x',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain('og:image');
  });
});
