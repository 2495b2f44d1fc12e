import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS script shared with `pnpm lint`
import { findCopies, sourceFiles } from '../../../scripts/check-single-source.mjs';
import { VALUE_SETS } from '../src/contract/values.js';

type Finding = { file: string; line: number; message: string };
const check = (options: Record<string, unknown> = {}): Finding[] =>
  findCopies({ valueSets: VALUE_SETS, ...options });

describe('one source for the contract’s values and limits', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'single-source-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const write = (path: string, code: string) => {
    const file = join(scratch, path);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, code);
    return file;
  };

  it('finds copies written out in a scratch tree (so the check can fail)', () => {
    const files = [
      write(
        'apps/api/src/db/schema.ts',
        "const c = text('finish', { enum: ['nonfoil', 'foil', 'etched'] });\n",
      ),
      write('apps/web/src/x.ts', "type Currency = 'usd' | 'eur';\nconst roles = ['admin', 'member'];\n"),
      write('apps/web/src/form.tsx', 'export const F = () => <input maxLength={80} min={0} />;\n'),
      write('packages/sdk/src/contract/decks.ts', 'const Name = z.string().min(1).max(120);\n'),
      write('apps/web/src/ok.ts', "const guild = ['W', 'U']; // two colours of five: data, not a copy\n"),
      write(
        'apps/web/src/opt.ts',
        "// single-source: the order a decklist is written in\nconst order = ['commander', 'companion', 'main', 'side', 'maybe'];\n",
      ),
    ];
    const found = check({ root: scratch, files });
    expect(found.map((f) => `${f.file}:${f.line}`)).toEqual([
      'apps/api/src/db/schema.ts:1',
      'apps/web/src/x.ts:1',
      'apps/web/src/x.ts:2',
      'apps/web/src/form.tsx:1',
      'packages/sdk/src/contract/decks.ts:1',
    ]);
    expect(found[0]?.message).toMatch(/FINISHES/);
    expect(found[2]?.message).toMatch(/PLAYGROUP_ROLES/);
    expect(found[3]?.message).toMatch(/maxLength=\{80\}/);
    expect(found[4]?.message).toMatch(/\.max\(120\)/);
  });

  it('finds none in the repository', () => {
    const files: string[] = sourceFiles();
    expect(files.length).toBeGreaterThan(200);
    const found = check({ files });
    expect(found.map((f) => `${f.file}:${f.line}  ${f.message}`)).toEqual([]);
  });
});
