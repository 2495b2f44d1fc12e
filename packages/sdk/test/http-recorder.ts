import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface Reply {
  status: number;
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

/** A real HTTP server on 127.0.0.1 that records requests and answers from a queue or a handler. */
export class HttpRecorder {
  readonly requests: RecordedRequest[] = [];
  private server: Server | undefined;
  private handler: (req: RecordedRequest) => Reply = () => ({ status: 200, body: {} });
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const recorded: RecordedRequest = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks),
        };
        this.requests.push(recorded);
        const reply = this.handler(recorded);
        const isText = reply.text !== undefined;
        res.writeHead(reply.status, {
          'content-type': isText ? 'text/csv' : 'application/json',
          ...reply.headers,
        });
        res.end(isText ? reply.text : reply.body === undefined ? '' : JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  reply(handler: (req: RecordedRequest) => Reply): void {
    this.handler = handler;
  }

  replyOnce(...replies: Reply[]): void {
    const queue = [...replies];
    this.handler = () => queue.shift() ?? { status: 500, body: { code: 100, message: 'no reply queued' } };
  }

  reset(): void {
    this.requests.length = 0;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
