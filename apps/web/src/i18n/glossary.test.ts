import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** English terms a French catalogue must not use (see GLOSSARY.fr.md). */
const NEVER: Array<[RegExp, string]> = [
  [/\bbrackets?\b/i, 'tranche'],
  [/\bbinders?\b/i, 'classeur'],
  [/\bwishlists?\b/i, 'liste de souhaits'],
  [/\bsideboard\b/i, 'réserve'],
  [/\bplaygroups?\b/i, 'groupe de jeu'],
  [/\b(?:Near )?Mint\b/, 'Neuve / Quasi neuve'],
  [/\b(?:played|damaged)\b/i, 'jouée / abîmée'],
  [/\b(?:Exhibition|Upgraded|Optimized)\b/, 'Démonstration / Amélioré / Optimisé'],
];

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const CATALOGUES = [
  'apps/web/src/i18n',
  'apps/web/src/i18n/features',
  'apps/overlay/src/i18n',
  'packages/ui/src/i18n',
  'packages/hooks/src/i18n',
].flatMap((dir) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith('fr-FR.json'))
    .map((f) => join(dir, f)),
);

describe('the French glossary', () => {
  it('finds the French catalogues', () => {
    expect(CATALOGUES.length).toBeGreaterThanOrEqual(5);
  });

  it.each(CATALOGUES)('%s uses French terms', (file) => {
    const messages = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Record<string, string>;
    const found: string[] = [];
    for (const [id, message] of Object.entries(messages)) {
      // Argument names ({bracket}) are code, and a decklist's section headers (« Sideboard ») are the
      // syntax players paste, quoted as such.
      const text = message.replace(/\{\s*\w+/g, '{').replace(/Commander \/ Deck \/ Sideboard/g, '');
      for (const [term, french] of NEVER) {
        if (term.test(text)) found.push(`${id}: "${text.match(term)?.[0]}" (say ${french})`);
      }
    }
    expect(found).toEqual([]);
  });
});
