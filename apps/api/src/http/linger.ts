import type { Socket } from 'node:net';

/** How long a refused upload's connection stays open, unread bytes discarded, after its answer. */
export const LINGER_MS = 2000;

const lingering = new WeakSet<Socket>();

/**
 * Closes the connection of an answer given before its request's body was read without losing the
 * answer. Node's server destroys the socket once the answer is written, and closing a socket that
 * still has unread bytes sends a reset: the client's system then drops the answer it had received
 * but not yet read, and the client sees `EPIPE` or `ECONNRESET` instead of the refusal. As nginx's
 * lingering close does: the answer goes out followed by the end of the stream, then what the client
 * still sends is read and discarded until it closes its side, for at most `ms`, before closing.
 */
export function lingerOnClose(socket: Socket, ms = LINGER_MS): void {
  if (lingering.has(socket)) return;
  lingering.add(socket);
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    if (socket.readableEnded || socket.destroyed) return destroySoon();
    const timer = setTimeout(() => socket.destroy(), ms);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
    socket.end();
    socket.resume();
  };
}
