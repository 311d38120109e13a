/**
 * A GET of a http://<slug>.localhost:<port> address from Node, whose resolver (glibc without nss-myhostname)
 * does not know *.localhost, where browsers map it to the loopback: the request goes to 127.0.0.1 with the
 * address's Host header, which is what the preview routes on.
 */
import http from 'node:http';

export function localGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const { port, host, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    http
      .get(
        { hostname: '127.0.0.1', port, path: `${pathname}${search}`, headers: { ...headers, host } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        },
      )
      .on('error', reject);
  });
}
