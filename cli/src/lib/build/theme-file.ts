import defaults from '../../../../schemas/theme-defaults.json' with { type: 'json' };
import type { Assets, BrandConfig, Colors, TenantConfig } from '../tenants/types.js';

/**
 * theme.json as the app loads it (schemas/theme.schema.json): every colour filled (brand over tenant theme over
 * the defaults), asset paths relative to theme.json. Files to copy beside it are returned with it.
 */
export interface ThemeFile {
  colors: Colors;
  assets?: Assets;
  brands?: Record<string, { colors: Colors; assets?: Assets }>;
}

export const DEFAULT_COLORS: Colors = defaults.colors;

const isRemote = (ref: string) => ref.startsWith('https://');

function resolveBrand(base: Colors, brand: BrandConfig | undefined, files: Set<string>) {
  const colors = { ...base, ...(brand?.colors ?? {}) } as Colors;
  let assets: Assets | undefined;
  for (const key of ['logo', 'loginBackground', 'favicon'] as const) {
    const ref = brand?.assets?.[key];
    if (!ref) continue;
    assets ??= {};
    assets[key] = ref;
    if (!isRemote(ref)) files.add(ref);
  }
  return { colors, assets };
}

/** The resolved theme and the tenant-relative asset files it references. */
export function buildThemeFile(config: TenantConfig): { theme: ThemeFile; files: string[] } {
  const files = new Set<string>();
  const main = resolveBrand(DEFAULT_COLORS, config.theme, files);
  const theme: ThemeFile = { colors: main.colors };
  if (main.assets) theme.assets = main.assets;
  const brandKeys = Object.keys(config.brands ?? {}).sort();
  if (brandKeys.length > 0) {
    theme.brands = {};
    for (const key of brandKeys) {
      const brand = resolveBrand(main.colors, config.brands?.[key], files);
      // A brand without its own images keeps the tenant's: the app merges, the file stays small.
      theme.brands[key] = brand.assets
        ? { colors: brand.colors, assets: brand.assets }
        : { colors: brand.colors };
    }
  }
  return { theme, files: [...files].sort() };
}
