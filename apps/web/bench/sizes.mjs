// Gzipped JS per route: follows Vite's manifest from the entry through static imports to each
// route's page module (what the browser must load before the page renders). The entry starts the
// React app (`src/app.tsx`) at once, except on a prerendered page seen by a signed-out visitor,
// where it loads on the first interaction: `home` (and `login`, prerendered too) is that first
// load, `home + app` / `login + app` what the page has loaded once the app runs (after the first
// pointer, touch, key or focus event). A page's feature catalogue (`src/i18n/features/*`, loaded
// with its route) counts with the page, in English. The login page loads the API client with the
// first sign-in attempt, not before: it is not counted there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export function routeSizes(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const closure = (keys) => {
    const seen = new Set();
    const walk = (key) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const dep of manifest[key]?.imports ?? []) walk(dep);
    };
    keys.forEach(walk);
    return seen;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const find = (src) => Object.keys(manifest).find((k) => k.endsWith(src));
  const routes = {
    home: [],
    'home + app': ['src/app.tsx', 'src/routes/home.tsx', 'src/i18n/features/public.en-US.json'],
    login: [],
    'login + app': [
      'src/app.tsx',
      'src/app/companion.tsx',
      'src/routes/login.tsx',
      'src/i18n/features/account.en-US.json',
    ],
    // A signed-in page's first queries load the API client (src/app/api-client.ts) at once.
    dashboard: ['src/app.tsx', 'src/app/companion.tsx', 'src/app/api-client.ts', 'src/routes/dashboard.tsx'],
    'dashboard + charts': [
      'src/app.tsx',
      'src/app/companion.tsx',
      'src/app/api-client.ts',
      'src/routes/dashboard.tsx',
      'src/routes/dashboard-charts.tsx',
    ],
  };
  const out = {};
  for (const [name, srcs] of Object.entries(routes)) {
    const missing = srcs.filter((src) => !find(src));
    if (missing.length) throw new Error(`sizes: no chunk for ${missing.join(', ')}`);
    const keys = closure([entry, ...srcs.map(find)]);
    let bytes = 0;
    for (const key of keys) bytes += gz(manifest[key].file);
    out[name] = { kb: bytes / 1024, chunks: keys.size };
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `node bench/sizes.mjs [dist folder]`
  const sizes = routeSizes(process.argv[2] ?? join(import.meta.dirname, '..', 'dist'));
  for (const [name, { kb, chunks }] of Object.entries(sizes))
    console.log(`${name.padEnd(20)} ${kb.toFixed(1)} KB gzip (${chunks} chunks)`);
}
