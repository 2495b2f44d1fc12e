/**
 * The worker of the parse pool (services/parsing.ts): reads an import or a decklist with the SDK's
 * parsers, off the server's event loop. Plain JavaScript over the SDK's built output, so that it
 * runs as is in a worker thread whatever started the server (tsx, vitest, node).
 */
import { FormatError, parseDecklist, parseImport } from '@companion/sdk/formats';

/**
 * @param {{ kind: 'decklist' | 'import', content: string, options?: object }} task
 * @returns {{ ok: true, value: unknown } | { ok: false, message: string }}
 */
export default function parse({ kind, content, options }) {
  try {
    return {
      ok: true,
      value: kind === 'decklist' ? parseDecklist(content, options) : parseImport(content, options),
    };
  } catch (error) {
    // A FormatError does not survive the trip between threads as itself: send its message.
    if (error instanceof FormatError) return { ok: false, message: error.message };
    throw error;
  }
}
