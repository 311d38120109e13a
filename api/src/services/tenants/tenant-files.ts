// Reads tenants/<slug>/tenant.json. Validation is the CLI's job (`portal validate`); the API only needs a few
// fields, so a folder whose file does not parse or lacks them is skipped with a warning instead of stopping
// every other tenant from working.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface TenantFlags {
  group_coaching: boolean;
  flash_coaching: boolean;
  business_academy: boolean;
}

export interface TenantConfig {
  id: number;
  slug: string;
  name: string;
  domain: string;
  /** tenant.json's hashidsSalt, else the domain: the app bakes the same rule. */
  hashidsSalt: string;
  defaultFlags: TenantFlags;
  /** integrations.captchaSiteKey is set: the login form asks for a CAPTCHA. */
  captcha: boolean;
}

interface Warn {
  warn(obj: object, msg: string): void;
}

function flag(value: unknown): boolean {
  return value === true;
}

function toConfig(slug: string, raw: unknown): TenantConfig | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const file = raw as Record<string, unknown>;
  const flags = (typeof file.defaultFlags === 'object' && file.defaultFlags) || {};
  const { id, name, domain } = file;
  if (!Number.isInteger(id) || typeof name !== 'string' || typeof domain !== 'string') return null;
  const f = flags as Record<string, unknown>;
  const integrations = (typeof file.integrations === 'object' && file.integrations) || {};
  const siteKey = (integrations as Record<string, unknown>).captchaSiteKey;
  return {
    id: id as number,
    slug,
    name,
    domain,
    hashidsSalt:
      typeof file.hashidsSalt === 'string' && file.hashidsSalt.length > 0 ? file.hashidsSalt : domain,
    defaultFlags: {
      group_coaching: flag(f.group_coaching),
      flash_coaching: flag(f.flash_coaching),
      business_academy: flag(f.business_academy),
    },
    captcha: typeof siteKey === 'string' && siteKey.length > 0,
  };
}

export async function loadTenantFiles(dir: string, log: Warn): Promise<TenantConfig[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const tenants: TenantConfig[] = [];
  for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const file = join(dir, entry.name, 'tenant.json');
    let config: TenantConfig | null;
    try {
      config = toConfig(entry.name, JSON.parse(await readFile(file, 'utf8')));
    } catch (error) {
      log.warn({ file, reason: (error as Error).message }, 'skipping tenant: tenant.json does not parse');
      continue;
    }
    if (config) tenants.push(config);
    else log.warn({ file }, 'skipping tenant: tenant.json lacks id, name or domain');
  }
  return tenants;
}
