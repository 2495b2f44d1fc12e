/** `pnpm bench` for the API: prints figures, asserts nothing. `-- live` or `-- http` runs one part. */
import { run as runHttp } from './http.js';
import { run as runLive } from './live.js';

const only = process.argv[2];
if (!only || only === 'http') await runHttp();
if (!only || only === 'live') await runLive();
