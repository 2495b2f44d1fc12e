/**
 * The parse worker's entry when the server runs from its TypeScript sources (tsx, the tests): a
 * worker thread does not inherit the loader that compiles them, so this plain module loads it and
 * then the worker (catalogue-parse-worker.ts). The build runs its compiled worker directly.
 */
const { tsImport } = await import('tsx/esm/api');
await tsImport('./catalogue-parse-worker.ts', import.meta.url);
