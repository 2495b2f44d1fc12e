/** Makes sure the Firebase Auth emulator answers (starts it when needed, like `pnpm start`). */
export default async function globalSetup(): Promise<() => void> {
  // @ts-expect-error plain JS helper shared by the repo's scripts
  const lib = (await import('../../../scripts/lib.mjs')) as {
    ensureEmulator: () => Promise<{ kill: (signal: string) => void } | null>;
    dropSchema: (schema: string | undefined) => Promise<void>;
  };
  const child = await lib.ensureEmulator();
  return async () => {
    // The run's PostgreSQL schema (see playwright.config.ts), once every test is done.
    await lib.dropSchema(process.env.E2E_DATABASE_SCHEMA);
    child?.kill('SIGINT');
  };
}
