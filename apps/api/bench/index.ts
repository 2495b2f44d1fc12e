/**
 * `pnpm bench` for the API: prints figures, asserts nothing. `-- http`, `-- catalogue`, `-- live`,
 * `-- legality`, `-- imports`, `-- payload` or `-- startup` runs one part.
 */
import { run as runCatalogue } from './catalogue.js';
import { run as runHttp } from './http.js';
import { run as runImports } from './imports.js';
import { run as runLegality } from './legality.js';
import { run as runLive } from './live.js';
import { run as runPayload } from './payload.js';
import { run as runStartup } from './startup.js';

// `pnpm bench -- live` passes the `--` through: skip it.
const only = process.argv.slice(2).find((arg) => arg !== '--');
if (!only || only === 'http') await runHttp();
if (!only || only === 'catalogue') await runCatalogue();
if (!only || only === 'live') await runLive();
if (!only || only === 'legality') await runLegality();
if (!only || only === 'imports') await runImports();
if (!only || only === 'payload') await runPayload();
if (!only || only === 'startup') await runStartup();
