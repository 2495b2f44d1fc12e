import { ErrorCode } from '../contract/common.js';
import { LIVE_PATH, type LiveAuthFrame, type LiveMessage, LiveServerFrame } from '../contract/live.js';
import type { LiveRoleValue } from '../contract/values.js';

export type LiveRole = LiveRoleValue;
export type LiveMessageFrame = Extract<LiveServerFrame, { kind: 'message' }>;

/**
 * `connecting` (first attempt), `open` (hello received), `reconnecting` (waiting or trying again),
 * `closed` (by `close()`, or refused for good: revoked token, bad role).
 */
export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

// A method's parameter is checked both ways, so the browser's and `ws`'s own event types fit.
type Handler<E> = { handle(event: E): void }['handle'];

/** The subset of the WebSocket API the client uses: the browser's, or the `ws` package's in Node. */
export interface LiveSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<{ type: string }> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<{ type: string }> | null;
}
export type LiveSocketConstructor = new (url: string) => LiveSocket;

/** A refusal from the server (`error` frame) or the end of the connection. */
export class LiveError extends Error {
  /** The server's error code (see `ErrorCode`), e.g. 60 forbidden, 90 rate limited, 50 revoked. */
  readonly code: number;
  /** The message id it concerns, for a refused `send`. */
  readonly id: string | undefined;
  /** The WebSocket close code when the connection ended for good. */
  readonly closeCode: number | undefined;
  constructor(message: string, code: number, options: { id?: string; closeCode?: number } = {}) {
    super(message);
    this.name = 'LiveError';
    this.code = code;
    this.id = options.id;
    this.closeCode = options.closeCode;
  }
}
export const isLiveError = (error: unknown): error is LiveError => error instanceof LiveError;

export interface LiveClientOptions {
  /** The API address (`http(s)://host[:port]`, the `/live` path is added) or a full `ws(s)://…/live` URL. */
  url: string;
  /** Session token (`cs_…`) for senders and receivers, streaming token (`ct_…`) for overlays. */
  token: string;
  role: LiveRole;
  /** The WebSocket constructor (Node 20 has none: pass `ws`'s). Default: `globalThis.WebSocket`. */
  WebSocket?: LiveSocketConstructor;
  /**
   * On the first connection, replay what the channel kept after this sequence number (0: all of it,
   * which an overlay uses to restore the current state). Default: only what comes next.
   */
  afterSeq?: number;
  /** Reconnection delays: exponential from `initialMs` to `maxMs`, with jitter. */
  backoff?: { initialMs?: number; maxMs?: number; factor?: number };
  /** Random source for the jitter (tests). */
  random?: () => number;
}

export interface LiveClientEvents {
  message: (frame: LiveMessageFrame) => void;
  status: (status: LiveStatus) => void;
  error: (error: LiveError) => void;
}

export interface LiveClient {
  readonly status: LiveStatus;
  /** The highest sequence number seen (received or acknowledged). */
  readonly lastSeq: number;
  /**
   * Sends a message (senders only). Resolves on the server's `ack`; queued while disconnected and
   * sent again with the same id after reconnecting, so it is delivered once.
   */
  send(message: LiveMessage): Promise<{ id: string; seq: number }>;
  on<E extends keyof LiveClientEvents>(event: E, listener: LiveClientEvents[E]): () => void;
  close(): void;
}

/** Close codes after which reconnecting with the same credentials cannot work. */
const FINAL_CLOSE_CODES = new Set([4000, 4001]);
const OPEN = 1;
const REMEMBERED = 1000;

interface Pending {
  id: string;
  json: string;
  resolve: (value: { id: string; seq: number }) => void;
  reject: (error: LiveError) => void;
}

function liveUrl(base: string): string {
  const url = new URL(base);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  if (!url.pathname.endsWith(LIVE_PATH)) url.pathname = `${url.pathname.replace(/\/+$/, '')}${LIVE_PATH}`;
  return url.toString();
}

function newId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** A bounded set: forgets the oldest entries past `limit`. */
class RecentSet<T> {
  private readonly items = new Set<T>();
  constructor(private readonly limit: number) {}
  has(value: T) {
    return this.items.has(value);
  }
  add(value: T) {
    this.items.add(value);
    if (this.items.size > this.limit) {
      const oldest = this.items.values().next();
      if (!oldest.done) this.items.delete(oldest.value);
    }
  }
  clear() {
    this.items.clear();
  }
}

/**
 * A live channel client for browsers and Node: reconnects with exponential backoff and jitter,
 * resumes after the last sequence number it saw, drops duplicates, and queues sends while offline.
 *
 * ```ts
 * const live = createLiveClient({ url: 'http://127.0.0.1:8787', token, role: 'overlay', afterSeq: 0 });
 * live.on('message', ({ message }) => render(message));
 * ```
 */
export function createLiveClient(options: LiveClientOptions): LiveClient {
  const available = options.WebSocket ?? (globalThis as { WebSocket?: LiveSocketConstructor }).WebSocket;
  if (!available) {
    throw new TypeError('No WebSocket implementation: pass one (e.g. `import WebSocket from "ws"`).');
  }
  const Socket: LiveSocketConstructor = available;
  const initialMs = options.backoff?.initialMs ?? 500;
  const maxMs = options.backoff?.maxMs ?? 30_000;
  const factor = options.backoff?.factor ?? 2;
  const random = options.random ?? Math.random;

  const listeners: { [E in keyof LiveClientEvents]: Set<LiveClientEvents[E]> } = {
    message: new Set(),
    status: new Set(),
    error: new Set(),
  };
  const emit = <E extends keyof LiveClientEvents>(event: E, ...args: Parameters<LiveClientEvents[E]>) => {
    for (const listener of listeners[event]) {
      try {
        (listener as (...a: Parameters<LiveClientEvents[E]>) => void)(...args);
      } catch (error) {
        // A listener's failure must not break the connection.
        setTimeout(() => {
          throw error;
        });
      }
    }
  };

  let status: LiveStatus = 'connecting';
  let socket: LiveSocket | undefined;
  let lastSeq = -1; // unknown until the first hello (or options.afterSeq)
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  let lastHeard = Date.now();
  const seenSeqs = new RecentSet<number>(REMEMBERED);
  const seenIds = new RecentSet<string>(REMEMBERED);
  const pending = new Map<string, Pending>();

  const setStatus = (next: LiveStatus) => {
    if (status === next) return;
    status = next;
    emit('status', next);
  };

  const stopHeartbeat = () => {
    if (heartbeatTimer) clearInterval(heartbeatTimer);
    heartbeatTimer = undefined;
  };

  const detach = (s: LiveSocket) => {
    s.onopen = null;
    s.onmessage = null;
    s.onclose = null;
    s.onerror = null;
  };

  const rejectPending = (error: LiveError) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };

  const finish = (error?: LiveError) => {
    if (reconnectTimer) clearTimeout(reconnectTimer);
    stopHeartbeat();
    if (socket) {
      detach(socket);
      if (socket.readyState <= OPEN) socket.close(1000, 'Client closed');
      socket = undefined;
    }
    if (error) emit('error', error);
    rejectPending(error ?? new LiveError('The live client was closed.', ErrorCode.UNAVAILABLE));
    setStatus('closed');
  };

  const scheduleReconnect = () => {
    if (status === 'closed') return;
    stopHeartbeat();
    setStatus('reconnecting');
    const base = Math.min(maxMs, initialMs * factor ** attempt);
    attempt += 1;
    // Equal jitter: between half and all of the exponential delay, so clients do not retry in step.
    const delay = base / 2 + (random() * base) / 2;
    reconnectTimer = setTimeout(connect, delay);
  };

  const dropSocket = () => {
    if (!socket) return;
    detach(socket);
    try {
      socket.close(4002, 'No heartbeat');
    } catch {
      // already closing
    }
    socket = undefined;
  };

  const onFrame = (raw: unknown) => {
    lastHeard = Date.now();
    let frame: LiveServerFrame;
    try {
      const parsed = LiveServerFrame.safeParse(JSON.parse(typeof raw === 'string' ? raw : String(raw)));
      if (!parsed.success) return;
      frame = parsed.data;
    } catch {
      return;
    }
    switch (frame.kind) {
      case 'hello': {
        attempt = 0;
        const reset = lastSeq > frame.seq; // the channel restarted from scratch (server without Redis)
        if (reset) seenSeqs.clear();
        if (lastSeq < 0 || reset) lastSeq = frame.seq;
        setStatus('open');
        if (reset) socket?.send(JSON.stringify({ kind: 'resume', afterSeq: 0 }));
        for (const p of pending.values()) socket?.send(p.json);
        stopHeartbeat();
        heartbeatTimer = setInterval(() => {
          if (Date.now() - lastHeard > frame.heartbeatMs * 2 + 5000) {
            dropSocket();
            scheduleReconnect();
            return;
          }
          if (socket?.readyState === OPEN) socket.send('{"kind":"ping"}');
        }, frame.heartbeatMs);
        return;
      }
      case 'message': {
        if (seenIds.has(frame.id) || seenSeqs.has(frame.seq)) return;
        seenIds.add(frame.id);
        seenSeqs.add(frame.seq);
        lastSeq = Math.max(lastSeq, frame.seq);
        emit('message', frame);
        return;
      }
      case 'ack': {
        seenSeqs.add(frame.seq);
        lastSeq = Math.max(lastSeq, frame.seq);
        const p = pending.get(frame.id);
        if (!p) return;
        pending.delete(frame.id);
        p.resolve({ id: frame.id, seq: frame.seq });
        return;
      }
      case 'error': {
        const error = new LiveError(frame.message, frame.code, frame.id ? { id: frame.id } : {});
        const p = frame.id ? pending.get(frame.id) : undefined;
        if (p) {
          pending.delete(p.id);
          p.reject(error);
        }
        emit('error', error);
        return;
      }
      case 'pong':
        return;
    }
  };

  function connect() {
    reconnectTimer = undefined;
    if (status === 'closed') return;
    const auth: LiveAuthFrame = { kind: 'auth', token: options.token, role: options.role };
    if (lastSeq >= 0) auth.afterSeq = lastSeq;
    else if (options.afterSeq !== undefined) auth.afterSeq = options.afterSeq;
    let s: LiveSocket;
    try {
      s = new Socket(liveUrl(options.url));
    } catch (error) {
      finish(new LiveError(error instanceof Error ? error.message : String(error), ErrorCode.VALIDATION));
      return;
    }
    socket = s;
    lastHeard = Date.now();
    // Credentials go in the first frame, never in the URL.
    s.onopen = () => s.send(JSON.stringify(auth));
    s.onmessage = (event) => onFrame(event.data);
    s.onerror = () => {
      // The close event follows and decides what to do.
    };
    s.onclose = (event) => {
      if (socket !== s) return;
      detach(s);
      socket = undefined;
      if (FINAL_CLOSE_CODES.has(event.code)) {
        const code = event.code === 4001 ? ErrorCode.UNAUTHENTICATED : ErrorCode.VALIDATION;
        finish(
          new LiveError(event.reason || 'The live channel refused this connection.', code, {
            closeCode: event.code,
          }),
        );
        return;
      }
      scheduleReconnect();
    };
  }

  connect();

  return {
    get status() {
      return status;
    },
    get lastSeq() {
      return Math.max(lastSeq, 0);
    },
    send(message) {
      if (status === 'closed') {
        return Promise.reject(new LiveError('The live client is closed.', ErrorCode.UNAVAILABLE));
      }
      const id = newId();
      seenIds.add(id); // a replay of our own message is not shown back to us
      return new Promise((resolve, reject) => {
        const json = JSON.stringify({ kind: 'send', id, message });
        pending.set(id, { id, json, resolve, reject });
        if (status === 'open' && socket?.readyState === OPEN) socket.send(json);
      });
    },
    on(event, listener) {
      listeners[event].add(listener);
      return () => {
        listeners[event].delete(listener);
      };
    },
    close() {
      if (status !== 'closed') finish();
    },
  };
}
