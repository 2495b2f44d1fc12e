import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGES } from '../pages';
import { FAQ_ITEMS } from '../routes/faq';
import webEn from './en-US.json';
import webFr from './fr-FR.json';

const SRC = join(import.meta.dirname, '..');
const FEATURES = join(import.meta.dirname, 'features');

/** The web catalogue plus every feature catalogue (`features/<feature>.<locale>.json`). */
function catalogue(locale: 'en-US' | 'fr-FR', base: Record<string, string>): Record<string, string> {
  const merged: Record<string, string> = { ...base };
  for (const name of readdirSync(FEATURES)
    .filter((f) => f.endsWith(`.${locale}.json`))
    .sort()) {
    const part = JSON.parse(readFileSync(join(FEATURES, name), 'utf8')) as Record<string, string>;
    for (const key of Object.keys(part)) {
      if (key in merged) throw new Error(`${name}: key ${key} is defined twice`);
    }
    Object.assign(merged, part);
  }
  return merged;
}
const en = catalogue('en-US', webEn);
const fr = catalogue('fr-FR', webFr);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Keys written literally in the source, plus the ones built from data (pages, numbered sections). */
function usedKeys(): Set<string> {
  const used = new Set<string>();
  for (const file of sources(SRC)) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /['"`](web\.[A-Za-z0-9_.-]+[A-Za-z0-9_])['"`]/g,
    )) {
      used.add(match[1]!);
    }
  }
  for (const page of PAGES) {
    used.add(`web.page.${page.key}.title`);
    if (page.placeholder) used.add(`web.page.${page.key}.description`);
    if (page.description) used.add(`web.page.${page.key}.metaDescription`);
  }
  for (const key of ['dashboard', 'profile', 'settings', 'faq', 'forgot'])
    used.add(`web.page.${key}.description`);
  used.add('web.page.notFound.title');
  for (let n = 1; n <= FAQ_ITEMS; n++) used.add(`web.faq.q${n}.question`).add(`web.faq.q${n}.answer`);
  for (const prefix of ['privacy', 'terms']) {
    used.add(`web.${prefix}.updated`).add(`web.${prefix}.intro`);
    for (let n = 1; n <= 7; n++) used.add(`web.${prefix}.s${n}.title`).add(`web.${prefix}.s${n}.body`);
  }
  for (const thing of ['deck', 'game', 'list', 'playgroup', 'set'])
    used.add(`web.loadError.back.${thing}`).add(`web.loadError.missing.${thing}`);
  for (const f of ['collection', 'decks', 'games', 'playgroups', 'friends', 'obs'])
    used.add(`web.home.feature.${f}.title`).add(`web.home.feature.${f}.body`);
  for (const s of ['one', 'two', 'three'])
    used.add(`web.kikoo.step.${s}.title`).add(`web.kikoo.step.${s}.body`);
  return used;
}

describe('message catalogues', () => {
  const used = usedKeys();
  it('English has every key the app uses', () => {
    expect([...used].filter((k) => !(k in en)).sort()).toEqual([]);
  });
  it('has no unused key', () => {
    expect(
      Object.keys(en)
        .filter((k) => !used.has(k))
        .sort(),
    ).toEqual([]);
  });
  it('French has exactly the English keys', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });
  it('French is translated (not a copy of English)', () => {
    const properNouns = new Set(['web.terms.s5.title']);
    const same = Object.keys(en).filter(
      (k) =>
        !properNouns.has(k) &&
        (en as Record<string, string>)[k] === (fr as Record<string, string>)[k] &&
        (en as Record<string, string>)[k]!.length > 12,
    );
    expect(same).toEqual([]);
  });
  it('keeps the same ICU placeholders in both languages', () => {
    // An argument is a name followed by `,` or `}` ({count} or {count, plural, …}); a plural branch's
    // text ({Encore # lignes…}) is not one.
    const args = (s: string) => [...s.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en)) {
      expect(args((fr as Record<string, string>)[key] ?? ''), key).toEqual(
        args((en as Record<string, string>)[key]!),
      );
    }
  });
});

describe('feature catalogues', () => {
  /** Which feature catalogue holds each key. */
  const owner = new Map<string, string>();
  for (const name of readdirSync(FEATURES).filter((f) => f.endsWith('.en-US.json'))) {
    const feature = name.split('.')[0]!;
    for (const key of Object.keys(JSON.parse(readFileSync(join(FEATURES, name), 'utf8'))))
      owner.set(key, feature);
  }
  const sourceOf = (base: string) =>
    ['.tsx', '.ts', '/index.tsx', '/index.ts']
      .map((ext) => base + ext)
      .find((f) => {
        try {
          return statSync(f).isFile();
        } catch {
          return false;
        }
      });
  /** Features whose keys the module or its local imports use. */
  function featuresOf(file: string, seen = new Set<string>()): Set<string> {
    const found = new Set<string>();
    if (seen.has(file)) return found;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/['"`](web\.[A-Za-z0-9_.-]+[A-Za-z0-9_])['"`]/g)) {
      const feature = owner.get(match[1]!);
      if (feature) found.add(feature);
    }
    for (const match of code.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const dep = sourceOf(resolve(dirname(file), match[1]!));
      if (dep && !dep.includes('/i18n/')) for (const f of featuresOf(dep, seen)) found.add(f);
    }
    return found;
  }
  const modules = new Map(
    [
      ...readFileSync(join(SRC, 'routes.tsx'), 'utf8').matchAll(
        /(\w+): \(\) => import\('\.\/(routes\/[\w-]+)'\)/g,
      ),
    ].map((m) => [m[1]!, join(SRC, `${m[2]!}.tsx`)]),
  );
  it('every page loads the feature catalogues its screen uses', () => {
    const missing: string[] = [];
    for (const page of PAGES) {
      const file = modules.get(page.key);
      expect(file, page.key).toBeDefined();
      const used = featuresOf(file!);
      for (const feature of used)
        if (!page.messages?.includes(feature as never)) missing.push(`${page.key}: ${feature}`);
    }
    expect(missing).toEqual([]);
  });
  it('the shell (layouts, app) uses no feature key', () => {
    for (const file of ['app.tsx', 'shell.tsx', 'layouts/layouts.tsx']) {
      expect([...featuresOf(join(SRC, file))], file).toEqual([]);
    }
  });
});
