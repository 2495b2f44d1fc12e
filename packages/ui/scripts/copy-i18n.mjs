// Copies the message catalogues next to the build so apps can import `@companion/ui/i18n/<locale>.json`.
import { cpSync, mkdirSync } from 'node:fs';

mkdirSync('dist/i18n', { recursive: true });
for (const locale of ['en-US', 'fr-FR']) {
  cpSync(`src/i18n/${locale}.json`, `dist/i18n/${locale}.json`);
}
