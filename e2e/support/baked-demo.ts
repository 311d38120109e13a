/**
 * The demo tenant built and published by the real CLI, then baked again in variants with the bake's own
 * renderIndex (a changed tenant.json without a second compile): each variant is a copy of the demo site under
 * its own slug, served by `portal serve` (startServe) with no API behind it, which the login, reset and sign-in
 * link pages do not need to render.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { loadTemplates, renderIndex } from '../../cli/src/lib/bake/bake.js';
import { startServe } from '../../cli/src/lib/serve/start-serve.js';
import type { TenantConfig } from '../../cli/src/lib/tenants/types.js';
import { REPO_ROOT } from './stack.js';

export type Variant = (demo: TenantConfig) => TenantConfig;

/** The entry, stylesheets and preloads of a built index.html: what renderIndex needs of the compile. */
export function builtApp(html: string) {
  const all = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!);
  const entry = /<link rel="modulepreload" href="([^"]+)" data-entry/.exec(html)?.[1];
  if (!entry) throw new Error('The built index.html has no entry script.');
  return {
    entry,
    styles: all(/<link rel="stylesheet" href="([^"]+)"/g),
    modulePreloads: all(/<link rel="modulepreload" href="([^"]+)" \/>/g),
  };
}

export async function serveBakedDemo(
  variants: Record<string, Variant>,
): Promise<{ urls: Record<string, string>; close: () => Promise<void> }> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'portal-baked-e2e-'));
  try {
    const portal = (...args: string[]) =>
      execa('node', [path.join(REPO_ROOT, 'bin/portal.js'), ...args], { cwd: work, env: { NO_COLOR: '1' } });
    await portal('build', '--tenant', 'demo', '--out', 'dist');
    await portal('publish', '--tenant', 'demo', '--out', 'dist', '--to', 'storage');
    const sites = path.join(work, 'storage/sites');
    const built = await readFile(path.join(sites, 'demo/index.html'), 'utf8');
    const { $schema: _, ...demo } = JSON.parse(
      await readFile(path.join(REPO_ROOT, 'tenants/demo/tenant.json'), 'utf8'),
    ) as TenantConfig;
    const templates = await loadTemplates(REPO_ROOT);
    const version = /"version":"([^"]+)"/.exec(built)?.[1] ?? '';
    for (const [slug, variant] of Object.entries(variants)) {
      if (slug !== 'demo') await cp(path.join(sites, 'demo'), path.join(sites, slug), { recursive: true });
      const html = renderIndex({ templates, config: variant(demo), version, app: builtApp(built) });
      await writeFile(path.join(sites, slug, 'index.html'), html);
    }
    const served = await startServe({
      storage: path.join(work, 'storage'),
      tenants: Object.keys(variants),
      port: 0,
      api: 'http://127.0.0.1:9', // nothing listens
      // A port per tenant: tests fetch these pages from Node too, which does not resolve *.localhost.
      addressing: 'ports',
    });
    return {
      urls: Object.fromEntries(served.urls.map(({ slug, url }) => [slug, url])),
      async close() {
        await served.close();
        await rm(work, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}
