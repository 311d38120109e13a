/**
 * The baked tenant config. `portal build` writes it into each tenant's index.html as
 * <script type="application/json" id="portal-config">; nothing at run time can change it, so the tenant id is
 * fixed per build while the compiled JavaScript stays identical across tenants.
 */
export interface TrainingFlags {
  group_coaching: boolean;
  flash_coaching: boolean;
  business_academy: boolean;
}

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
    captchaSiteKey: string | null;
    stripePublishableKey: string | null;
    avatarService: boolean;
  };
  /** The hashids salt for ids the app encodes (error reports); the tenant domain when the build sets none. */
  hashidsSalt: string | null;
  /** 'production' in baked builds; 'development' under `npm run dev` (shows stacks on the crash screen). */
  environment: 'production' | 'development';
}

export class ConfigError extends Error {}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/** Reads and checks the baked config; a broken page fails loudly instead of talking to the wrong tenant. */
export function readConfig(doc: Document = document): PortalConfig {
  const element = doc.getElementById('portal-config');
  if (!element?.textContent) throw new ConfigError('This build has no tenant configuration.');
  let raw: unknown;
  try {
    raw = JSON.parse(element.textContent);
  } catch {
    throw new ConfigError('The tenant configuration of this build is not valid JSON.');
  }
  if (!isRecord(raw)) throw new ConfigError('The tenant configuration of this build is not an object.');
  const tenantId = raw.tenantId;
  if (typeof tenantId !== 'number' || !Number.isInteger(tenantId) || tenantId < 1) {
    throw new ConfigError('The tenant configuration of this build has no valid tenant id.');
  }
  const flags = isRecord(raw.defaultFlags) ? raw.defaultFlags : {};
  const integrations = isRecord(raw.integrations) ? raw.integrations : {};
  return {
    tenantId,
    version: str(raw.version) ?? '0.0.0',
    name: str(raw.name) ?? 'Coaching Portal',
    domain: str(raw.domain) ?? '',
    apiUrl: str(raw.apiUrl) ?? '/',
    themeUrl: str(raw.themeUrl) ?? '/themes',
    defaultFlags: {
      group_coaching: flags.group_coaching === true,
      flash_coaching: flags.flash_coaching === true,
      business_academy: flags.business_academy === true,
    },
    integrations: {
      analyticsContainerId: str(integrations.analyticsContainerId),
      captchaSiteKey: str(integrations.captchaSiteKey),
      stripePublishableKey: str(integrations.stripePublishableKey),
      avatarService: integrations.avatarService !== false,
    },
    hashidsSalt: str(raw.hashidsSalt),
    environment: raw.environment === 'development' ? 'development' : 'production',
  };
}
