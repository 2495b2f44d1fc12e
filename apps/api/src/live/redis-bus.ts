import {
  CHANNEL_TTL_SECONDS,
  HISTORY_SIZE,
  ID_TTL_SECONDS,
  type LiveBus,
  type LiveEnvelope,
  type LiveRevocation,
  type MessageFrame,
} from './bus.js';

/**
 * Accepts one message atomically: drop a known id, INCR the channel's sequence, remember the id
 * (SET … EX), append to the capped history list, and PUBLISH to the user's channel. Publishing inside
 * the script keeps fan-out in sequence order for every subscriber.
 *
 * KEYS: seq, history, id. ARGV: id TTL, frame JSON after `"seq":N,`, history size, pub/sub channel,
 * origin, channel TTL.
 */
const PUBLISH_SCRIPT = `
local seen = redis.call('GET', KEYS[3])
if seen then return {tonumber(seen), 1} end
local seq = redis.call('INCR', KEYS[1])
redis.call('SET', KEYS[3], seq, 'EX', ARGV[1])
local frame = '{"kind":"message","seq":' .. seq .. ',' .. ARGV[2]
redis.call('RPUSH', KEYS[2], frame)
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[3]), -1)
redis.call('EXPIRE', KEYS[1], ARGV[6])
redis.call('EXPIRE', KEYS[2], ARGV[6])
redis.call('PUBLISH', ARGV[4], ARGV[5] .. '\\n' .. frame)
return {seq, 0}
`;

type PublishCommand = (
  seqKey: string,
  historyKey: string,
  idKey: string,
  idTtl: number,
  frameTail: string,
  historySize: number,
  channel: string,
  origin: string,
  channelTtl: number,
) => Promise<[number, number]>;

export interface RedisBusOptions {
  url: string;
  /** Prefix of every key and pub/sub channel (tests use a unique one). */
  keyPrefix?: string;
  onError?: (error: unknown) => void;
}

/** Several instances: sequence, history and ids in Redis; fan-out and revocations over pub/sub. */
export async function createRedisBus(options: RedisBusOptions): Promise<LiveBus> {
  const prefix = options.keyPrefix ?? 'companion:';
  const connection = { maxRetriesPerRequest: 3, enableReadyCheck: true, lazyConnect: true } as const;
  // Loaded only when configured (a one-instance server starts quicker without it).
  const { Redis } = await import('ioredis');
  const redis = new Redis(options.url, connection);
  const subscriber = new Redis(options.url, connection);
  const report = options.onError ?? (() => {});
  redis.on('error', report);
  subscriber.on('error', report);
  await Promise.all([redis.connect(), subscriber.connect()]);
  redis.defineCommand('livePublish', { numberOfKeys: 3, lua: PUBLISH_SCRIPT });
  const livePublish = (redis as unknown as { livePublish: PublishCommand }).livePublish.bind(redis);

  // Hash tags keep one user's keys in one slot (Redis Cluster).
  const key = (userId: string, what: 'seq' | 'history' | 'id') => `${prefix}live:{${userId}}:${what}`;
  const userChannel = (userId: string) => `${prefix}live:u:${userId}`;
  const revokeChannel = `${prefix}live:revoke`;
  const channelPrefix = `${prefix}live:u:`;

  const messageListeners: Array<(userId: string, envelope: LiveEnvelope) => void> = [];
  const revokeListeners: Array<(revocation: LiveRevocation) => void> = [];
  /** Local watchers per user, and the pending (un)subscription that the next call waits for. */
  const watchers = new Map<string, { count: number; ready: Promise<unknown> }>();

  subscriber.on('message', (channel: string, payload: string) => {
    try {
      if (channel === revokeChannel) {
        const revocation = JSON.parse(payload) as LiveRevocation;
        for (const listener of revokeListeners) listener(revocation);
        return;
      }
      if (!channel.startsWith(channelPrefix)) return;
      const userId = channel.slice(channelPrefix.length);
      const cut = payload.indexOf('\n');
      const json = payload.slice(cut + 1);
      const envelope: LiveEnvelope = {
        origin: payload.slice(0, cut),
        frame: JSON.parse(json) as MessageFrame,
        json,
      };
      for (const listener of messageListeners) listener(userId, envelope);
    } catch (error) {
      report(error);
    }
  });
  await subscriber.subscribe(revokeChannel);

  return {
    kind: 'redis',
    async publish(userId, { id, message, origin }) {
      const sentAt = new Date().toISOString();
      const tail = JSON.stringify({ id, sentAt, message }).slice(1);
      const [seq, duplicate] = await livePublish(
        key(userId, 'seq'),
        key(userId, 'history'),
        `${key(userId, 'id')}:${id}`,
        ID_TTL_SECONDS,
        tail,
        HISTORY_SIZE,
        userChannel(userId),
        origin.replaceAll('\n', ' '),
        CHANNEL_TTL_SECONDS,
      );
      if (duplicate) return { seq: Number(seq), duplicate: true };
      return { seq: Number(seq), duplicate: false, frame: { kind: 'message', seq, id, sentAt, message } };
    },
    async history(userId, afterSeq) {
      const rows = await redis.lrange(key(userId, 'history'), 0, -1);
      return rows.map((row) => JSON.parse(row) as MessageFrame).filter((f) => f.seq > afterSeq);
    },
    async lastSeq(userId) {
      return Number((await redis.get(key(userId, 'seq'))) ?? 0);
    },
    async watch(userId) {
      const entry = watchers.get(userId);
      if (entry) {
        entry.count += 1;
        await entry.ready;
        return;
      }
      // Commands on one connection run in order, so a later unsubscribe cannot overtake this.
      const ready = subscriber.subscribe(userChannel(userId));
      watchers.set(userId, { count: 1, ready });
      await ready;
    },
    async unwatch(userId) {
      const entry = watchers.get(userId);
      if (!entry) return;
      entry.count -= 1;
      if (entry.count > 0) return;
      watchers.delete(userId);
      await subscriber.unsubscribe(userChannel(userId));
    },
    onMessage(listener) {
      messageListeners.push(listener);
    },
    async revoke(revocation) {
      await redis.publish(revokeChannel, JSON.stringify(revocation));
    },
    onRevoke(listener) {
      revokeListeners.push(listener);
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), redis.quit()]);
    },
  };
}
