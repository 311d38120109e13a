import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { InlineConfig } from 'vite';

/**
 * The one Vite configuration for the shared app. The compile has no HTML entry: `portal build` renders each
 * tenant's index.html from templates/ using the manifest, so no tenant value ever reaches a hashed file.
 */
export function viteConfig(repoRoot: string, outDir: string, version: string): InlineConfig {
  const appRoot = path.join(repoRoot, 'app');
  return {
    root: appRoot,
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    mode: 'production',
    base: '/',
    plugins: [react()],
    // `@/` is app/src, as in tsconfig.json.
    resolve: { alias: { '@': path.join(appRoot, 'src') } },
    define: {
      // The version is the same for every tenant of a release, so it may live in the hashed code.
      __PORTAL_BUILD_VERSION__: JSON.stringify(version),
      // Always the production React, even when the caller runs under NODE_ENV=test (vitest) or development.
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
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
        input: path.join(appRoot, 'src/main.tsx'),
        // Libraries' "use client" directives are meaningless in a client bundle; Vite drops the warnings, but
        // clears the terminal line on stdout for each, which is an escape sequence even under NO_COLOR and
        // stray bytes in stdout, which belongs to the command's result.
        checks: { moduleLevelDirective: false },
      },
    },
  };
}
