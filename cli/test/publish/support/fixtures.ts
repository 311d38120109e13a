/**
 * Fixture tenants and dist folders made on the fly in temp folders, shaped exactly like the build output
 * contract (README of cli/): hashed assets (the compile's folder, linked from the site), index.html, meta.json,
 * favicon, themes/<id>/, the build stamp with its list of files.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createContext, type Context } from '../../../src/lib/context.js';
import { digestOf, type Digest } from '../../../src/lib/digest.js';
import { formatError } from '../../../src/lib/errors.js';
import { ASSET_DIGESTS_FILE, compileAssetsFolder } from '../../../src/lib/site-layout.js';

export interface FixtureTenant {
  slug: string;
  id: number;
  publish?: { site?: string; theme?: string };
}

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>\n';

export async function tempDir(prefix = 'portal-test-'): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

export async function writeTenants(tenantsDir: string, tenants: FixtureTenant[]): Promise<void> {
  for (const t of tenants) {
    const dir = path.join(tenantsDir, t.slug);
    await mkdir(dir, { recursive: true });
    const config = {
      id: t.id,
      name: `Tenant ${t.slug}`,
      domain: `${t.slug}.example.com`,
      apiUrl: '/',
      ...(t.publish ? { publish: t.publish } : {}),
    };
    await writeFile(path.join(dir, 'tenant.json'), `${JSON.stringify(config, null, 2)}\n`);
  }
}

const hashOf = (text: string | Buffer) => createHash('sha256').update(text).digest('hex').slice(0, 10);

async function put(file: string, content: string | Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

/**
 * A built tenant. `release` changes the app code (so the hashed names change, like a new version would);
 * returns the asset paths index.html references. As the bake does, the assets are the compile's one copy
 * beside the sites (their digests listed there), the site's assets/ links to it, and the stamp lists every
 * other file with its digest; `serviceWorker` adds the service worker the bake links into every site.
 */
export async function writeDist(
  outDir: string,
  tenant: FixtureTenant,
  version: string,
  release = version,
  options: { serviceWorker?: string } = {},
): Promise<{ assets: string[] }> {
  const root = path.join(outDir, tenant.slug);
  const appHash = hashOf(release);
  const compile = path.join(outDir, compileAssetsFolder(appHash));
  const sources: [string, string, string | Buffer][] = [
    ['index', 'js', `console.log(${JSON.stringify(`app ${release}`)});\n`],
    ['vendor', 'js', `export const vendor = ${JSON.stringify(release)};\n`],
    ['index', 'css', `body { color: #123; } /* ${release} */\n`],
    ['open-sans', 'woff2', Buffer.from([0x77, 0x4f, 0x46, 0x32, 0, 1, 2, 3, 255])],
  ];
  const assets: string[] = [];
  const digests: Record<string, Digest> = {};
  for (const [name, ext, content] of sources) {
    const rel = `assets/${name}-${hashOf(content)}.${ext}`;
    assets.push(rel);
    digests[rel] = digestOf(content);
    await put(path.join(compile, rel), content);
  }
  await put(path.join(compile, ASSET_DIGESTS_FILE), JSON.stringify(digests));
  await mkdir(root, { recursive: true });
  // A build again replaces the site's link to the assets of its compile.
  await rm(path.join(root, 'assets'), { recursive: true, force: true });
  await symlink(`../${compileAssetsFolder(appHash)}/assets`, path.join(root, 'assets'));
  const scripts = assets
    .filter((a) => a.endsWith('.js'))
    .map((a) => `<script type="module" src="/${a}"></script>`);
  const styles = assets.filter((a) => a.endsWith('.css')).map((a) => `<link rel="stylesheet" href="/${a}">`);
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><head><title>${tenant.slug}</title>${styles.join('')}</head><body><div id="root"></div>${scripts.join('')}</body></html>\n`,
    'meta.json': `${JSON.stringify({ version })}\n`,
    'favicon.svg': SVG,
    [`themes/${tenant.id}/logo.svg`]: SVG,
    [`themes/${tenant.id}/theme.json`]: `${JSON.stringify({ colors: { primary: '#14143f' }, assets: { logo: 'logo.svg' } })}\n`,
    ...(options.serviceWorker ? { 'service-worker.js': options.serviceWorker } : {}),
  };
  const recorded: Record<string, Digest> = {};
  for (const [rel, content] of Object.entries(files)) {
    await put(path.join(root, rel), content);
    recorded[rel] = digestOf(content);
  }
  const stamp = {
    slug: tenant.slug,
    tenantId: tenant.id,
    domain: `${tenant.slug}.example.com`,
    version,
    appHash,
    tenantHash: hashOf(tenant.slug),
    builtAt: new Date().toISOString(),
    files: recorded,
  };
  await put(path.join(root, '.portal-build.json'), `${JSON.stringify(stamp)}\n`);
  return { assets };
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

function sink(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(Buffer.from(chunk));
      callback();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

/** Runs a command module's run() as the CLI entry would: a thrown CliError becomes its exit code and message. */
export async function runCommand<O>(
  run: (options: O, ctx: Context) => Promise<number>,
  options: O,
  io: { cwd: string; tenantsDir: string; env?: NodeJS.ProcessEnv; json?: boolean },
): Promise<CommandResult> {
  const out = sink();
  const err = sink();
  const ctx = createContext(
    { tenantsDir: io.tenantsDir, json: io.json ?? false, color: false },
    { cwd: io.cwd, stdout: out.stream, stderr: err.stream, env: io.env ?? {}, interactive: false },
  );
  let code: number;
  try {
    code = await run(options, ctx);
  } catch (error) {
    const formatted = formatError(error, false);
    err.stream.write(`${formatted.text}\n`);
    code = formatted.exitCode;
  }
  return { code, stdout: out.text(), stderr: err.text() };
}
