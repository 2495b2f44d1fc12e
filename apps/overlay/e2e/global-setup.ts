/** Makes sure the Firebase Auth emulator answers (starts it when needed, like `pnpm start`). */
export default async function globalSetup(): Promise<() => void> {
  // @ts-expect-error plain JS helper shared by the repo's scripts
  const lib = (await import('../../../scripts/lib.mjs')) as {
    ensureEmulator: () => Promise<{ kill: (signal: string) => void } | null>;
  };
  const child = await lib.ensureEmulator();
  return () => child?.kill('SIGINT');
}
