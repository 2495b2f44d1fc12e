/** Writes dist/openapi.json from the contract (run after tsup). */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument, listEndpoints } from '../src/contract/index.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };
const doc = buildOpenApiDocument(listEndpoints(), { version: pkg.version });
mkdirSync(resolve(root, 'dist'), { recursive: true });
writeFileSync(resolve(root, 'dist/openapi.json'), `${JSON.stringify(doc, null, 2)}\n`);
console.log(`openapi: ${Object.keys(doc.paths as object).length} paths written to dist/openapi.json`);
