import { FAVICON_PATH, META_FILE, PROXIED_PREFIXES, THEMES_DIR, WEB_MANIFEST_FILE } from '../site-layout.js';
import type { CompiledApp } from './compile.js';
import { ScriptJson, renderTemplate } from './render.js';

/**
 * service-worker.js from templates/service-worker.js.mustache: the compile's hashed assets to precache, the
 * paths it answers network first, and those it never touches (meta.json and the API). Nothing in it depends on
 * the tenant, so one file serves every site of a compile.
 */
export function renderServiceWorker(
  template: string,
  app: Pick<CompiledApp, 'hash' | 'files'>,
  version: string,
): string {
  const release = {
    // The compile's hash too: a compile again under the same version is a new cache, not a mixed one.
    version: `${version}-${app.hash.slice(0, 12)}`,
    precache: app.files.filter((file) => !file.endsWith('.map')).map((file) => `/${file}`),
    networkFirst: [`/${THEMES_DIR}/`, `${FAVICON_PATH}.svg`, `/${WEB_MANIFEST_FILE}`],
    passThrough: [`/${META_FILE}`, ...PROXIED_PREFIXES],
    // Where a push's notification finds the tenant's icon: the site's own manifest.
    manifest: `/${WEB_MANIFEST_FILE}`,
  };
  return renderTemplate(template, 'service-worker.js.mustache', { release: new ScriptJson(release) });
}
