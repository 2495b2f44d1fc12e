/** What the bulk-import CLIs add around the import: PGlite start-up settings and forced collections. */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { collectEverySecondBatch, IMPORT_PGLITE_SETTINGS } from '../../src/cli/cards-import.js';
import { openDatabase } from '../../src/db/client.js';
import { rowsOf } from '../../src/services/card-search.js';

describe('cards:import', () => {
  it('starts PGlite with its settings on top of PGlite’s own start parameters', async () => {
    const database = await openDatabase({
      pgliteImage: new Blob([readFileSync(inject('pgliteTemplate'))]),
      pgliteSettings: IMPORT_PGLITE_SETTINGS,
    });
    try {
      const [row] = rowsOf<Record<string, string>>(
        await database.db.execute(sql`select current_setting('shared_buffers') as shared_buffers,
          current_setting('search_path') as search_path,
          current_setting('max_parallel_workers') as max_parallel_workers`),
      );
      expect(row).toEqual({ shared_buffers: '32MB', search_path: 'public', max_parallel_workers: '0' });
    } finally {
      await database.close();
    }
  });

  it('collects garbage between batches without throwing, once per new batch count', () => {
    const collect = collectEverySecondBatch();
    // The runtime took the flag: a full collection is really there (else the import's peak memory
    // would be about 100 MB higher on PGlite).
    expect(typeof runInNewContext('gc')).toBe('function');
    expect(() => {
      for (let cards = 0; cards <= 5000; cards += 1000) {
        collect({ bytes: cards, totalBytes: null, cards });
        collect({ bytes: cards, totalBytes: null, cards });
      }
    }).not.toThrow();
  });
});
