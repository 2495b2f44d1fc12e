/** Collection CSV parsing throughput on a real 7,385-row Moxfield export. Prints one line; asserts nothing. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCollection } from '../src/formats/index.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const FILE = path.resolve(
  REPO_ROOT,
  '../shared/data/collection-csv/mtgcsvhelper/Collection/moxfield-haves.csv',
);
const TARGET = 100_000;

export async function run(): Promise<void> {
  if (!existsSync(FILE)) {
    console.log(`formats  skipped: shared test data not found at ${FILE}`);
    return;
  }
  const text = readFileSync(FILE, 'utf8');
  const name = path.basename(FILE);

  let rows = 0;
  const warmUpEnd = performance.now() + 500;
  while (performance.now() < warmUpEnd) rows = parseCollection(text).rows.length;

  let parses = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < 2000) {
    const result = parseCollection(text);
    rows = result.rows.length + result.errors.length;
    parses++;
    elapsed = performance.now() - start;
  }
  const perSecond = Math.round((rows * parses) / (elapsed / 1000));
  const fmt = new Intl.NumberFormat('en-US');
  console.log(
    `formats  parse ${name} (${fmt.format(rows)} rows): ${fmt.format(perSecond)} rows/s (target > ${fmt.format(TARGET)})`,
  );
}
