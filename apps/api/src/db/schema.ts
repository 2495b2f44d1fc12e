/**
 * The whole database schema, as the drizzle client (`client.ts`) and drizzle-kit read it: the
 * application's tables (`core.ts`) and the card catalogue with the card lists (`catalogue.ts`).
 * Changing it: edit those files, run `pnpm --filter @companion/api db:generate`, commit the new
 * migration.
 */
export * from './catalogue.js';
export * from './core.js';
