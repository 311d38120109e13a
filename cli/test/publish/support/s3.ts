/**
 * Test servers: a real s3rver on 127.0.0.1 (random port, temp folder) and a small fault-injecting proxy in
 * front of it that records every request and can fail or delay the ones a test chooses.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// The SDK is pinned on purpose (DESIGN.md); its warning about later releases is noise in test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export const BUCKET = 'portal-test';
export const S3_ENV = {
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_REGION: 'us-east-1',
  AWS_EC2_METADATA_DISABLED: 'true',
};

export interface S3Server {
  endpoint: string;
  dir: string;
  close: () => Promise<void>;
}

export async function startS3(buckets = [BUCKET]): Promise<S3Server> {
  const dir = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    dir,
    close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

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
