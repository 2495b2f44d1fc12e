/**
 * Every real collection export in ../shared/data, written in every export format and read back: the
 * rows come back the same on the fields each format carries (see test/export-fields.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CARRIED, project, written } from '../../test/export-fields.js';
import { EXPORT_FORMATS } from '../contract/values.js';
import { FormatError, parseCollection, parseImport, writeExport } from './index.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const CSV = path.resolve(REPO_ROOT, '../shared/data/collection-csv');
const HAS_DATA = existsSync(CSV);
if (!HAS_DATA && process.env.CI) throw new Error(`Shared data not found at ${CSV} (required in CI).`);

function csvFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return csvFiles(file);
    return name.endsWith('.csv') ? [file] : [];
  });
}

/** The files a collection format reads (the others are there to be refused, and are tested so). */
const FILES = HAS_DATA
  ? csvFiles(CSV).flatMap((file) => {
      try {
        const parsed = parseCollection(readFileSync(file, 'utf8'));
        return parsed.rows.length ? [{ name: path.relative(CSV, file), rows: parsed.rows }] : [];
      } catch (error) {
        if (error instanceof FormatError) return [];
        throw error;
      }
    })
  : [];

describe.skipIf(!HAS_DATA)('every real export, exported in every format and read back', () => {
  it('reads most of the shared files', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(FILES)('$name', ({ rows }) => {
    for (const format of EXPORT_FORMATS) {
      const back = parseImport(writeExport(format, rows), { format });
      expect(back.errors, format).toEqual([]);
      expect(
        back.rows.map((r) => project(format, r)),
        `${format}: the rows on ${CARRIED[format].fields.join(', ')}`,
      ).toEqual(written(format, rows).map((r) => project(format, r)));
    }
  });
});
