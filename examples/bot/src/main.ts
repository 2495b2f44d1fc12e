/**
 * An example bot on `@companion/sdk`: exchanges a Firebase ID token for a Companion session
 * (`client.auth.login`), lists the user's decks, records a game, and signs out again. Every failure
 * is one of the SDK's typed errors, turned into a sentence by `explain`.
 *
 *   COMPANION_ID_TOKEN=… pnpm start record --format commander --result win --opponent Gus
 */
import {
  type CompanionClient,
  type Credentials,
  createClient,
  isCompanionError,
  isForbiddenError,
  isNetworkError,
  isNotFoundError,
  isRateLimitError,
  isServerError,
  isSessionExpiredError,
  isSignatureError,
  isUnverifiedError,
  isValidationError,
} from '@companion/sdk';
import {
  type DeckSummary,
  ErrorCode,
  type Game,
  type GameInput,
  type Session,
} from '@companion/sdk/contract';
import {
  type Command,
  type Connection,
  type GameOptions,
  HELP,
  parseCommand,
  UsageError,
} from './options.js';

type Print = (line: string) => void;

function connect(
  connection: Connection,
  credentials: () => Credentials | null = () => null,
): CompanionClient {
  return createClient({
    baseUrl: connection.api,
    apiKey: connection.key,
    secret: connection.secret,
    device: 'bot',
    credentials,
  });
}

/** Opens a session with the ID token, runs `work` as that user, then revokes the session. */
async function asUser<T>(
  connection: Connection,
  idToken: string,
  print: Print,
  work: (client: CompanionClient, session: Session) => Promise<T>,
): Promise<T> {
  let session: Session | null = null;
  const client = connect(connection, () => session && { token: session.token, userId: session.user.id });
  // The ID token goes in the Authorization header of this one call; the session token after it.
  session = await client.auth.login({ identityToken: idToken, body: { locale: 'en' } });
  print(`Signed in as ${displayName(session.user)}${session.created ? ' (new account)' : ''}.`);
  try {
    return await work(client, session);
  } finally {
    // A bot run is short: leave no session behind. A failure here changes nothing for the user.
    await client.auth.logout(undefined, { sessionEvents: false }).catch(() => undefined);
  }
}

function displayName(user: Session['user']): string {
  const name = [user.firstname, user.lastname].filter(Boolean).join(' ') || user.username || user.email;
  return name ? `${name} (code ${user.code})` : `code ${user.code}`;
}

const colors = (identity: readonly string[]) => (identity.length > 0 ? identity.join('') : 'C');

function printDecks(decks: readonly DeckSummary[], print: Print): void {
  if (decks.length === 0) {
    print('You have no decks yet.');
    return;
  }
  print(`${decks.length} deck${decks.length === 1 ? '' : 's'}:`);
  const width = Math.max(...decks.map((d) => d.name.length));
  for (const d of decks) {
    const record = d.games === 0 ? 'no games' : `${d.games} game${d.games === 1 ? '' : 's'}, ${d.wins} won`;
    print(
      `  ${d.name.padEnd(width)}  ${d.formatId.padEnd(10)} ${colors(d.colorIdentity).padEnd(5)} ` +
        `${String(d.cardCount).padStart(3)} cards  ${record}  id ${d.id}`,
    );
  }
}

/** The deck the player named, by id or by name (any case); a clear error when none or several match. */
function findDeck(decks: readonly DeckSummary[], wanted: string): DeckSummary {
  const byId = decks.find((d) => d.id === wanted);
  if (byId) return byId;
  const byName = decks.filter((d) => d.name.toLowerCase() === wanted.trim().toLowerCase());
  if (byName.length === 1) return byName[0]!;
  const names = decks.map((d) => `"${d.name}"`).join(', ') || 'none';
  if (byName.length === 0)
    throw new UsageError(`--deck: no deck of yours is named "${wanted}" (yours: ${names})`);
  throw new UsageError(`--deck: several decks are named "${wanted}"; give its id (companion-bot decks)`);
}

function printGame(game: Game, myId: string, print: Print): void {
  const facts = [
    game.formatId + (game.subformatId ? ` (${game.subformatId})` : ''),
    game.turns === null ? null : `${game.turns} turns`,
    game.durationMinutes === null ? null : `${game.durationMinutes} min`,
  ].filter(Boolean);
  print(`Recorded game ${game.id} played ${game.playedAt}: ${facts.join(', ')}`);
  for (const p of game.players) {
    const who = p.user?.id === myId ? 'You' : (p.guestName ?? p.user?.firstname ?? p.user?.id ?? '?');
    const deck = p.deck?.name ?? p.deckName;
    print(`  ${who}${deck ? ` (${deck})` : ''}: ${p.result}`);
  }
  if (game.tags.length > 0) print(`  tags: ${game.tags.map((t) => t.name).join(', ')}`);
}

async function record(client: CompanionClient, session: Session, options: GameOptions, print: Print) {
  const deck = options.deck ? findDeck((await client.user.decks()).decks, options.deck) : null;
  const body: GameInput = {
    formatId: options.format,
    players: [
      { userId: session.user.id, deckId: deck?.id ?? null, result: options.result },
      ...options.opponents.map((o) => ({ guestName: o.name, deckName: o.deck, result: o.result })),
    ],
    turns: options.turns,
    durationMinutes: options.minutes,
    ...(options.playedAt ? { playedAt: options.playedAt } : {}),
    ...(options.tags.length > 0 ? { tags: options.tags } : {}),
  };
  const { game } = await client.games.create({ body });
  printGame(game, session.user.id, print);
}

async function run(command: Command, print: Print): Promise<void> {
  switch (command.name) {
    case 'help':
      print(HELP.trimEnd());
      return;
    case 'formats': {
      const { formats } = await connect(command.connection).system.formats();
      for (const f of formats) {
        const subformats = f.subformats.map((s) => s.id).join(', ');
        print(`  ${f.id.padEnd(16)} ${f.name}${subformats ? `  (subformats: ${subformats})` : ''}`);
      }
      return;
    }
    case 'decks':
      return asUser(command.connection, command.idToken, print, async (client) => {
        printDecks((await client.user.decks()).decks, print);
      });
    case 'record':
      return asUser(command.connection, command.idToken, print, (client, session) =>
        record(client, session, command.game, print),
      );
  }
}

/** One sentence for each of the SDK's errors, with what to do about it. */
function explain(error: unknown, connection: Connection | null): string {
  if (error instanceof UsageError) return `${error.message}\nRun companion-bot --help for the options.`;
  if (!isCompanionError(error))
    return `unexpected failure: ${error instanceof Error ? error.stack : String(error)}`;
  const said = error.message.replace(/\.+$/, '');
  const id = error.requestId ? ` (request ${error.requestId})` : '';
  if (isNetworkError(error))
    return `could not reach the API at ${connection?.api ?? '?'} (${said}): is the server running? (--api)`;
  if (isSignatureError(error))
    return `the API refused the request's signature: ${said}. Check --key and --secret, and the clock${id}`;
  if (isUnverifiedError(error))
    return `your email address is not verified yet: open the link Companion sent you, then get a new ID token${id}`;
  if (isSessionExpiredError(error))
    return error.code === ErrorCode.BAD_IDENTITY_TOKEN
      ? `the Firebase ID token was refused (expired, malformed, or from another Firebase project): sign in again for a fresh one${id}`
      : `the session was refused: ${error.serverMessage ?? said}${id}`;
  if (isValidationError(error))
    return error.side === 'request'
      ? `the request does not match the API's contract: ${said}`
      : `the server's answer does not match this SDK's contract (server and SDK versions differ?): ${said}${id}`;
  if (isForbiddenError(error) || isNotFoundError(error) || isServerError(error)) return `${said}${id}`;
  if (isRateLimitError(error))
    return `too many requests: ${said}; try again${error.retryAfter ? ` in ${Math.ceil(error.retryAfter)} s` : ' later'}`;
  // RequestError: the server said what is wrong (400, 409, …); `details.issues` names the fields.
  const issues = error.details?.issues;
  const first: unknown = Array.isArray(issues) ? issues[0] : undefined;
  const field = first && typeof first === 'object' && 'path' in first ? String(first.path) : '';
  const hint = field === 'body.formatId' ? ' (companion-bot formats lists them)' : '';
  return `the API refused: ${said}${field && !said.includes(field) ? ` (${field})` : ''}${hint}${id}`;
}

async function main(): Promise<number> {
  const print: Print = (line) => process.stdout.write(`${line}\n`);
  let command: Command | null = null;
  try {
    command = parseCommand(process.argv.slice(2), process.env);
    await run(command, print);
    return 0;
  } catch (error) {
    const connection = command && command.name !== 'help' ? command.connection : null;
    process.stderr.write(`companion-bot: ${explain(error, connection)}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}

process.exitCode = await main();
