import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Hit {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** performance.now() when the request arrived and when its answer was sent. */
  start: number;
  end: number;
}

export interface Answer {
  status: number;
  body?: unknown;
  /** Milliseconds to wait before answering (to measure overlap). */
  delay?: number;
}

/** A real HTTP server on 127.0.0.1 (like the SDK's test recorder) that records timing. */
export class TestServer {
  readonly hits: Hit[] = [];
  url = '';
  private server: Server | undefined;
  handler: (method: string, path: string) => Answer = () => ({
    status: 404,
    body: { code: 70, message: 'nope' },
  });

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const hit: Hit = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        start: performance.now(),
        end: Number.NaN,
      };
      this.hits.push(hit);
      req.resume();
      req.on('end', () => {
        const answer = this.handler(hit.method, hit.path.split('?')[0] ?? '');
        setTimeout(() => {
          hit.end = performance.now();
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
        }, answer.delay ?? 0);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  reset(): void {
    this.hits.length = 0;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()));
  }
}
