// After tsup: the files the compiled server reads next to its own code (see tsup.config.ts).
import { cpSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
cpSync(join(root, 'src/db/migrations'), join(root, 'dist/migrations'), { recursive: true });
cpSync(join(root, 'src/services/parse-worker.mjs'), join(root, 'dist/parse-worker.mjs'));
