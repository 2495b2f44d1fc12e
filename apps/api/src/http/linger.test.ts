import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { lingerOnClose } from './linger.js';

const MB = 1024 * 1024;

/** A server that refuses every request at once, its body unread, closing the connection. */
function refusing(linger: boolean): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    if (linger) lingerOnClose(req.socket, 1000);
    res.writeHead(413, { connection: 'close', 'content-type': 'text/plain' });
    res.end('too large');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 });
    }),
  );
}

/** Sends a request with an 8 MB body as fast as it can, then reads what came back. */
function upload(port: number): Promise<{ answer: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let error: string | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      answer += d;
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code;
    });
    socket.on('close', () => resolve({ answer, ...(error ? { error } : {}) }));
    socket.write(`POST /import HTTP/1.1\r\nhost: x\r\ncontent-length: ${8 * MB}\r\n\r\n`);
    const chunk = Buffer.alloc(256 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < 8 * MB && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
      if (!socket.destroyed) socket.end();
    };
    socket.once('connect', pump);
  });
}

describe('lingerOnClose', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

  it('lets a client still sending its body read the refusal', async () => {
    const started = await refusing(true);
    server = started.server;
    for (let i = 0; i < 5; i++) {
      const { answer, error } = await upload(started.port);
      expect(error).toBeUndefined();
      expect(answer).toMatch(/^HTTP\/1\.1 413/);
      expect(answer).toContain('too large');
    }
  });

  it('closes the connection after the time given even if the client never stops', async () => {
    const started = await refusing(true);
    server = started.server;
    // A client that keeps its side open when the server ends its own, and keeps sending.
    const socket = connect({ port: started.port, host: '127.0.0.1', allowHalfOpen: true });
    socket.write(`POST /import HTTP/1.1\r\nhost: x\r\ncontent-length: ${1024 * MB}\r\n\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const timer = setInterval(() => socket.writable && socket.write(chunk), 5);
    let answer = '';
    socket.on('data', (d) => {
      answer += d;
    });
    socket.on('error', () => {});
    const t0 = Date.now();
    await new Promise((r) => socket.on('close', r));
    clearInterval(timer);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(Date.now() - t0).toBeLessThan(5000);
  });
});
