/**
 * Column builders shared by the table modules (`core.ts`, `catalogue.ts`). A column that holds one
 * of the contract's value sets is built from the set itself (`values.ts` of `@companion/sdk/contract`):
 * its TypeScript type is the set's union, and `oneOf` adds the CHECK constraint that makes the
 * database refuse anything else, so the accepted values are written once.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, check, customType, numeric, text, timestamp } from 'drizzle-orm/pg-core';

export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Binary content (uploaded pictures): a Buffer in, a Buffer out, on node-postgres and PGlite. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A text column typed as one of `values` (pair it with `oneOf` in the table's constraints). */
export const valueText = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  text(name, { enum: values });

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The SQL list of a value set, `'a', 'b'` (the sets are the contract's constants, never input). */
export const sqlValues = (values: readonly string[]): SQL => sql.raw(values.map(literal).join(', '));

/**
 * CHECK constraint keeping a `valueText` column within its value set, named as PostgreSQL names a
 * column's check (`<table>_<column>_check`). Give it the set the column was built from: the
 * schema's test compares every check with its column.
 */
export const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sqlValues(values)})`);
