import {
  HISTORY_SIZE,
  ID_TTL_SECONDS,
  type LiveBus,
  type LiveEnvelope,
  type LiveRevocation,
  type MessageFrame,
} from './bus.js';

interface Channel {
  seq: number;
  history: MessageFrame[];
  /** id → [seq, expiry in ms]; insertion order is age order. */
  ids: Map<string, [number, number]>;
}

/** Most ids remembered per channel (20 msg/s for an hour would be far more than any sender does). */
const MAX_IDS = 5000;

/**
 * One process: the channel lives in memory and fan-out is a function call.
 *
 * Sequence numbers start at the bus's creation time in milliseconds rather than 0, so that after a
 * restart they stay above those of the previous process (a user sends far fewer than 1,000 messages a
 * second): a reconnecting client's `afterSeq` then replays everything the new process received.
 */
export function createMemoryBus(now: () => number = Date.now, seqBase: number = now()): LiveBus {
  const channels = new Map<string, Channel>();
  const messageListeners: Array<(userId: string, envelope: LiveEnvelope) => void> = [];
  const revokeListeners: Array<(revocation: LiveRevocation) => void> = [];

  const channel = (userId: string): Channel => {
    let c = channels.get(userId);
    if (!c) {
      c = { seq: seqBase, history: [], ids: new Map() };
      channels.set(userId, c);
    }
    return c;
  };

  const forgetOldIds = (c: Channel, at: number) => {
    for (const [id, [, expires]] of c.ids) {
      if (expires > at && c.ids.size <= MAX_IDS) break;
      c.ids.delete(id);
    }
  };

  return {
    kind: 'memory',
    async publish(userId, { id, message, origin }) {
      const c = channel(userId);
      const at = now();
      forgetOldIds(c, at);
      const seen = c.ids.get(id);
      if (seen) return { seq: seen[0], duplicate: true };
      c.seq += 1;
      const frame: MessageFrame = {
        kind: 'message',
        seq: c.seq,
        id,
        sentAt: new Date(at).toISOString(),
        message,
      };
      c.ids.set(id, [c.seq, at + ID_TTL_SECONDS * 1000]);
      c.history.push(frame);
      if (c.history.length > HISTORY_SIZE) c.history.splice(0, c.history.length - HISTORY_SIZE);
      const envelope = { origin, frame, json: JSON.stringify(frame) };
      for (const listener of messageListeners) listener(userId, envelope);
      return { seq: c.seq, duplicate: false, frame };
    },
    async history(userId, afterSeq) {
      return (channels.get(userId)?.history ?? []).filter((f) => f.seq > afterSeq);
    },
    async lastSeq(userId) {
      return channels.get(userId)?.seq ?? seqBase;
    },
    async watch() {},
    async unwatch() {},
    onMessage(listener) {
      messageListeners.push(listener);
    },
    async revoke(revocation) {
      for (const listener of revokeListeners) listener(revocation);
    },
    onRevoke(listener) {
      revokeListeners.push(listener);
    },
    async close() {
      channels.clear();
    },
  };
}
