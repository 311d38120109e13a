/**
 * A small fault-injecting proxy in front of the real s3rver (s3-server.ts) that records every request and can
 * fail or delay the ones a caller chooses: the publish tests' faults and request counts, and bench:publish's
 * count of the requests each run sends.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
  // Requests passed on and not yet answered, and delayed ones not yet passed on: close() ends them, since one
  // whose client gave up mid-body (a timed-out upload) would hold its s3rver connection open, and s3rver's
  // close() waits for every connection with a request in flight.
  const upstreams = new Set<http.ClientRequest>();
  const timers = new Set<NodeJS.Timeout>();
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
      if (res.closed || res.destroyed) return;
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
      upstreams.add(upstreamReq);
      upstreamReq.on('close', () => upstreams.delete(upstreamReq));
      upstreamReq.on('error', () => res.destroy());
      // A client that goes away before its answer leaves nothing behind upstream.
      res.on('close', () => {
        if (!res.writableFinished) upstreamReq.destroy();
      });
      req.pipe(upstreamReq);
    };
    if (fault && 'delayMs' in fault) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        forward();
      }, fault.delayMs);
      timers.add(timer);
    } else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      for (const upstream of upstreams) upstream.destroy();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return proxy;
}
