import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  LIMITS,
  LiveClientFrame,
  type LiveRoleValue,
  type LiveServerFrame,
} from '@companion/sdk/contract';
import type { RawData, WebSocket } from 'ws';
import type { LiveBus, LiveEnvelope, LiveRevocation } from './bus.js';
import { TokenBucket } from './token-bucket.js';

export type LiveRole = LiveRoleValue;

export interface LiveLimits {
  /** WebSocket ping interval; a socket that has not answered the previous ping is terminated. */
  heartbeatMs: number;
  /** Largest accepted frame, in bytes. */
  maxFrameBytes: number;
  /** Token bucket per sender: messages per second and burst. */
  ratePerSecond: number;
  burst: number;
  /** A socket this far behind (bytes waiting to be written) is dropped. */
  maxBufferedBytes: number;
  /** Open sockets one user may hold on one instance (tabs, phones and overlays together). */
  maxSocketsPerUser: number;
  /** Time a new socket has to send its `auth` frame. */
  authTimeoutMs: number;
}

export const DEFAULT_LIMITS: LiveLimits = {
  heartbeatMs: 15_000,
  maxFrameBytes: 16 * 1024,
  ratePerSecond: 20,
  burst: 40,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxSocketsPerUser: 32,
  authTimeoutMs: 5_000,
};

/** Close codes the clients act on. */
export const CloseCode = {
  /** Credentials missing, unknown or revoked: do not reconnect with them. */
  UNAUTHORIZED: 4001,
  /** The connection request itself is wrong (role): do not reconnect as is. */
  BAD_REQUEST: 4000,
  /** The server is restarting: reconnect. */
  RESTART: 1012,
  /** The socket could not keep up. */
  TOO_SLOW: 1013,
  /** The user has too many sockets open: close some, then reconnect. */
  TOO_MANY: 4008,
} as const;

export interface LiveIdentity {
  userId: string;
  role: LiveRole;
  sessionId: string;
  /** Hash of the token the socket authenticated with (to keep the new streaming token's sockets). */
  tokenHash: string;
  /** When the session ends (milliseconds since the epoch), or null for a token without end. */
  expiresAt: number | null;
}

interface Connection extends LiveIdentity {
  id: string;
  socket: WebSocket;
  alive: boolean;
  /** Live frames held while a replay is being written, so that the socket sees them in order. */
  held: LiveEnvelope[] | null;
  bucket: TokenBucket;
  /** Frames of one socket are handled one after the other. */
  queue: Promise<void>;
}

type ErrorFrame = Extract<LiveServerFrame, { kind: 'error' }>;

/** Keeps this instance's sockets, relays the bus to them and applies their frames. */
export class LiveHub {
  readonly instanceId = randomUUID();
  private readonly byUser = new Map<string, Set<Connection>>();
  /** Per-user send buckets, shared by the user's sockets on this instance. */
  private readonly sendBuckets = new Map<string, TokenBucket>();
  private readonly timer: NodeJS.Timeout;
  private closing = false;

  constructor(
    readonly bus: LiveBus,
    readonly limits: LiveLimits = DEFAULT_LIMITS,
    private readonly log: { warn(obj: object, msg: string): void } = console,
  ) {
    bus.onMessage((userId, envelope) => this.deliver(userId, envelope));
    bus.onRevoke((revocation) => this.applyRevocation(revocation));
    this.timer = setInterval(() => this.heartbeat(), limits.heartbeatMs);
    this.timer.unref();
  }

  /** Sockets the user holds on this instance. */
  socketsOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Number of open sockets and of users with at least one, on this instance. */
  stats(): { sockets: number; users: number } {
    let sockets = 0;
    for (const set of this.byUser.values()) sockets += set.size;
    return { sockets, users: this.byUser.size };
  }

  /**
   * Takes an authenticated socket: says hello with the channel's last sequence number, replays what
   * came after `afterSeq` when given, then relays live messages.
   */
  open(socket: WebSocket, identity: LiveIdentity, afterSeq?: number): void {
    const conn: Connection = {
      ...identity,
      id: `${this.instanceId}:${randomUUID()}`,
      socket,
      alive: true,
      held: [],
      // A looser flood guard on every frame; sends have their own per-user bucket.
      bucket: new TokenBucket(this.limits.ratePerSecond * 2, this.limits.burst * 2),
      queue: Promise.resolve(),
    };
    let set = this.byUser.get(conn.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(conn.userId, set);
    }
    set.add(conn);

    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      conn.alive = true;
      this.enqueue(conn, () => this.receive(conn, data, isBinary));
    });
    socket.on('close', () => this.forget(conn));

    this.enqueue(conn, async () => {
      await this.bus.watch(conn.userId);
      const seq = await this.bus.lastSeq(conn.userId);
      this.send(conn, { kind: 'hello', role: conn.role, seq, heartbeatMs: this.limits.heartbeatMs });
      await this.replay(conn, afterSeq ?? seq, afterSeq !== undefined);
    });
  }

  /** Disconnects the user's overlays except those using the new streaming token, on every instance. */
  async revokeStreaming(userId: string, keepTokenHash?: string): Promise<void> {
    await this.bus.revoke({ kind: 'streaming', userId, ...(keepTokenHash ? { keepTokenHash } : {}) });
  }

  /** Disconnects the sockets opened with this session, on every instance. */
  async revokeSession(userId: string, sessionId: string): Promise<void> {
    await this.bus.revoke({ kind: 'session', userId, sessionId });
  }

  /** Disconnects every socket the user opened with a session (not overlays), on every instance. */
  async revokeSessions(userId: string): Promise<void> {
    await this.bus.revoke({ kind: 'sessions', userId });
  }

  /**
   * Tells every socket to reconnect elsewhere (1012) and takes no new one. The bus stays open: the
   * requests still being answered may announce changes to the other instances.
   */
  closeSockets(): void {
    this.closing = true;
    clearInterval(this.timer);
    for (const set of this.byUser.values()) {
      for (const conn of set) conn.socket.close(CloseCode.RESTART, 'Server restarting');
    }
    this.byUser.clear();
  }

  async close(): Promise<void> {
    this.closeSockets();
    await this.bus.close();
  }

  // ---- internals ----

  private enqueue(conn: Connection, task: () => Promise<void>): void {
    conn.queue = conn.queue.then(task).catch((error: unknown) => {
      this.log.warn({ err: error }, 'live: frame handling failed');
      this.send(conn, {
        kind: 'error',
        code: ErrorCode.UNAVAILABLE,
        message: 'The live channel is unavailable. Try again.',
      });
    });
  }

  private send(conn: Connection, frame: LiveServerFrame): void {
    this.write(conn, JSON.stringify(frame));
  }

  /** Sends a text frame (a string, or its UTF-8 bytes). */
  private write(conn: Connection, json: string | Buffer): void {
    const { socket } = conn;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.limits.maxBufferedBytes) {
      socket.close(CloseCode.TOO_SLOW, 'Too slow to keep up');
      return;
    }
    socket.send(json, { binary: false });
  }

  private error(conn: Connection, code: number, message: string, id?: string): void {
    const frame: ErrorFrame = { kind: 'error', code, message, ...(id ? { id } : {}) };
    this.send(conn, frame);
  }

  /** Writes the kept messages after `afterSeq` (when asked), then the live ones held meanwhile. */
  private async replay(conn: Connection, afterSeq: number, fromHistory: boolean): Promise<void> {
    conn.held ??= [];
    let floor = afterSeq;
    try {
      if (fromHistory) {
        for (const frame of await this.bus.history(conn.userId, afterSeq)) {
          this.write(conn, JSON.stringify(frame));
          floor = Math.max(floor, frame.seq);
        }
      }
    } finally {
      const held = conn.held;
      conn.held = null;
      for (const envelope of held) if (envelope.frame.seq > floor) this.write(conn, envelope.json);
    }
  }

  private deliver(userId: string, envelope: LiveEnvelope): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    // Encoded once for every socket of the channel (an overlay fan-out can be hundreds of sockets).
    let data: Buffer | undefined;
    for (const conn of set) {
      if (conn.id === envelope.origin) continue;
      if (conn.held) conn.held.push(envelope);
      else {
        data ??= Buffer.from(envelope.json);
        this.write(conn, data);
      }
    }
  }

  private async receive(conn: Connection, data: RawData, isBinary: boolean): Promise<void> {
    if (!conn.bucket.take()) {
      this.error(conn, ErrorCode.RATE_LIMITED, 'Too many frames. Slow down.');
      return;
    }
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;
    if (size > this.limits.maxFrameBytes) {
      this.error(
        conn,
        ErrorCode.TOO_LARGE,
        `The frame is ${size} bytes; the limit is ${this.limits.maxFrameBytes} bytes.`,
      );
      return;
    }
    if (isBinary) {
      this.error(conn, ErrorCode.VALIDATION, 'Send JSON text frames.');
      return;
    }
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Buffer.from(new Uint8Array(data)).toString('utf8');
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      this.error(conn, ErrorCode.VALIDATION, 'The frame is not valid JSON.');
      return;
    }
    const rawId =
      raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string'
        ? ((raw as { id: string }).id.slice(0, LIMITS.liveFrameId.max) as string)
        : undefined;
    const parsed = LiveClientFrame.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? issue.path.map(String).join('.') : 'frame';
      this.error(
        conn,
        ErrorCode.VALIDATION,
        `Invalid ${where}: ${issue?.message ?? 'does not match the live contract'}`,
        rawId,
      );
      return;
    }
    const frame = parsed.data;
    switch (frame.kind) {
      case 'ping':
        this.send(conn, { kind: 'pong' });
        return;
      case 'resume':
        await this.replay(conn, frame.afterSeq, true);
        return;
      case 'send': {
        if (conn.role !== 'sender') {
          this.error(
            conn,
            ErrorCode.FORBIDDEN,
            conn.role === 'overlay'
              ? 'An overlay only receives messages.'
              : 'A receiver only receives messages; connect as a sender to send.',
            frame.id,
          );
          return;
        }
        if (!this.userBucket(conn.userId).take()) {
          this.error(conn, ErrorCode.RATE_LIMITED, 'Too many messages. Slow down.', frame.id);
          return;
        }
        const result = await this.bus.publish(conn.userId, {
          id: frame.id,
          message: frame.message,
          origin: conn.id,
        });
        this.send(conn, { kind: 'ack', id: frame.id, seq: result.seq });
        return;
      }
    }
  }

  private userBucket(userId: string): TokenBucket {
    let bucket = this.sendBuckets.get(userId);
    if (!bucket) {
      bucket = new TokenBucket(this.limits.ratePerSecond, this.limits.burst);
      this.sendBuckets.set(userId, bucket);
    }
    return bucket;
  }

  private forget(conn: Connection): void {
    const set = this.byUser.get(conn.userId);
    if (!set?.delete(conn)) return;
    if (set.size === 0) {
      this.byUser.delete(conn.userId);
      this.sendBuckets.delete(conn.userId);
    }
    if (!this.closing) {
      this.bus.unwatch(conn.userId).catch((error: unknown) => {
        this.log.warn({ err: error }, 'live: unwatch failed');
      });
    }
  }

  private applyRevocation(revocation: LiveRevocation): void {
    if (revocation.kind === 'decks') return;
    const set = this.byUser.get(revocation.userId);
    if (!set) return;
    for (const conn of [...set]) {
      const revoked =
        revocation.kind === 'streaming'
          ? conn.role === 'overlay' && conn.tokenHash !== revocation.keepTokenHash
          : revocation.kind === 'sessions'
            ? conn.role !== 'overlay'
            : conn.sessionId === revocation.sessionId;
      if (!revoked) continue;
      const message =
        revocation.kind === 'streaming' ? 'The streaming token was replaced.' : 'The session was revoked.';
      this.error(conn, ErrorCode.UNAUTHENTICATED, message);
      conn.socket.close(CloseCode.UNAUTHORIZED, message);
      this.forget(conn);
    }
  }

  private heartbeat(): void {
    const now = Date.now();
    for (const set of this.byUser.values()) {
      for (const conn of [...set]) {
        // A socket does not outlive its session.
        if (conn.expiresAt !== null && conn.expiresAt <= now) {
          const message = 'The session expired. Sign in again.';
          this.error(conn, ErrorCode.UNAUTHENTICATED, message);
          conn.socket.close(CloseCode.UNAUTHORIZED, message);
          this.forget(conn);
          continue;
        }
        if (!conn.alive) {
          conn.socket.terminate();
          continue;
        }
        conn.alive = false;
        if (conn.socket.readyState === conn.socket.OPEN) conn.socket.ping();
      }
    }
  }
}
