/**
 * Parsing of imports and decklists. Small texts are parsed in place (a few milliseconds at most);
 * larger ones in a small pool of worker threads, so that a 20-million-character import never holds
 * the event loop, each within a time budget after which its worker is stopped and the caller gets
 * the catalogue's TOO_COMPLEX error.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { LIMITS, type SkippedLine } from '@companion/sdk/contract';
import {
  type DecklistParseResult,
  FormatError,
  type ImportParseResult,
  type ParseDecklistOptions,
  type ParseImportOptions,
  parseDecklist,
  parseImport,
} from '@companion/sdk/formats';
import Tinypool from 'tinypool';
import { TooComplex } from './errors.js';

/**
 * Texts up to this many characters are parsed on the event loop. Measured on the shared data's
 * exports (8 to 80 KB a millisecond, slowest DragonShield): 64 K characters take at most 8 ms,
 * about what sending the text to a worker and its rows back costs.
 */
export const INLINE_PARSE_CHARS = 64 * 1024;

/**
 * A parse's skipped lines as answers list them: the first `LIMITS.importSkippedShown.max`, each with
 * its count, and how many lines were skipped in all.
 */
export function skippedReport(skipped: DecklistParseResult['skipped']): {
  skipped: SkippedLine[];
  skippedLines: number;
} {
  return {
    skipped: skipped
      .slice(0, LIMITS.importSkippedShown.max)
      .map((k) => ({ line: k.line, reason: k.reason, raw: k.raw, count: k.count ?? 1 })),
    skippedLines: skipped.reduce((sum, k) => sum + (k.count ?? 1), 0),
  };
}

export interface ParsingOptions {
  /** Longest time one parse may take, waiting for a free worker included, in milliseconds. */
  budgetMs: number;
  /** Worker threads (default: the machine's parallelism less one for the event loop, 1 to 4). */
  threads?: number | undefined;
  /** Texts up to this many characters are parsed in place (default INLINE_PARSE_CHARS). */
  inlineChars?: number | undefined;
}

export interface Parsing {
  decklist(content: string, options?: ParseDecklistOptions): Promise<DecklistParseResult>;
  importFile(content: string, options?: ParseImportOptions): Promise<ImportParseResult>;
  /** Stops the workers (a parse in progress is abandoned). */
  close(): Promise<void>;
}

type Task =
  | { kind: 'decklist'; content: string; options?: ParseDecklistOptions | undefined }
  | { kind: 'import'; content: string; options?: ParseImportOptions | undefined };
type Answer = { ok: true; value: unknown } | { ok: false; message: string };

export const defaultParseThreads = () => Math.max(1, Math.min(4, availableParallelism() - 1));

export function createParsing(options: ParsingOptions): Parsing {
  const inlineChars = options.inlineChars ?? INLINE_PARSE_CHARS;
  let pool: Tinypool | undefined;
  const workers = () => {
    pool ??= new Tinypool({
      filename: fileURLToPath(new URL('./parse-worker.mjs', import.meta.url)),
      minThreads: 0,
      maxThreads: options.threads ?? defaultParseThreads(),
      // Threads are started when big texts arrive and stopped a while after the last one.
      idleTimeout: 30_000,
    });
    return pool;
  };

  async function run<T>(task: Task): Promise<T> {
    if (task.content.length <= inlineChars) {
      return (
        task.kind === 'decklist'
          ? parseDecklist(task.content, task.options)
          : parseImport(task.content, task.options)
      ) as T;
    }
    const signal = AbortSignal.timeout(options.budgetMs);
    let answer: Answer;
    try {
      answer = (await workers().run(task, { signal })) as Answer;
    } catch (error) {
      // Tinypool stops the worker of an aborted task (a new one starts for the next).
      if (signal.aborted) {
        throw new TooComplex(
          `This text took too long to read (the limit is ${options.budgetMs / 1000} s). Split it into smaller parts and try again.`,
        );
      }
      throw error;
    }
    if (!answer.ok) throw new FormatError(answer.message);
    return answer.value as T;
  }

  return {
    decklist: (content, parseOptions) => run({ kind: 'decklist', content, options: parseOptions }),
    importFile: (content, parseOptions) => run({ kind: 'import', content, options: parseOptions }),
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
