/** `portal serve`: a local preview of the published storage that behaves like production, until Ctrl-C. */
import path from 'node:path';
import { say, type Context } from '../lib/context.js';
import { startServe } from '../lib/serve/start-serve.js';
import { MAIL_PREVIEW_DIR, MAIL_PREVIEW_SEGMENT } from '../lib/site-layout.js';
import { flag, list, text, whole, type RawOptions } from '../lib/options.js';

export interface ServeCommandOptions {
  tenant?: string[];
  port?: number;
  storage?: string;
  api?: string;
  /** A port per tenant instead of a host name per tenant on one port. */
  perPort?: boolean;
}

export function parseOptions(raw: RawOptions): ServeCommandOptions {
  return {
    tenant: list(raw, 'tenant'),
    port: whole(raw, 'port'),
    storage: text(raw, 'storage'),
    api: text(raw, 'api'),
    perPort: flag(raw, 'perPort'),
  };
}

export async function run(options: ServeCommandOptions, ctx: Context): Promise<number> {
  const handle = await startServe({
    storage: path.resolve(ctx.cwd, options.storage ?? '.portal/storage'),
    tenants: options.tenant ?? [],
    port: options.port ?? 4173,
    api: options.api ?? 'http://127.0.0.1:8080',
    addressing: options.perPort ? 'ports' : 'hosts',
    mailPreview: path.resolve(ctx.cwd, MAIL_PREVIEW_DIR),
  });
  for (const { slug, url } of handle.urls) say(ctx, `  ${slug.padEnd(20)} ${url}/`);
  say(ctx, `  ${'(storage, CORS)'.padEnd(20)} ${handle.storageUrl}/`);
  say(
    ctx,
    `  ${'(mail previews)'.padEnd(20)} ${handle.storageUrl}/${MAIL_PREVIEW_SEGMENT}/<slug>/<kind>.html`,
  );
  say(ctx, `API requests go to ${options.api ?? 'http://127.0.0.1:8080'}. Press Ctrl-C to stop.`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await handle.close();
  return 0;
}
