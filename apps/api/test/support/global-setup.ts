import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate } from './database.js';
import { ensureAuthEmulator } from './emulator.js';

declare module 'vitest' {
  export interface ProvidedContext {
    emulatorHost: string;
    pgliteTemplate: string;
  }
}

/** Starts the Auth emulator once and prepares a migrated PGlite image that each test file loads. */
export default async function setup(project: TestProject) {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  const [stop, template] = await Promise.all([ensureAuthEmulator(emulatorHost), createPgliteTemplate()]);
  const dir = mkdtempSync(join(tmpdir(), 'companion-test-'));
  const templatePath = join(dir, 'pglite-template.tar');
  writeFileSync(templatePath, template);
  project.provide('emulatorHost', emulatorHost);
  project.provide('pgliteTemplate', templatePath);
  return async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
