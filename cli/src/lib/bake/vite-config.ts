import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { InlineConfig, Plugin } from 'vite';

/**
 * The app imports pieces of contracts/*.json (the colour keys and defaults, the config rules). Their descriptions
 * are for editors and people and would weigh on every page, so the bundle gets those files without them (only
 * string values: a property that happens to be named "description" keeps its schema).
 */
function schemasWithoutDescriptions(schemasDir: string): Plugin {
  return {
    name: 'portal:schemas-without-descriptions',
    // Before Vite turns the JSON into a module.
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(schemasDir + path.sep) || !id.endsWith('.json')) return null;
      return JSON.stringify(JSON.parse(code) as unknown, (key, value: unknown) =>
        (key === 'description' || key === '$comment') && typeof value === 'string' ? undefined : value,
      );
    },
  };
}

const REACT_ROUTER_PRODUCTION = { 'react-router': 'index.mjs', 'react-router/dom': 'dom-export.mjs' };

/**
 * What the browser build and the pre-render share: the app's root, plugins, alias and constants. On its own it
 * is the configuration that runs app/src/boot/prerender.tsx in Node at compile time.
 */
export function appConfig(repoRoot: string, version: string): InlineConfig {
  const appRoot = path.join(repoRoot, 'app');
  return {
    root: appRoot,
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    mode: 'production',
    base: '/',
    plugins: [react(), schemasWithoutDescriptions(path.join(repoRoot, 'contracts'))],
    resolve: {
      alias: [
        // `@/` is app/src, as in tsconfig.json.
        { find: '@', replacement: path.join(appRoot, 'src') },
        // React Router's package exports name only its development build, whose warnings run on every render
        // and navigation (and weigh on the login route): the app gets the production build, both entries from
        // it, so that they share one copy of the router's contexts.
        ...Object.entries(REACT_ROUTER_PRODUCTION).map(([specifier, file]) => ({
          find: new RegExp(`^${specifier}$`),
          replacement: path.join(repoRoot, 'node_modules/react-router/dist/production', file),
        })),
      ],
    },
    define: {
      // The version is the same for every tenant of a release, so it may live in the hashed code.
      __PORTAL_BUILD_VERSION__: JSON.stringify(version),
      // Always the production React, even when the caller runs under NODE_ENV=test (vitest) or development.
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
  };
}

/**
 * Modules most signed-in pages use beside the shell's own: they travel with it rather than each on its own. The
 * forms card's loader is a few lines both of the client's homes (schedule, groups) start with.
 */
const SIGNED_IN_COMMON = [
  /[\\/]node_modules[\\/]dayjs[\\/]/,
  /[\\/]app[\\/]src[\\/]lib[\\/](dates|http-link|offline-copy)\.tsx?$/,
  /[\\/]app[\\/]src[\\/]components[\\/](query-state|load-failed|zone-note|offline-banner|forms-waiting-card-lazy)\.tsx?$/,
];

/**
 * One chunk for what every signed-in page loads: the shell and everything it imports (React Query, the unread
 * badge's and the user menu's calls) and the helpers most pages share (dates, query states). Left to the
 * bundler these are a dozen chunks of 1-5 KB each, and a signed-in page's first load fetched twenty files
 * before its own data could leave: over HTTP/1.1's six connections that is several round trips. Nothing the
 * login route (the main entry and the login page) loads statically is taken, so that route does not grow. The plugin reads
 * the module graph once it is complete; the group's test runs after that, when chunks are made.
 */
function signedInChunk(appRoot: string) {
  const taken = new Set<string>();
  const plugin: Plugin = {
    name: 'portal:signed-in-chunk',
    buildEnd() {
      const closure = (from: string, into = new Set<string>()): Set<string> => {
        if (into.has(from)) return into;
        into.add(from);
        for (const id of this.getModuleInfo(from)?.importedIds ?? []) closure(id, into);
        return into;
      };
      const loginRoute = closure(path.join(appRoot, 'src/features/auth/components/login-page.tsx'));
      closure(path.join(appRoot, 'src/main.tsx'), loginRoute);
      const shell = closure(path.join(appRoot, 'src/app/shell/shell-layout.tsx'));
      const common = [...this.getModuleIds()].filter((id) => SIGNED_IN_COMMON.some((test) => test.test(id)));
      for (const id of common) closure(id, shell);
      for (const id of shell) if (!loginRoute.has(id)) taken.add(id);
    },
  };
  return { plugin, group: { name: 'signed-in-shell', test: (id: string) => taken.has(id) } };
}

/**
 * The one Vite configuration for the shared app. The compile has no HTML entry: `portal build` renders each
 * tenant's index.html from templates/ using the manifest, so no tenant value ever reaches a hashed file.
 */
export function viteConfig(repoRoot: string, outDir: string, version: string): InlineConfig {
  const app = appConfig(repoRoot, version);
  const signedIn = signedInChunk(path.join(repoRoot, 'app'));
  return {
    ...app,
    plugins: [...(app.plugins ?? []), signedIn.plugin],
    build: {
      outDir,
      emptyOutDir: true,
      manifest: 'manifest.json',
      assetsDir: 'assets',
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 600,
      // One stylesheet for every page: a few KB more on the first load, no flash of unstyled page later, and
      // fewer files, each of which is linked into every tenant's site and uploaded on every publish.
      cssCodeSplit: false,
      rolldownOptions: {
        input: path.join(repoRoot, 'app/src/main.tsx'),
        // Vite clears the terminal line on stdout for every log Rolldown raises, an escape sequence even under
        // NO_COLOR and stray bytes in stdout, which belongs to the command's result. Two checks raise logs that
        // mean nothing to whoever runs the build: libraries' "use client" directives (meaningless in a client
        // bundle; Vite drops the warning anyway) and the bundler's "slow build" timings, which appear only when
        // the machine is busy.
        checks: { moduleLevelDirective: false, bundlerTimings: false },
        output: { codeSplitting: { includeDependenciesRecursively: false, groups: [signedIn.group] } },
      },
    },
  };
}
