import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as api from './index.js';

const readme = readFileSync(resolve(import.meta.dirname, '../README.md'), 'utf8');
/** The fenced code blocks of the README. */
const code = [...readme.matchAll(/```tsx?\n([\s\S]*?)```/g)].map((m) => m[1]).join('\n');

describe('README', () => {
  it('shows every exported hook called in an example', () => {
    const hooks = Object.keys(api).filter((name) => /^use[A-Z]/.test(name));
    expect(hooks.length).toBeGreaterThan(100);
    const missing = hooks.filter((hook) => !new RegExp(`\\b${hook}\\(`).test(code));
    expect(missing).toEqual([]);
  });
});
