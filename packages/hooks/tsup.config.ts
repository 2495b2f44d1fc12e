import { defineConfig } from 'tsup';

export default defineConfig({
  // `session` and `language` are small entries for an app's first load (no React, Firebase, zod or
  // API client); code they share with `index` (the persisted record, the language store) is one
  // chunk, so the app has one copy of its state.
  entry: {
    index: 'src/index.ts',
    session: 'src/session/snapshot.ts',
    language: 'src/store/language-store.ts',
  },
  format: ['esm'],
  splitting: true,
  target: 'es2022',
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  // Peers and the SDK stay imports: the app brings one copy of each.
  external: ['react', 'react/jsx-runtime', '@tanstack/react-query', /^firebase(\/|$)/, /^@companion\/sdk/],
  // The message catalogues ship as plain JSON under ./i18n/* (see package.json "exports").
  onSuccess: 'mkdir -p dist/i18n && cp src/i18n/en-US.json src/i18n/fr-FR.json dist/i18n/',
});
