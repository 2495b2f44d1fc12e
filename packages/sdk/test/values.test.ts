import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Condition, Finish, ImportFormat, ListType } from '../src/contract/index.js';
import { CONDITIONS, FINISHES, IMPORT_FORMATS, LIST_TYPES } from '../src/index.js';

describe('contract value lists (@companion/sdk, without zod)', () => {
  it('are the values the contract accepts', () => {
    expect(FINISHES).toEqual(Finish.options);
    expect(CONDITIONS).toEqual(Condition.options);
    expect(LIST_TYPES).toEqual(ListType.options);
    expect(IMPORT_FORMATS).toEqual(ImportFormat.options);
  });

  it('come from a module that imports nothing (so not zod)', () => {
    const code = readFileSync(join(import.meta.dirname, '..', 'src', 'contract', 'values.ts'), 'utf8');
    expect(code).not.toMatch(/^\s*(import|export)\b[^\n]*\bfrom\s/m);
    expect(code).not.toMatch(/\bimport\(/);
  });
});
