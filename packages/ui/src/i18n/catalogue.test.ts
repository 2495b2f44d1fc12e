import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import enUS from './en-US.json';
import frFR from './fr-FR.json';

const srcDir = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    const isComponentSource = /\.(ts|tsx)$/.test(name) && !/\.(test|stories)\.tsx?$/.test(name);
    return isComponentSource ? [path] : [];
  });
}

/** Every `'ui.…'` string literal in component sources (stories and tests excluded). */
function usedIds(): Set<string> {
  const ids = new Set<string>();
  for (const file of sourceFiles(srcDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/['"`](ui\.[A-Za-z0-9_.-]+)['"`]/g)) {
      if (match[1]) ids.add(match[1]);
    }
  }
  return ids;
}

const catalogues = { 'en-US': enUS as Record<string, string>, 'fr-FR': frFR as Record<string, string> };

describe('i18n catalogues', () => {
  const used = usedIds();

  it('finds the ids used by components', () => {
    expect(used.size).toBeGreaterThan(50);
  });

  for (const [locale, messages] of Object.entries(catalogues)) {
    it(`${locale} has every id used in components`, () => {
      expect([...used].filter((id) => !(id in messages))).toEqual([]);
    });

    it(`${locale} has no unused id`, () => {
      expect(Object.keys(messages).filter((id) => !used.has(id))).toEqual([]);
    });

    it(`${locale} ids are all prefixed "ui." and have non-empty text`, () => {
      for (const [id, text] of Object.entries(messages)) {
        expect(id.startsWith('ui.')).toBe(true);
        expect(text.trim().length).toBeGreaterThan(0);
      }
    });
  }

  it('both catalogues have the same ids and the same placeholders', () => {
    expect(Object.keys(catalogues['fr-FR']).sort()).toEqual(Object.keys(catalogues['en-US']).sort());
    const placeholders = (text: string) =>
      [...text.matchAll(/\{(\w+)/g)]
        .map((m) => m[1])
        .filter((p) => p !== undefined)
        .sort();
    for (const [id, en] of Object.entries(catalogues['en-US'])) {
      expect(new Set(placeholders(catalogues['fr-FR'][id] ?? '')), id).toEqual(new Set(placeholders(en)));
    }
  });

  it('French is actually translated (most strings differ from English)', () => {
    const same = Object.keys(catalogues['en-US']).filter(
      (id) => catalogues['en-US'][id] === catalogues['fr-FR'][id],
    );
    expect(same.length / Object.keys(catalogues['en-US']).length).toBeLessThan(0.25);
  });
});
