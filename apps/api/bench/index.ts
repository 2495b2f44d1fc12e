/** `pnpm bench` for the API: prints figures, asserts nothing. `-- http`, `-- catalogue` or `-- live` runs one part. */
import { run as runCatalogue } from './catalogue.js';
import { run as runHttp } from './http.js';
import { run as runLive } from './live.js';

const only = process.argv[2];
if (!only || only === 'http') await runHttp();
if (!only || only === 'catalogue') await runCatalogue();
if (!only || only === 'live') await runLive();
