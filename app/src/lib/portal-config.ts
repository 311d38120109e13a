/**
 * What boot hands the rest of the app: the shape of the baked config (read by boot/config.ts) with its training
 * flags, and of the brand chosen from the theme file (boot/theme.ts). They live here, below boot, so lib/ and the
 * features name them without importing boot (a lint fence keeps lib/ off boot/).
 */
import * as tenantDefaults from '../../../schemas/tenant-defaults.json';
import type { $defs } from '../../../schemas/theme.schema.json';

/** The training flags are the keys of tenant-defaults.json's defaultFlags. */
export type TrainingFlags = typeof tenantDefaults.defaultFlags;
export const TRAINING_FLAGS = Object.keys(tenantDefaults.defaultFlags) as (keyof TrainingFlags)[];

export interface PortalConfig {
  tenantId: number;
  version: string;
  name: string;
  domain: string;
  apiUrl: string;
  themeUrl: string;
  defaultFlags: TrainingFlags;
  integrations: {
    analyticsContainerId: string | null;
    /** 'required': the user is asked before the container loads; 'implied': it loads without asking. */
    analyticsConsent: 'required' | 'implied';
    captchaSiteKey: string | null;
    stripePublishableKey: string | null;
    avatarService: boolean;
  };
  /** The hashids salt for ids the app encodes (error reports); the tenant domain when the build sets none. */
  hashidsSalt: string | null;
  /** 'production' in baked builds; 'development' under `npm run dev` (shows stacks on the crash screen). */
  environment: 'production' | 'development';
}

/** The colour keys of schemas/theme.schema.json ($defs/colors). */
export type ColorKey = keyof typeof $defs.colors.properties;
export type Colors = Record<ColorKey, string>;

export interface Brand {
  key: string | null;
  colors: Colors;
  logo: string | null;
  loginBackground: string | null;
  favicon: string | null;
}
