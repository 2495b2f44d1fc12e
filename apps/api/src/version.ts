import { readFileSync } from 'node:fs';

/** The API's version, from its package.json (what /health and the OpenAPI document report). */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
