// A webhook receiver on 127.0.0.1 (a real node:http server) whose answer a test sets: it keeps every request it
// got (the raw body and headers) and can go down and come back on the same port.
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export class WebhookReceiver {
  readonly received: Received[] = [];
  /** The status the receiver answers with; a function may hold the answer back. */
  answer: (request: Received) => number | Promise<number> = () => 200;
  private server?: Server;
  private port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async up(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        const request = { status: 0, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        request.status = await this.answer(request);
        this.received.push(request);
        res.writeHead(request.status, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: a sender meets a refused connection until `up` again. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
