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

type Answer = number | { status: number; headers: Record<string, string> };

export class WebhookReceiver {
  readonly received: Received[] = [];
  /** The status the receiver answers with (and headers, such as a redirect's); a function may hold it back. */
  answer: (request: Received) => Answer | Promise<Answer> = () => 200;
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
        const answer = await this.answer(request);
        const { status, headers } = typeof answer === 'number' ? { status: answer, headers: {} } : answer;
        request.status = status;
        this.received.push(request);
        res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end('ok');
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
