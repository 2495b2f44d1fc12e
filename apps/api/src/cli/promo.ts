/**
 * Promo events from the command line, on the configured database:
 *
 *   pnpm --filter @companion/api promo create --name "Grand Prix Lyon" --badge "GP Lyon 2026" \
 *     [--description "…"] [--badge-description "…"] [--badge-image URL] \
 *     [--codes 10] [--max-uses 1] [--expires 2026-12-31T23:59:59Z] [--starts ISO] [--ends ISO]
 *
 * Prints the event id and one code per line.
 */
import { parseArgs } from 'node:util';
import { type Database, openConfiguredDatabase } from '../db/client.js';
import { loadEnv } from '../env.js';
import { createEvent } from '../services/promo.js';
import { invokedDirectly, runCli, UsageError } from './main.js';

const USAGE = `Usage: promo create --name "<event name>" --badge "<badge name>" [options]

Options:
  --description <text>        Event description
  --badge-description <text>  Badge description
  --badge-image <url>         Badge image URL
  --codes <n>                 Number of codes to create (default 1, at most 10000)
  --max-uses <n>              Uses allowed per code (default 1)
  --expires <ISO date>        Codes expire at this moment
  --starts <ISO date>         Event starts at this moment
  --ends <ISO date>           Event ends at this moment`;

function date(value: string | undefined, name: string): Date | null {
  if (value === undefined) return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime()))
    throw new UsageError(`--${name}: not a date (use ISO-8601, e.g. 2026-12-31T23:59:59Z)`);
  return d;
}

function int(value: string | undefined, name: string, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new UsageError(`--${name}: a whole number from 1 to ${max}`);
  return n;
}

export interface PromoCliIo {
  /** Opens the database (default: the configured one, from the environment). */
  open?: () => Promise<Database>;
  print?: (line: string) => void;
}

async function openConfigured(): Promise<Database> {
  const env = loadEnv();
  return openConfiguredDatabase(env);
}

/** Runs the command line; exported so tests can drive it on their own database. */
export async function runPromoCli(argv: string[], io: PromoCliIo = {}): Promise<void> {
  const print = io.print ?? ((line: string) => console.log(line));
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      badge: { type: 'string' },
      description: { type: 'string' },
      'badge-description': { type: 'string' },
      'badge-image': { type: 'string' },
      codes: { type: 'string' },
      'max-uses': { type: 'string' },
      expires: { type: 'string' },
      starts: { type: 'string' },
      ends: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    print(USAGE);
    return;
  }
  if (positionals[0] !== 'create') throw new UsageError('Unknown command; the only command is "create".');
  if (!values.name?.trim()) throw new UsageError('--name is required');
  if (!values.badge?.trim()) throw new UsageError('--badge is required');
  const input = {
    name: values.name.trim(),
    badge: values.badge.trim(),
    description: values.description ?? null,
    badgeDescription: values['badge-description'] ?? null,
    badgeImage: values['badge-image'] ?? null,
    codes: int(values.codes, 'codes', 1, 10_000),
    maxUses: int(values['max-uses'], 'max-uses', 1, 1_000_000),
    expiresAt: date(values.expires, 'expires'),
    startsAt: date(values.starts, 'starts'),
    endsAt: date(values.ends, 'ends'),
  };

  const database = await (io.open ?? openConfigured)();
  try {
    const { event, codes } = await createEvent(database.db, input);
    print(`event ${event.id}`);
    print(
      `name ${event.name} · badge ${event.badgeName} · ${codes.length} code(s), ${input.maxUses} use(s) each`,
    );
    for (const code of codes) print(code);
  } finally {
    await database.close();
  }
}

if (invokedDirectly(import.meta.url)) {
  runCli(() => runPromoCli(process.argv.slice(2)), { usage: USAGE, what: 'promo' });
}
