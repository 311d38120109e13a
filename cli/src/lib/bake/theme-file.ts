import { resolveColors } from '../tenants/colors.js';
import type { Assets, BrandConfig, Colors, TenantConfig } from '../tenants/types.js';

/**
 * theme.json as the app loads it (contracts/theme.schema.json): every colour filled (brand over tenant theme over
 * the defaults), asset paths relative to theme.json. Files to copy beside it are returned with it.
 */
export interface ThemeFile {
  colors: Colors;
  assets?: Assets;
  brands?: Record<string, { colors: Colors; assets?: Assets }>;
}

/** An asset given as an https URL rather than a file of the tenant folder. */
export const isRemote = (ref: string) => ref.startsWith('https://');

function resolveAssets(brand: BrandConfig | undefined, files: Set<string>): Assets | undefined {
  let assets: Assets | undefined;
  for (const key of ['logo', 'loginBackground', 'favicon'] as const) {
    const ref = brand?.assets?.[key];
    if (!ref) continue;
    assets ??= {};
    assets[key] = ref;
    if (!isRemote(ref)) files.add(ref);
  }
  return assets;
}

/** The resolved theme and the tenant-relative asset files it references. */
export function buildThemeFile(config: TenantConfig): { theme: ThemeFile; files: string[] } {
  const files = new Set<string>();
  const theme: ThemeFile = { colors: resolveColors(config) };
  const assets = resolveAssets(config.theme, files);
  if (assets) theme.assets = assets;
  const brandKeys = Object.keys(config.brands ?? {}).sort();
  if (brandKeys.length > 0) {
    theme.brands = {};
    for (const key of brandKeys) {
      const colors = resolveColors(config, key);
      const brandAssets = resolveAssets(config.brands?.[key], files);
      // A brand without its own images keeps the tenant's: the app merges, the file stays small.
      theme.brands[key] = brandAssets ? { colors, assets: brandAssets } : { colors };
    }
  }
  return { theme, files: [...files].sort() };
}
