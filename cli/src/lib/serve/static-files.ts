/**
 * Static files for `portal serve`, with the headers production storage sends (content-types.ts). A URL path
 * is decoded once and split into segments; '..' is refused outright and hidden names (temp files of an
 * interrupted publish) are never served, so no request can reach outside the folder it is meant for.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { cacheControlFor, contentTypeFor } from '../storage/content-types.js';
import { compressedFile, isCompressible, pickEncoding } from './compression.js';

export type Resolved = { ok: true; segments: string[] } | { ok: false; status: 400 | 404 };

/**
 * The path exactly as the client sent it. URL parsing would resolve '/../x' to '/x' silently; seeing the
 * dots lets the server refuse the request instead of guessing what was meant.
 */
export function rawPathname(url: string | undefined): string {
  return (url ?? '/').split(/[?#]/, 1)[0] || '/';
}

/** Splits a URL pathname into safe segments. */
export function safeSegments(pathname: string): Resolved {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { ok: false, status: 400 };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { ok: false, status: 400 };
  const segments = decoded.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s === '.')) return { ok: false, status: 400 };
  if (segments.some((s) => s.startsWith('.'))) return { ok: false, status: 404 };
  return { ok: true, segments };
}

/** The regular file at root/segments, or null. */
export async function findFile(root: string, segments: string[]): Promise<string | null> {
  const file = path.join(root, ...segments);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  try {
    return (await stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

/**
 * The file with production's headers; text is compressed when the request accepts it (compression.ts), with
 * Vary: Accept-Encoding so a shared cache keeps the plain and the encoded answer apart.
 */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  extraHeaders: Record<string, string> = {},
): Promise<void> {
  const { size, mtimeMs, mtime } = await stat(file);
  const contentType = contentTypeFor(file);
  const compressible = isCompressible(contentType, size);
  const encoding = compressible ? pickEncoding(req.headers['accept-encoding']) : null;
  const body = encoding ? await compressedFile(file, encoding, { size, mtimeMs }) : null;
  // Cache-Control is decided by the path relative to a site or theme root: the last folder names matter
  // ("assets/x-hash.js"), so pass the tail.
  const rel = file.split(path.sep).slice(-2).join('/');
  const vary = [extraHeaders.Vary, compressible ? 'Accept-Encoding' : undefined].filter(Boolean).join(', ');
  res.writeHead(200, {
    'Content-Type': contentType,
    'Content-Length': body ? body.length : size,
    'Cache-Control': cacheControlFor(rel),
    'Last-Modified': mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    ...extraHeaders,
    ...(vary ? { Vary: vary } : {}),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (body) {
    res.end(body);
    return;
  }
  await new Promise<void>((resolve) => {
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res)
      .on('finish', resolve)
      .on('close', resolve);
  });
}

export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  extraHeaders: Record<string, string> = {},
): void {
  const body = JSON.stringify({ message });
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...extraHeaders,
  });
  res.end(body);
}
