import { VALUE_SETS } from '@companion/sdk/contract';
import { is } from 'drizzle-orm';
import { getTableConfig, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.js';

const dialect = new PgDialect();
const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable));

/** `table.column` → the values its CHECK constraint allows, read back from the constraint's SQL. */
function checkedValues(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const table of tables) {
    const config = getTableConfig(table);
    for (const c of config.checks) {
      const text = dialect.sqlToQuery(c.value).sql;
      const match = /^"(\w+)"\."(\w+)" in \((.*)\)$/.exec(text);
      if (!match) throw new Error(`${c.name}: unexpected check ${text}`);
      expect(c.name).toBe(`${match[1]}_${match[2]}_check`);
      out.set(
        `${match[1]}.${match[2]}`,
        [...(match[3] ?? '').matchAll(/'([^']*)'/g)].map((m) => m[1] ?? ''),
      );
    }
  }
  return out;
}

describe('database value sets', () => {
  it('every column built from a contract value set has a CHECK constraint allowing exactly that set', () => {
    const checks = checkedValues();
    const columns = new Map<string, string[]>();
    for (const table of tables) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        if (column.enumValues?.length) columns.set(`${config.name}.${column.name}`, [...column.enumValues]);
      }
    }
    expect(columns.size).toBeGreaterThanOrEqual(17);
    expect(Object.fromEntries(checks)).toEqual(Object.fromEntries(columns));
  });

  it('builds every value column from one of the contract’s sets', () => {
    const sets = Object.values(VALUE_SETS).map((values) => JSON.stringify(values));
    for (const [column, values] of checkedValues()) {
      expect(sets, `${column} holds ${values.join(', ')}`).toContain(JSON.stringify(values));
    }
  });
});
