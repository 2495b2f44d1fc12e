/**
 * The worker thread of a PGlite import (catalogue-import.ts, `batchesInWorker`): reads the bulk
 * file, cuts and parses its cards and writes each batch's JSON (cardBatches), while the importing
 * thread, where PGlite runs, writes the batch before. It keeps at most two batches ahead of the
 * database: each message from the importing thread lets it send one more.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { JsonShapeError } from './catalogue-json.js';
import { type CardBatch, cardBatches } from './catalogue-source.js';

/** What the importing thread starts the worker with. */
export interface ParseWorkerData {
  path: string;
  size: number;
  /** The import's time (ms since the epoch), which stamps the rows. */
  now: number;
}

/** What the worker sends: `ready` once loaded, then batches, then `end` or `error`. */
export type ParseWorkerMessage =
  | { type: 'ready' }
  | { type: 'batch'; batch: CardBatch }
  | { type: 'end' }
  | { type: 'error'; message: string; shape: boolean };

/** Batches the worker may send before the importing thread has taken the first of them. */
const AHEAD = 2;

/** Sends the batches of the file workerData names, then `end` (or `error`), and closes the port. */
async function run(port: MessagePort): Promise<void> {
  const { path, size, now } = workerData as ParseWorkerData;
  let credit = AHEAD;
  let wake: (() => void) | null = null;
  port.on('message', () => {
    credit++;
    wake?.();
    wake = null;
  });
  const send = (message: ParseWorkerMessage) => port.postMessage(message);
  send({ type: 'ready' });
  try {
    for await (const batch of cardBatches(path, size, new Date(now))) {
      while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
      credit--;
      send({ type: 'batch', batch });
    }
    send({ type: 'end' });
  } catch (error) {
    send({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
      shape: error instanceof JsonShapeError,
    });
  }
  port.close();
}

if (parentPort) void run(parentPort);
