import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { InlineConfig, Plugin } from 'vite';

/**
 * The app imports pieces of schemas/*.json (the colour keys and defaults, the config rules). Their descriptions
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
    plugins: [react(), schemasWithoutDescriptions(path.join(repoRoot, 'schemas'))],
    // `@/` is app/src, as in tsconfig.json.
    resolve: { alias: { '@': path.join(appRoot, 'src') } },
    define: {
      // The version is the same for every tenant of a release, so it may live in the hashed code.
      __PORTAL_BUILD_VERSION__: JSON.stringify(version),
      // Always the production React, even when the caller runs under NODE_ENV=test (vitest) or development.
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
  };
}

/**
 * The one Vite configuration for the shared app. The compile has no HTML entry: `portal build` renders each
 * tenant's index.html from templates/ using the manifest, so no tenant value ever reaches a hashed file.
 */
export function viteConfig(repoRoot: string, outDir: string, version: string): InlineConfig {
  return {
    ...appConfig(repoRoot, version),
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
      },
    },
  };
}
