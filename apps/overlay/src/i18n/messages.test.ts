import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';

const format = (locale: keyof typeof messages, id: string, values: Record<string, unknown>) =>
  createIntl({ locale, messages: messages[locale] }).formatMessage({ id }, values as never);

describe('overlay catalogues', () => {
  it('have the same keys in both languages', () => {
    expect(Object.keys(messages['fr-FR']).sort()).toEqual(Object.keys(messages['en-US']).sort());
  });

  it.each([
    ['en-US', 1, '1 poison counter'],
    ['en-US', 3, '3 poison counters'],
    ['fr-FR', 1, '1 marqueur poison'],
    ['fr-FR', 3, '3 marqueurs poison'],
  ] as const)('%s: %i poison', (locale, count, text) => {
    expect(format(locale, 'overlay.poison', { count })).toBe(text);
  });
});
