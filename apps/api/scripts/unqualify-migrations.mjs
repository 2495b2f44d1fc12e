// drizzle-kit writes `"public"."table"` in foreign keys; migrations must run in any schema
// (tests isolate themselves in one), so drop the qualifier.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = new URL('../src/db/migrations/', import.meta.url).pathname;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
  const path = join(dir, file);
  const before = readFileSync(path, 'utf8');
  const after = before.replaceAll('"public".', '');
  if (after !== before) writeFileSync(path, after);
}
