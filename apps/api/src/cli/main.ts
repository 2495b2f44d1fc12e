/**
 * What every command line of the API shares: knowing it was started as a script (not imported by a
 * test), and ending with the right exit code and a message a person can act on.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../env.js';

/** A command used wrongly: its message, then the usage, exit code 2. */
export class UsageError extends Error {}

/** Whether the module at `moduleUrl` is the script node was started with (`node dist/x.js`, `tsx src/cli/x.ts`). */
export function invokedDirectly(moduleUrl: string): boolean {
  try {
    return !!process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

export interface CliOptions {
  /** Printed after a usage mistake. */
  usage: string;
  /** What failed, for an unexpected error ("Backup failed: …"). */
  what: string;
  /** Errors whose message is enough (expected failures, exit code 1). */
  known?: ReadonlyArray<abstract new (...args: never[]) => Error>;
}

/**
 * Runs `main` and exits: 0 when it resolves; 2 with the message (and the usage) for a usage or
 * configuration mistake; 1 with the message of a known error, or the stack of anything else.
 */
export function runCli(main: () => Promise<unknown>, options: CliOptions): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      const usage =
        error instanceof UsageError || (error as { code?: string })?.code?.startsWith('ERR_PARSE_ARGS');
      if (usage || error instanceof ConfigError) {
        console.error((error as Error).message);
        if (usage) console.error(options.usage);
        process.exit(2);
      }
      const known = options.known?.some((kind) => error instanceof kind);
      console.error(
        known ? (error as Error).message : `${options.what} failed: ${(error as Error)?.stack ?? error}`,
      );
      process.exit(1);
    },
  );
}
