import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { usageError } from '../errors.js';

/** package.json's version: the version a build bakes unless --app-version says otherwise. */
export function packageVersion(repoRoot: string): string {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

export function resolveVersion(repoRoot: string, requested: string | undefined): string {
  if (requested === undefined) return packageVersion(repoRoot);
  const clean = semver.valid(requested);
  if (!clean) throw usageError(`--app-version must be a semantic version such as 7.3.0, got "${requested}".`);
  return clean;
}
