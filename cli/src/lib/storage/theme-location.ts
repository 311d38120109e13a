/**
 * Can the app find the theme where `portal publish` puts it? The app fetches {themeUrl}/{id}/theme.json;
 * publish writes <theme target prefix>/<id>/theme.json. A CDN or `portal serve` maps a URL path to the key
 * with the same trailing path (a CDN origin path may add segments in front), so the path of themeUrl must be
 * a suffix of the theme prefix. `portal validate` reports these as warnings.
 */
import path from 'node:path';
import { TENANT_DEFAULTS } from '../tenants/defaults.js';
import type { TenantConfig } from '../tenants/types.js';
import { THEMES_DIR } from '../site-layout.js';
import { parseTarget, prefixSegments } from './target.js';

/** The shape of tenants/problem.ts's ProblemInput: `sink.add(problem)` places it in the file. */
export interface ThemeLocationProblem {
  pointer: string;
  keyword: 'themeLocation';
  message: string;
  suggestion: string;
  severity: 'warning';
}

function urlSegments(themeUrl: string): string[] {
  const pathname = themeUrl.startsWith('/') ? themeUrl : new URL(themeUrl).pathname;
  return pathname.split('/').filter(Boolean);
}

/** Segments of the theme prefix; null stands for the part in front that only --to decides. */
function themeSegments(publishTheme: string | undefined): (string | null)[] {
  if (!publishTheme) return [null, THEMES_DIR];
  const target = parseTarget(publishTheme, '/');
  if (target.kind === 's3') return prefixSegments(target.prefix) ?? [];
  return path.resolve('/', target.root).split(path.sep).filter(Boolean);
}

const endsWith = (whole: string[], tail: string[]): boolean =>
  tail.length <= whole.length && tail.every((s, i) => s === whole[whole.length - tail.length + i]);

/** The URL path must be a suffix of the full prefix; an open front (default layout) may hold the URL's head. */
function reachable(url: string[], prefix: (string | null)[]): boolean {
  const known = prefix.filter((s): s is string => s !== null);
  return endsWith(known, url) || (prefix[0] === null && endsWith(url, known));
}

export function themeLocationProblems(
  config: Pick<TenantConfig, 'themeUrl' | 'publish'>,
): ThemeLocationProblem[] {
  const themeUrl = config.themeUrl ?? TENANT_DEFAULTS.themeUrl;
  const publishTheme = config.publish?.theme;
  let prefix: (string | null)[];
  let url: string[];
  try {
    prefix = themeSegments(publishTheme);
    url = urlSegments(themeUrl);
  } catch {
    return []; // the schema reports a malformed URL or target
  }
  // themeUrl "/" puts themes at the root of the site's own origin: only a theme target equal to the site's works.
  const ok =
    themeUrl === '/'
      ? Boolean(publishTheme) && publishTheme === config.publish?.site
      : reachable(url, prefix);
  if (ok) return [];
  const where = publishTheme
    ? `publish.theme (${publishTheme})`
    : 'the default layout (themes/<id>/ under the publish target)';
  return [
    {
      pointer: publishTheme ? '/publish/theme' : '/themeUrl',
      keyword: 'themeLocation',
      message: `themeUrl "${themeUrl}" cannot reach the theme published to ${where}: the app would fetch ${themeUrl.replace(/\/$/, '')}/<id>/theme.json`,
      suggestion: publishTheme
        ? 'Make the end of the themeUrl path match the end of the publish.theme prefix, e.g. themeUrl "/themes" with publish.theme "s3://bucket/themes".'
        : 'Remove themeUrl (the default "/themes" matches the default layout) or set publish.theme to where themeUrl points.',
      severity: 'warning',
    },
  ];
}
