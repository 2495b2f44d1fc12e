/** `pnpm bench` for the API: prints figures, asserts nothing. */
import { run as runHttp } from './http.js';

await runHttp();
