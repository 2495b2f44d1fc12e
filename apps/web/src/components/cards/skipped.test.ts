import { describe, expect, it } from 'vitest';
import { skippedSummary } from './skipped';

const t = (id: string, values?: Record<string, string | number>) =>
  `${id}${values ? JSON.stringify(values) : ''}`;

describe('skippedSummary', () => {
  it('names each line left out but the blank ones, with its reason', () => {
    const text = skippedSummary(t, [
      { line: 1, reason: 'title', raw: 'Deck: Burn', count: 1 },
      { line: 2, reason: 'blank', raw: '', count: 3 },
      { line: 5, reason: 'separator', raw: '---', count: 1 },
    ]);
    expect(text).toBe(
      'web.cards.deck.skipped{"count":2,"lines":"web.cards.import.line{\\"line\\":1}, web.cards.import.skip.title{\\"count\\":1}; web.cards.import.line{\\"line\\":5}, web.cards.import.skip.separator{\\"count\\":1}"}',
    );
  });

  it('says nothing for blank lines and headers alone, and cuts a long list', () => {
    expect(skippedSummary(t, [{ line: 3, reason: 'blank', raw: '', count: 2 }])).toBeNull();
    expect(skippedSummary(t, [{ line: 1, reason: 'header', raw: 'Sideboard', count: 1 }])).toBeNull();
    expect(skippedSummary(t, [])).toBeNull();
    const many = Array.from({ length: 9 }, (_, i) => ({
      line: i + 1,
      reason: 'comment' as const,
      raw: '#',
      count: 1,
    }));
    expect(skippedSummary(t, many, 2)).toContain('…');
    expect(skippedSummary(t, many, 2)).toContain('"count":9');
  });
});
