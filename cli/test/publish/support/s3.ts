/**
 * Test servers: a small fault-injecting proxy in front of the real s3rver (scripts/lib/s3-server.ts) that
 * records every request and can fail or delay the ones a test chooses.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// The SDK is pinned on purpose (DESIGN.md); its warning about later releases is noise in test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export const BUCKET = 'portal-test';

export interface Logged {
  method: string;
  path: string;
  status: number;
}

/** What to do with a request: pass it on, answer it with a status and body, or pass it on after a delay. */
export type Fault = { status: number; code?: string } | { delayMs: number } | null;

export interface FaultProxy {
  endpoint: string;
  log: Logged[];
  /** Chooses the fault for each request; null passes it through. */
  rule: (method: string, path: string) => Fault;
  close: () => Promise<void>;
}

export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const target = new URL(upstream);
  const proxy: FaultProxy = { endpoint: '', log: [], rule: () => null, close: async () => {} };
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    const entry: Logged = { method: req.method ?? '', path: url, status: 0 };
    proxy.log.push(entry);
    const fault = proxy.rule(entry.method, url);
    if (fault && 'status' in fault) {
      entry.status = fault.status;
      req.resume();
      const code = fault.code ?? (fault.status === 503 ? 'SlowDown' : 'InternalError');
      const body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>injected</Message></Error>`;
      res
        .writeHead(fault.status, { 'Content-Type': 'application/xml' })
        .end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const forward = () => {
      const upstreamReq = http.request(
        {
          hostname: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          entry.status = answer.statusCode ?? 0;
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstreamReq.on('error', () => res.destroy());
      req.pipe(upstreamReq);
    };
    if (fault && 'delayMs' in fault) setTimeout(forward, fault.delayMs);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return proxy;
}
