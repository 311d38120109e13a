/**
 * Fixture tenants and dist folders made on the fly in temp folders, shaped exactly like the build output
 * contract (README of cli/): hashed assets, index.html, meta.json, favicon, themes/<id>/, the build stamp.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createContext, type Context } from '../../../src/lib/context.js';
import { formatError } from '../../../src/lib/errors.js';

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
 * returns the asset paths index.html references.
 */
export async function writeDist(
  outDir: string,
  tenant: FixtureTenant,
  version: string,
  release = version,
): Promise<{ assets: string[] }> {
  const root = path.join(outDir, tenant.slug);
  const sources: [string, string, string | Buffer][] = [
    ['index', 'js', `console.log(${JSON.stringify(`app ${release}`)});\n`],
    ['vendor', 'js', `export const vendor = ${JSON.stringify(release)};\n`],
    ['index', 'css', `body { color: #123; } /* ${release} */\n`],
    ['open-sans', 'woff2', Buffer.from([0x77, 0x4f, 0x46, 0x32, 0, 1, 2, 3, 255])],
  ];
  const assets: string[] = [];
  for (const [name, ext, content] of sources) {
    const rel = `assets/${name}-${hashOf(content)}.${ext}`;
    assets.push(rel);
    await put(path.join(root, rel), content);
  }
  const scripts = assets
    .filter((a) => a.endsWith('.js'))
    .map((a) => `<script type="module" src="/${a}"></script>`);
  const styles = assets.filter((a) => a.endsWith('.css')).map((a) => `<link rel="stylesheet" href="/${a}">`);
  await put(
    path.join(root, 'index.html'),
    `<!doctype html><html><head><title>${tenant.slug}</title>${styles.join('')}</head><body><div id="root"></div>${scripts.join('')}</body></html>\n`,
  );
  await put(path.join(root, 'meta.json'), `${JSON.stringify({ version })}\n`);
  await put(path.join(root, 'favicon.svg'), SVG);
  await put(path.join(root, 'themes', String(tenant.id), 'logo.svg'), SVG);
  await put(
    path.join(root, 'themes', String(tenant.id), 'theme.json'),
    `${JSON.stringify({ colors: { primary: '#14143f' }, assets: { logo: 'logo.svg' } })}\n`,
  );
  const stamp = {
    slug: tenant.slug,
    tenantId: tenant.id,
    domain: `${tenant.slug}.example.com`,
    version,
    appHash: hashOf(release),
    tenantHash: hashOf(tenant.slug),
    builtAt: new Date().toISOString(),
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
