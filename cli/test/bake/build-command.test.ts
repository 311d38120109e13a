import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, readlink, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/lib/context.js';
import { compileAssetsFolder } from '../../src/lib/site-layout.js';

/**
 * `portal build` end to end through the real CLI process: a temporary tenants folder, output folder and compile
 * cache, so the repository's own dist/ and cache are never touched.
 */
let work: string;
let tenantsDir: string;
let cacheDir: string;

/** node's arguments for `portal ...args` over the test's tenants folder. */
const cliArgs = (args: string[]) => [
  path.join(REPO_ROOT, 'bin/portal.js'),
  ...args,
  '--tenants-dir',
  tenantsDir,
];

const portal = (args: string[], env: Record<string, string> = {}) =>
  execa('node', cliArgs(args), {
    cwd: work,
    reject: false,
    env: { PORTAL_CACHE_DIR: cacheDir, NO_COLOR: '1', ...env },
  });

/**
 * What an output folder holds besides the assets folder of the sites' compile (site-layout.ts), which must be
 * there, once: the sites and anything else left behind.
 */
async function outFolder(dir: string): Promise<string[]> {
  const names = (await readdir(path.join(work, dir))).sort();
  const stamp = JSON.parse(await readFile(path.join(work, dir, 'acme/.portal-build.json'), 'utf8'));
  expect(names.filter((name) => name.startsWith('.portal-assets-'))).toEqual([
    compileAssetsFolder(stamp.appHash),
  ]);
  return names.filter((name) => !name.startsWith('.portal-assets-'));
}

const sha = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'portal-build-'));
  tenantsDir = path.join(work, 'tenants');
  cacheDir = path.join(work, 'cache');
  for (const slug of ['demo', 'acme']) {
    await cp(path.join(REPO_ROOT, 'tenants', slug), path.join(tenantsDir, slug), { recursive: true });
  }
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('portal build', () => {
  it('bakes complete, self-contained sites whose hashed assets are identical across tenants', async () => {
    const result = await portal(['build', '--tenant', 'demo', '--tenant', 'acme', '--out', 'dist', '--json']);
    expect(result.exitCode, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(summary.compiled).toBe(true);
    for (const tenant of summary.tenants) expect(Number.isInteger(tenant.ms), `ms ${tenant.ms}`).toBe(true);
    expect(summary.tenants.map((t: { slug: string; status: string }) => [t.slug, t.status])).toEqual([
      ['acme', 'built'],
      ['demo', 'built'],
    ]);
    // The next step is named: publishing what was built.
    expect(result.stderr).toContain(
      'Next: `portal publish --tenant acme --tenant demo` (add --dry-run to see the plan first).',
    );

    const demo = path.join(work, 'dist/demo');
    const acme = path.join(work, 'dist/acme');
    for (const site of [demo, acme]) {
      for (const file of ['index.html', 'meta.json', '.portal-build.json']) {
        expect((await stat(path.join(site, file))).isFile(), file).toBe(true);
      }
    }
    expect(JSON.parse(await readFile(path.join(demo, 'meta.json'), 'utf8'))).toEqual({ version: '7.2.2' });

    // The baked config carries the tenant id and version; the title is the product name.
    const html = await readFile(path.join(acme, 'index.html'), 'utf8');
    const configJson = html.match(/<script type="application\/json" id="portal-config">(.*?)<\/script>/)?.[1];
    const config = JSON.parse(configJson ?? 'null');
    expect(config).toMatchObject({
      tenantId: 2002,
      version: '7.2.2',
      name: 'Acme Business Coaching',
      themeUrl: '/themes',
      hashidsSalt: 'portal.acme-coaching.com',
    });
    expect(html).toContain('<title>Acme Business Coaching</title>');
    // The first screen, rendered by the compile from the app's components, with acme's logo, name and colours.
    expect(html).toContain(
      '<img class="login-logo" src="/themes/2002/logo.svg" alt="Acme Business Coaching"/>',
    );
    expect(html).toMatch(/<html lang="en" style="[^"]*--color-primary:#9a3412;/);
    expect(html).toContain('<h1 id="auth-title">Sign in</h1>');
    // The page links its stylesheet, and that stylesheet styles through the theme's custom properties.
    const stylesheet = html.match(/<link rel="stylesheet" href="\/(assets\/[^"]+\.css)"/)?.[1];
    expect(stylesheet).toBeDefined();
    expect(await readFile(path.join(acme, stylesheet!), 'utf8')).toContain(
      'var(--color-button-primary-color)',
    );
    expect(html).toContain('<link rel="preload" href="/themes/2002/theme.json" as="fetch"');
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39;/);
    // acme has a Stripe publishable key, demo none: the key and Stripe's hosts are baked into acme's page only.
    expect(config.integrations.stripePublishableKey).toMatch(/^pk_test_/);
    const demoHtml = await readFile(path.join(demo, 'index.html'), 'utf8');
    const cspOf = (page: string) =>
      /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(page)?.[1] ?? '';
    // (Between this origin and Stripe: the hash of the page's one inline script, its choice of first screen.)
    expect(cspOf(html)).toMatch(
      /script-src &#39;self&#39; &#39;sha256-[\w+/]+(&#61;)*&#39; https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com;/,
    );
    expect(cspOf(html)).toContain('connect-src &#39;self&#39; https://api.stripe.com');
    expect(cspOf(demoHtml)).not.toContain('stripe');
    expect(demoHtml).toContain('"stripePublishableKey":null');

    // theme.json is valid against the published schema, with the tenant's images beside it.
    const ajv = new Ajv2020({ allErrors: true, keywords: ['x-sameAs'] });
    const themeSchema = JSON.parse(
      await readFile(path.join(REPO_ROOT, 'contracts/theme.schema.json'), 'utf8'),
    );
    const validate = ajv.compile(themeSchema);
    const theme = JSON.parse(await readFile(path.join(acme, 'themes/2002/theme.json'), 'utf8'));
    expect(validate(theme), JSON.stringify(validate.errors)).toBe(true);
    expect(theme.colors.primary).toBe('#9a3412');
    expect(theme.brands.night.colors.primary).toBe('#0f172a');
    for (const file of ['logo.svg', 'logo-night.svg']) {
      expect((await stat(path.join(acme, 'themes/2002', file))).isFile()).toBe(true);
    }
    // The tenant's own favicon is one of its theme's files, linked from there: no second copy at the site root.
    const tenantFavicon = await sha(path.join(tenantsDir, 'acme/favicon.svg'));
    expect(await sha(path.join(acme, 'themes/2002/favicon.svg'))).toBe(tenantFavicon);
    expect(html).toContain('<link rel="icon" href="/themes/2002/favicon.svg"');
    expect(existsSync(path.join(acme, 'favicon.svg'))).toBe(false);

    // One copy of the compile's assets beside the sites, each site's assets/ a link to it; the stamp lists every
    // other file of the site with the size and SHA-256 of what was written (what a publish plans from).
    const stamp = JSON.parse(await readFile(path.join(acme, '.portal-build.json'), 'utf8'));
    expect(await readlink(path.join(acme, 'assets'))).toBe(`../${compileAssetsFolder(stamp.appHash)}/assets`);
    expect(Object.keys(stamp.files).sort()).toEqual([
      'index.html',
      'manifest.webmanifest',
      'meta.json',
      'service-worker.js',
      'themes/2002/favicon.svg',
      'themes/2002/logo-night.svg',
      'themes/2002/logo.svg',
      'themes/2002/mail-logo.png',
      'themes/2002/theme.json',
    ]);
    // The mails' logo: a PNG drawn from the SVG logo (mail clients show no SVG), 120 px high (40 px shown, 3x).
    const mailLogo = await readFile(path.join(acme, 'themes/2002/mail-logo.png'));
    expect(mailLogo.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
    expect(mailLogo.readUInt32BE(20)).toBe(120);
    for (const [file, [size, hash]] of Object.entries(stamp.files as Record<string, [number, string]>)) {
      expect([size, hash], file).toEqual([
        (await stat(path.join(acme, file))).size,
        await sha(path.join(acme, file)),
      ]);
    }

    // Hashed assets: the same names, byte-identical, and no tenant value inside them.
    const demoAssets = (await readdir(path.join(demo, 'assets'))).sort();
    const acmeAssets = (await readdir(path.join(acme, 'assets'))).sort();
    expect(acmeAssets).toEqual(demoAssets);
    expect(demoAssets.some((f) => f.endsWith('.js'))).toBe(true);
    for (const file of demoAssets) {
      expect(await sha(path.join(acme, 'assets', file)), file).toBe(
        await sha(path.join(demo, 'assets', file)),
      );
      expect(file).toMatch(/-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/);
      if (/\.(js|css)$/.test(file)) {
        const text = await readFile(path.join(acme, 'assets', file), 'utf8');
        // The test runner sets NODE_ENV=test; the compile must still be production React (no dev warnings).
        expect(text.includes('unique "key" prop'), `development React in ${file}`).toBe(false);
        for (const value of ['Acme Business Coaching', 'portal.acme-coaching.com', '#9a3412', '2002']) {
          expect(text.includes(value), `${value} in ${file}`).toBe(false);
        }
        // The app takes the colour keys and defaults from the schema, without its descriptions.
        const description = themeSchema.$defs.colors.properties.linkColor.description;
        expect(text.includes(description), `a schema description in ${file}`).toBe(false);
      }
    }
  });

  it("puts what every signed-in page loads in one chunk, none of it on the login route, with React Router's production build", async () => {
    // The compile the first test made (nothing has changed since, so there is one).
    const [hash] = (await readdir(cacheDir)).filter((name) => /^[0-9a-f]{64}$/.test(name));
    const compiled = path.join(cacheDir, hash!);
    type Chunk = { file: string; imports?: string[]; isEntry?: boolean };
    const manifest = JSON.parse(await readFile(path.join(compiled, 'manifest.json'), 'utf8')) as Record<
      string,
      Chunk
    >;
    const files = (key: string, into = new Set<string>()): Set<string> => {
      const chunk = manifest[key]!;
      if (!into.has(chunk.file)) {
        into.add(chunk.file);
        for (const next of chunk.imports ?? []) files(next, into);
      }
      return into;
    };
    const main = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const loginRoute = files('src/features/auth/components/login-page.tsx', files(main));
    const beyondLogin = (key: string) => [...files(key)].filter((file) => !loginRoute.has(file));
    const signedIn = (file: string) => /^assets\/signed-in-shell-[\w-]+\.js$/.test(file);
    // The client's schedule (its route with the goals card): its own chunk, the signed-in chunk (the shell, React Query, the dates, the query
    // states) and the few files only it and a few other pages use; the bundler alone made twenty of them.
    const schedule = beyondLogin('src/app/schedule-route.tsx');
    expect(schedule.filter(signedIn)).toHaveLength(1);
    expect(schedule.length, schedule.join(' ')).toBeLessThanOrEqual(6);
    expect([...loginRoute].filter(signedIn)).toEqual([]);
    // The shell is inside it: it has no chunk of its own.
    expect(manifest['src/app/shell/shell-layout.tsx']).toBeUndefined();
    const mainCode = await readFile(path.join(compiled, manifest[main]!.file), 'utf8');
    // A warning only React Router's development build carries.
    expect(mainCode.includes('You rendered descendant')).toBe(false);
  });

  it('writes one service worker that precaches the hashed assets, and a web app manifest per tenant', async () => {
    const result = await portal(['build', '--tenant', 'demo', '--tenant', 'acme', '--out', 'dist-sw']);
    expect(result.exitCode, result.stderr).toBe(0);
    const demo = path.join(work, 'dist-sw/demo');
    const acme = path.join(work, 'dist-sw/acme');
    // The same bytes for every tenant, and no tenant value in them.
    const worker = await readFile(path.join(acme, 'service-worker.js'), 'utf8');
    expect(await sha(path.join(demo, 'service-worker.js'))).toBe(
      await sha(path.join(acme, 'service-worker.js')),
    );
    for (const value of ['Acme Business Coaching', 'portal.acme-coaching.com', '#9a3412', '2002'])
      expect(worker.includes(value), value).toBe(false);
    const release = JSON.parse(worker.match(/^const RELEASE = (.*);$/m)?.[1] ?? 'null');
    const assets = (await readdir(path.join(acme, 'assets'))).filter((f) => !f.endsWith('.map')).sort();
    expect(release.precache).toEqual(assets.map((f) => `/assets/${f}`));
    expect(release.version).toMatch(/^7\.2\.2-[0-9a-f]{12}$/);
    // meta.json and the API are never cached nor answered by the worker.
    expect(release.passThrough).toEqual(expect.arrayContaining(['/meta.json', '/api', '/gapi', '/upload']));
    for (const file of [...release.precache, ...release.networkFirst])
      expect(
        release.passThrough.some((p: string) => file.startsWith(p)),
        file,
      ).toBe(false);

    // The manifest: the tenant's name and colours, its SVG favicon as an icon of any size.
    const manifest = JSON.parse(await readFile(path.join(acme, 'manifest.webmanifest'), 'utf8'));
    expect(manifest).toEqual({
      id: '/',
      name: 'Acme Business Coaching',
      short_name: 'Acme Business Coaching',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#9a3412',
      background_color: '#fff8f0',
      icons: [{ src: '/themes/2002/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
    });
    const html = await readFile(path.join(acme, 'index.html'), 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('<meta name="theme-color" content="#9a3412" />');
  });

  it('gives a PNG icon its pixel size in the manifest, read from the file', async () => {
    const dir = path.join(tenantsDir, 'pngicon');
    await cp(path.join(tenantsDir, 'demo'), dir, { recursive: true });
    // A PNG header alone (signature, IHDR length and type, width 512, height 512) is all the bake reads.
    const png = Buffer.alloc(33);
    Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').copy(png);
    png.writeUInt32BE(512, 16);
    png.writeUInt32BE(512, 20);
    await writeFile(path.join(dir, 'icon.png'), png);
    const config = JSON.parse(await readFile(path.join(dir, 'tenant.json'), 'utf8'));
    config.id = 3003;
    config.domain = 'png.example.com';
    config.theme.assets.favicon = 'icon.png';
    await writeFile(path.join(dir, 'tenant.json'), JSON.stringify(config));
    try {
      const result = await portal(['build', '--tenant', 'pngicon', '--out', 'dist-png']);
      expect(result.exitCode, result.stderr).toBe(0);
      const manifest = JSON.parse(
        await readFile(path.join(work, 'dist-png/pngicon/manifest.webmanifest'), 'utf8'),
      );
      expect(manifest.icons).toEqual([{ src: '/themes/3003/icon.png', sizes: '512x512', type: 'image/png' }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reuses the compile when nothing changed, and compiles again with --force', async () => {
    const warm = await portal(['build', '--tenant', 'acme', '--out', 'dist', '--json']);
    expect(warm.exitCode, warm.stderr).toBe(0);
    expect(JSON.parse(warm.stdout).compiled).toBe(false);

    const forced = await portal(['build', '--tenant', 'acme', '--out', 'dist', '--json', '--force']);
    expect(forced.exitCode, forced.stderr).toBe(0);
    expect(JSON.parse(forced.stdout).compiled).toBe(true);

    // Each rebuild swapped the whole site in and left no temporary or replaced folder behind: the sites and
    // the one assets folder of their compile.
    const stamp = JSON.parse(await readFile(path.join(work, 'dist/acme/.portal-build.json'), 'utf8'));
    expect(await outFolder('dist')).toEqual(['acme', 'demo']);
    expect(stamp).toMatchObject({ slug: 'acme', tenantId: 2002, version: '7.2.2' });
    expect(JSON.parse(await readFile(path.join(work, 'dist/acme/meta.json'), 'utf8'))).toEqual({
      version: '7.2.2',
    });
  });

  it('--print-compile-hash prints the key of the cached compile before building, and builds nothing', async () => {
    const before = await readdir(cacheDir);
    const printed = await portal(['build', '--print-compile-hash']);
    expect(printed.exitCode, printed.stderr).toBe(0);
    expect(printed.stdout).toMatch(/^[0-9a-f]{64}$/);
    // The compile the earlier builds cached is the folder of that name: what CI restores under that key.
    expect(before).toContain(printed.stdout);
    const build = await portal(['build', '--tenant', 'acme', '--out', 'dist', '--json']);
    expect(JSON.parse(build.stdout).appHash).toBe(printed.stdout);
    expect(await readdir(cacheDir)).toEqual(before);

    const other = await portal(['build', '--print-compile-hash', '--app-version', '7.3.0', '--json']);
    expect(other.exitCode, other.stderr).toBe(0);
    const { version, appHash } = JSON.parse(other.stdout);
    expect(version).toBe('7.3.0');
    expect(appHash).toMatch(/^[0-9a-f]{64}$/);
    expect(appHash).not.toBe(printed.stdout);
  });

  it('writes nothing when the compile fails, not even half-staged tenants', async () => {
    // A compile cache under a regular file cannot be created: the compile fails after staging has begun.
    const blocker = path.join(work, 'not-a-folder');
    await writeFile(blocker, 'x');
    const result = await portal(['build', '--all', '--out', 'dist-fail'], {
      PORTAL_CACHE_DIR: path.join(blocker, 'cache'),
    });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('The app did not compile');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(await readdir(path.join(work, 'dist-fail'))).toEqual([]);
  });

  it('clears the working folders of an interrupted build, and only those', async () => {
    // The pid of a process that has exited: what a build killed mid-way leaves in its folders' names.
    const child = execa('node', ['-e', '0']);
    await child;
    const gone = { pid: child.pid! };
    const out = path.join(work, 'dist-sweep');
    const leftovers = [`.acme.tmp-${gone.pid}-deadbeef`, `.portal-shared-${gone.pid}-0badf00d`];
    // A build still running (here: this test process) keeps its folder.
    const running = `.demo.tmp-${process.pid}-cafebabe`;
    for (const name of [...leftovers, running]) {
      await mkdir(path.join(out, name, 'assets'), { recursive: true });
      await writeFile(path.join(out, name, 'index.html'), 'half-built');
    }
    const result = await portal(['build', '--tenant', 'acme', '--out', 'dist-sweep']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(await outFolder('dist-sweep')).toEqual([running, 'acme']);
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    'on %s mid-build removes its working folders, says nothing was published and exits %i',
    async (signal, code) => {
      // --force: a real compile, so the build is surely underway (its shared folder made) when the signal comes.
      const child = execa('node', cliArgs(['build', '--all', '--force', '--out', 'dist-int']), {
        cwd: work,
        reject: false,
        env: { PORTAL_CACHE_DIR: cacheDir, NO_COLOR: '1' },
      });
      let stderr = '';
      await new Promise<void>((resolve) =>
        child.stderr!.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          if (stderr.includes('Compiling the app')) resolve();
        }),
      );
      expect(await readdir(path.join(work, 'dist-int'))).not.toEqual([]);
      child.kill(signal);
      const result = await child;
      expect(result.exitCode, result.stderr).toBe(code);
      expect(result.stderr).toContain('interrupted: nothing of this build was published into dist-int/');
      expect(await readdir(path.join(work, 'dist-int'))).toEqual([]);
    },
  );

  it('bakes --app-version into meta.json and refuses a version that is not semver', async () => {
    const result = await portal([
      'build',
      '--tenant',
      'demo',
      '--out',
      'dist-next',
      '--app-version',
      '7.10.0',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(await readFile(path.join(work, 'dist-next/demo/meta.json'), 'utf8'))).toEqual({
      version: '7.10.0',
    });

    const bad = await portal(['build', '--tenant', 'demo', '--app-version', 'latest']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--app-version must be a semantic version');
  });

  it('escapes tenant values in index.html; a tenant without a favicon gets one rendered at the site root', async () => {
    const file = path.join(tenantsDir, 'demo/tenant.json');
    const original = await readFile(file, 'utf8');
    const edited = JSON.parse(original.replace('"Coaching Portal"', '"Tom & \\"Jerry\\" Coaching"'));
    delete edited.theme.assets.favicon;
    await writeFile(file, JSON.stringify(edited));
    try {
      const result = await portal(['build', '--tenant', 'demo', '--out', 'dist-escape']);
      expect(result.exitCode, result.stderr).toBe(0);
      const html = await readFile(path.join(work, 'dist-escape/demo/index.html'), 'utf8');
      expect(html).toContain('<title>Tom &amp; &quot;Jerry&quot; Coaching</title>');
      expect(html).toContain('"name":"Tom \\u0026 \\"Jerry\\" Coaching"');
      expect(html).toContain('<link rel="icon" href="/favicon.svg"');
      const favicon = await readFile(path.join(work, 'dist-escape/demo/favicon.svg'), 'utf8');
      expect(favicon).toContain('fill="#14143f"');
    } finally {
      await writeFile(file, original);
    }
  });

  it('with --all, builds the valid tenants, skips a broken one and exits 5 naming it', async () => {
    await cp(path.join(REPO_ROOT, 'tenants/demo'), path.join(tenantsDir, 'broken'), { recursive: true });
    await writeFile(
      path.join(tenantsDir, 'broken/tenant.json'),
      JSON.stringify({ id: 'nine', name: 'Broken', domain: 'broken.example.com', apiUrl: '/' }),
    );
    try {
      const result = await portal(['build', '--all', '--out', 'dist-all']);
      expect(result.exitCode).toBe(5);
      expect(result.stderr).toContain('broken');
      expect(result.stderr).toMatch(/not built: broken/);
      expect(await outFolder('dist-all')).toEqual(['acme', 'demo']);

      const only = await portal(['build', '--tenant', 'broken', '--out', 'dist-broken']);
      expect(only.exitCode).toBe(3);
      await expect(stat(path.join(work, 'dist-broken/broken'))).rejects.toThrow();
    } finally {
      await rm(path.join(tenantsDir, 'broken'), { recursive: true, force: true });
    }
  });

  it("with --all, a new tenant copying a built tenant's domain is refused alone: the live one still builds", async () => {
    // dist/ holds acme's build from the first test: acme was built with its domain, the copy never was.
    await cp(path.join(REPO_ROOT, 'tenants/demo'), path.join(tenantsDir, 'copycat'), { recursive: true });
    const demo = JSON.parse(await readFile(path.join(tenantsDir, 'demo/tenant.json'), 'utf8'));
    await writeFile(
      path.join(tenantsDir, 'copycat/tenant.json'),
      JSON.stringify({ ...demo, id: 9999, domain: 'portal.acme-coaching.com' }),
    );
    try {
      const result = await portal(['build', '--all', '--out', 'dist']);
      expect(result.exitCode, result.stderr).toBe(5);
      expect(result.stderr).toMatch(/not built: copycat\./);
      expect(result.stderr).toContain('Next: `portal publish --all`');
      expect(result.stderr).toContain('already used by tenants/acme/tenant.json, which was built with it');
      expect(result.stderr).not.toMatch(/acme\/tenant\.json:\s*\d+ problem/);
      const stamp = JSON.parse(await readFile(path.join(work, 'dist/acme/.portal-build.json'), 'utf8'));
      expect(stamp).toMatchObject({ slug: 'acme', tenantId: 2002, domain: 'portal.acme-coaching.com' });
    } finally {
      await rm(path.join(tenantsDir, 'copycat'), { recursive: true, force: true });
    }
  });

  it('refuses an --out that is a file, or under a folder nothing can be written to, as a usage error', async () => {
    const file = path.join(work, 'a-file');
    await writeFile(file, 'x');
    const onFile = await portal(['build', '--tenant', 'acme', '--out', file]);
    expect(onFile.exitCode, onFile.stderr).toBe(2);
    expect(onFile.stderr).toContain('--out must be a folder');
    expect(onFile.stderr).not.toContain('report the output');
    expect(await readFile(file, 'utf8')).toBe('x');

    // Node's recursive mkdir loops forever under /proc: the check must come first, and the test must not hang.
    const underProc = await execa('node', cliArgs(['build', '--tenant', 'acme', '--out', '/proc/nope']), {
      cwd: work,
      reject: false,
      timeout: 30_000,
      killSignal: 'SIGKILL',
      env: { NO_COLOR: '1' },
    });
    expect(underProc.timedOut, 'portal build --out /proc/nope hung').toBe(false);
    expect(underProc.exitCode, underProc.stderr).toBe(2);
    expect(underProc.stderr).toContain('/proc is not a folder portal build can write to');
  });

  it.each([
    ['NO_COLOR', { NO_COLOR: '1' }, []],
    ['--no-color', { NO_COLOR: '' }, ['--no-color']],
  ] as const)(
    'writes no escape sequence at all on a terminal with %s, even while Vite compiles',
    async (_, env, flags) => {
      // A real pseudo-terminal (util-linux script): stdout and stderr are TTYs, as in a person's shell.
      const command = ['node', ...cliArgs(['build', '--all', '--force', '--out', 'dist-tty', ...flags])].join(
        ' ',
      );
      const result = await execa('script', ['-qfec', command, '/dev/null'], {
        cwd: work,
        reject: false,
        stdin: 'ignore',
        env: { PORTAL_CACHE_DIR: cacheDir, COLUMNS: '100', ...env },
      });
      expect(result.exitCode, result.stdout).toBe(0);
      expect(result.stdout).toContain('Built 2 tenants');
      expect(JSON.stringify(result.stdout)).not.toContain('\\u001b');
    },
  );

  it('asks for --tenant or --all', async () => {
    const result = await portal(['build']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--tenant <slug>');
  });
});
