/**
 * npm run dev [-- --tenant <slug>] [-- --port <n>]: the shared app under Vite with hot reload, as one tenant,
 * against the real API (PGlite in .data/pg, seeded). The page is the same template `portal build` bakes, with
 * the tenant's config (environment "development": the crash screen shows stacks); the theme, its images and
 * meta.json are served from the tenant folder, re-read on every request, so editing tenant.json shows on reload.
 * Every page and file is made by the bake's own functions at the paths of the published layout (site-layout.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin } from 'vite';
import { loadTemplates, metaJson, renderFavicon, renderIndex, themeJson } from '../cli/src/lib/bake/bake.js';
import { bakedConfig } from '../cli/src/lib/bake/baked-config.js';
import { buildThemeFile } from '../cli/src/lib/bake/theme-file.js';
import { webManifest, webManifestJson } from '../cli/src/lib/bake/web-manifest.js';
import { packageVersion } from '../cli/src/lib/bake/version.js';
import {
  FAVICON_PATH,
  INDEX_FILE,
  META_FILE,
  PROXIED_PREFIXES,
  THEME_FILE,
  THEMES_DIR,
  WEB_MANIFEST_FILE,
  siteFavicon,
  themeFolder,
} from '../cli/src/lib/site-layout.js';
import { contentTypeFor } from '../cli/src/lib/storage/content-types.js';
import { formatReport, isValid, loadTenants, type ValidTenant } from '../cli/src/lib/tenants/index.js';
import { REPO_ROOT, startApiProcess } from './lib/api-process.js';
import { localData, localOpsToken, shownPath } from './lib/local-data.js';

const { values } = parseArgs({
  options: { tenant: { type: 'string', default: 'demo' }, port: { type: 'string', default: '5173' } },
});
const slug = values.tenant!;
const port = Number(values.port);
const version = packageVersion(REPO_ROOT);
const tenantsDir = path.join(REPO_ROOT, 'tenants');

// Hot reload needs Vite's inline preamble and its websocket, so the dev page relaxes the baked CSP.
const DEV_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: https:; font-src 'self'; connect-src 'self' ws: wss:";

async function tenant(): Promise<ValidTenant> {
  const [loaded] = await loadTenants({ tenantsDir, slugs: [slug] });
  if (!loaded || !isValid(loaded)) {
    throw new Error(
      `tenants/${slug} is invalid:\n${formatReport(loaded ? [loaded] : [], { color: false, codeFrames: false, cwd: REPO_ROOT })}`,
    );
  }
  return loaded;
}

/** Serves what `portal build` would bake: index.html for app routes, theme files, favicon and meta.json. */
function portalDev(): Plugin {
  return {
    name: 'portal-dev',
    configureServer(server) {
      const templates = loadTemplates(REPO_ROOT);
      server.middlewares.use(async (req, res, next) => {
        try {
          const url = new URL(req.url ?? '/', 'http://dev');
          const wantsPage =
            req.method === 'GET' &&
            (req.headers.accept ?? '').includes('text/html') &&
            !path.extname(url.pathname);
          // Vite's own requests (every module of the app) pass straight through: the tenant is read (and
          // validated) only for the few paths this plugin answers.
          const ours =
            wantsPage ||
            url.pathname === `/${META_FILE}` ||
            url.pathname === `/${WEB_MANIFEST_FILE}` ||
            url.pathname.startsWith(`/${THEMES_DIR}/`) ||
            url.pathname.startsWith(`${FAVICON_PATH}.`);
          if (!ours) return next();
          const { config, dir } = await tenant();
          const send = (type: string, body: string | Buffer) => {
            res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-cache' });
            res.end(body);
          };
          if (url.pathname === `/${META_FILE}`) return send(contentTypeFor(META_FILE), metaJson(version));
          if (url.pathname === `/${WEB_MANIFEST_FILE}`)
            return send(contentTypeFor(WEB_MANIFEST_FILE), webManifestJson(await webManifest(config, dir)));
          const { theme, files } = buildThemeFile(config);
          const themeDir = `/${themeFolder(config.id)}/`;
          if (url.pathname.startsWith(themeDir)) {
            const file = url.pathname.slice(themeDir.length);
            if (file === THEME_FILE) return send(contentTypeFor(file), themeJson(theme));
            // Only files the theme names, never an arbitrary path of the tenant folder.
            if (files.includes(file)) return send(contentTypeFor(file), await readFile(path.join(dir, file)));
          }
          // The tenant's own favicon is a theme file (answered above); only the default one is rendered here.
          const favicon = siteFavicon(config, bakedConfig(config, version, 'development').themeUrl);
          if (url.pathname === favicon.href && favicon.rendered)
            return send(contentTypeFor(favicon.href), renderFavicon(await templates, theme));
          if (!wantsPage) return next();
          const html = renderIndex({
            templates: await templates,
            config,
            version,
            environment: 'development',
            csp: DEV_CSP,
            app: { entry: '/src/main.tsx', styles: [], modulePreloads: [] },
          });
          return send(contentTypeFor(INDEX_FILE), await server.transformIndexHtml(req.url ?? '/', html));
        } catch (error) {
          next(error);
        }
      });
    },
  };
}

const { config } = await tenant().catch((error: Error) => {
  console.error(error.message);
  process.exit(3);
});
const data = localData();
console.log(`Starting the API (PGlite in ${shownPath(data.pgliteDir)}, seeded)...`);
const api = await startApiProcess({
  ...data,
  port: Number(process.env.PORT ?? 8080),
  env: { OPS_TOKEN: await localOpsToken(data.root) },
});
const proxy = Object.fromEntries(PROXIED_PREFIXES.map((p) => [p, api.url]));
const server = await createServer({
  root: path.join(REPO_ROOT, 'app'),
  configFile: false,
  envDir: false,
  appType: 'custom',
  plugins: [react(), portalDev()],
  // `@/` is app/src, as in tsconfig.json and the bake's Vite config.
  resolve: { alias: { '@': path.join(REPO_ROOT, 'app/src') } },
  define: { __PORTAL_BUILD_VERSION__: JSON.stringify(version) },
  server: { host: '127.0.0.1', port, strictPort: true, proxy, fs: { allow: [REPO_ROOT] } },
});
await server.listen();
console.log(`\n${config.name} (tenant ${slug}, id ${config.id}) with hot reload: http://127.0.0.1:${port}/`);
console.log(
  `API ${api.url}; sign in as client@${slug}.test / portal-demo-1; one-time passwords land in ${shownPath(data.mailDir)}/`,
);
console.log('Another tenant: npm run dev -- --tenant <slug>. Ctrl-C stops.\n');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([server.close(), api.stop()]).then(() => process.exit(0));
  });
}
