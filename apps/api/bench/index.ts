/** `pnpm bench` for the API: prints figures, asserts nothing. */
import { run as runCatalogue } from './catalogue.js';
import { run as runHttp } from './http.js';

const only = process.argv[2];
if (!only || only === 'http') await runHttp();
if (!only || only === 'catalogue') await runCatalogue();
