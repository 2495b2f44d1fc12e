/** The bot's command line and environment, read once into a `Command`. */
import { parseArgs } from 'node:util';
import { GAME_RESULTS, type GameResultValue } from '@companion/sdk';

export const HELP = `companion-bot: a small Companion bot built on @companion/sdk

Usage:
  companion-bot decks                     list your decks
  companion-bot record --format <id> --result <result> [options]
                                          record a game you played
  companion-bot formats                   list the game formats (the ids --format takes)
  companion-bot --help                    show this help

Connection (each option can come from the environment variable beside it):
  --api <url>          COMPANION_API_URL     API root (default http://127.0.0.1:8787)
  --key <key>          COMPANION_API_KEY     API key (default companion-dev)
  --secret <secret>    COMPANION_SECRET      the key's signing secret (default companion-dev-secret)
  --id-token <token>   COMPANION_ID_TOKEN    a Firebase ID token of your account (decks, record);
                                             prefer the variable: arguments show in process lists

record:
  --format <id>        game format, e.g. commander (see: companion-bot formats)
  --result <result>    your result: ${GAME_RESULTS.join(', ')}
  --deck <name or id>  the deck you played (one of: companion-bot decks)
  --opponent <name[:result[:deck]]>
                       a guest at the table, repeat for each; the result is the opposite
                       of yours unless given (a draw for a draw)
  --turns <n>          number of turns
  --minutes <n>        duration in minutes
  --tag <name>         a tag of yours on the game, repeat for several
  --played-at <date>   when it was played, ISO 8601 (default now)

Exit status: 0 done, 1 the API or the network refused, 2 a wrong command line.
`;

/** A wrong command line: the message says what to change. */
export class UsageError extends Error {}

export interface Connection {
  api: string;
  key: string;
  secret: string;
}

export interface Opponent {
  name: string;
  result: GameResultValue;
  deck: string | null;
}

export interface GameOptions {
  format: string;
  result: GameResultValue;
  deck: string | null;
  opponents: Opponent[];
  turns: number | null;
  minutes: number | null;
  tags: string[];
  playedAt: string | null;
}

export type Command =
  | { name: 'help' }
  | { name: 'formats'; connection: Connection }
  | { name: 'decks'; connection: Connection; idToken: string }
  | { name: 'record'; connection: Connection; idToken: string; game: GameOptions };

const COMMANDS = ['decks', 'record', 'formats'] as const;

function result(value: string, what: string): GameResultValue {
  const found = GAME_RESULTS.find((r) => r === value.trim().toLowerCase());
  if (!found) throw new UsageError(`${what}: "${value}" is not a result (${GAME_RESULTS.join(', ')})`);
  return found;
}

/** A guest's result when none is given: the opposite of yours, a draw for a draw. */
function opposite(mine: GameResultValue): GameResultValue {
  const [win, loss] = GAME_RESULTS;
  return mine === win ? loss : mine === loss ? win : mine;
}

function wholeNumber(value: string | undefined, what: string): number | null {
  if (value === undefined) return null;
  if (!/^\d+$/.test(value)) throw new UsageError(`${what}: "${value}" is not a whole number`);
  return Number(value);
}

export function parseCommand(argv: string[], env: NodeJS.ProcessEnv): Command {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    // parseArgs names the unknown or incomplete option
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help || positionals[0] === 'help') return { name: 'help' };
  const [name, ...extra] = positionals;
  if (!name) throw new UsageError(`say what to do: ${COMMANDS.join(', ')}`);
  const command = COMMANDS.find((c) => c === name);
  if (!command) throw new UsageError(`unknown command "${name}" (${COMMANDS.join(', ')})`);
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);

  const connection: Connection = {
    api: (values.api ?? env.COMPANION_API_URL ?? 'http://127.0.0.1:8787').replace(/\/+$/, ''),
    key: values.key ?? env.COMPANION_API_KEY ?? 'companion-dev',
    secret: values.secret ?? env.COMPANION_SECRET ?? 'companion-dev-secret',
  };
  if (command === 'formats') return { name: command, connection };

  const idToken = (values['id-token'] ?? env.COMPANION_ID_TOKEN ?? '').trim();
  if (!idToken)
    throw new UsageError('a Firebase ID token is needed: set COMPANION_ID_TOKEN or pass --id-token');
  if (command === 'decks') return { name: command, connection, idToken };

  if (!values.format) throw new UsageError('record: --format is required (see: companion-bot formats)');
  if (!values.result) throw new UsageError(`record: --result is required (${GAME_RESULTS.join(', ')})`);
  const mine = result(values.result, '--result');
  const opponents = (values.opponent ?? []).map((text): Opponent => {
    const [guest = '', theirs, deck] = text.split(':').map((part) => part.trim());
    if (!guest) throw new UsageError(`--opponent: "${text}" has no name (name[:result[:deck]])`);
    return {
      name: guest,
      result: theirs ? result(theirs, `--opponent ${guest}`) : opposite(mine),
      deck: deck || null,
    };
  });
  return {
    name: command,
    connection,
    idToken,
    game: {
      format: values.format,
      result: mine,
      deck: values.deck ?? null,
      opponents,
      turns: wholeNumber(values.turns, '--turns'),
      minutes: wholeNumber(values.minutes, '--minutes'),
      tags: values.tag ?? [],
      playedAt: values['played-at'] ?? null,
    },
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      api: { type: 'string' },
      key: { type: 'string' },
      secret: { type: 'string' },
      'id-token': { type: 'string' },
      format: { type: 'string' },
      result: { type: 'string' },
      deck: { type: 'string' },
      opponent: { type: 'string', multiple: true },
      turns: { type: 'string' },
      minutes: { type: 'string' },
      tag: { type: 'string', multiple: true },
      'played-at': { type: 'string' },
    },
  });
}
