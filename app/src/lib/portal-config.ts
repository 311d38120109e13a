/**
 * What boot hands the rest of the app: the shape of the baked config (read by boot/config.ts) with its training
 * flags, and of the brand chosen from the theme file (boot/theme.ts). They live here, below boot, so lib/ and the
 * features name them without importing boot (a lint fence keeps lib/ off boot/).
 */
import type { PortalConfig as BakedConfig } from '../../../contracts/portal-config';
import type { $defs } from '../../../contracts/theme.schema.json';
import type { Flags } from '../../../contracts/training-flags';

/** The training flags: contracts/flags.schema.json's. */
export type TrainingFlags = Flags;

/**
 * The config as the app holds it: contracts/portal-config.schema.json's, except that the hashids salt of a page
 * without one is null (the ids the app encodes then take the tenant domain).
 */
export type PortalConfig = Omit<BakedConfig, 'hashidsSalt'> & { hashidsSalt: string | null };

/** The colour keys of contracts/theme.schema.json ($defs/colors). */
export type ColorKey = keyof typeof $defs.colors.properties;
export type Colors = Record<ColorKey, string>;

export interface Brand {
  key: string | null;
  colors: Colors;
  logo: string | null;
  loginBackground: string | null;
  favicon: string | null;
}
