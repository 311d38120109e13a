// Reads tenants/<slug>/tenant.json. Validation is the CLI's job (`portal validate`); the API only needs a few
// fields, so a folder whose file does not parse or lacks them is skipped with a warning instead of stopping
// every other tenant from working.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
// The defaults every room applies alike (the CLI bakes them, the app falls back to them): read, never copied.
import TENANT_DEFAULTS from '../../../../contracts/tenant-defaults.json' with { type: 'json' };
import {
  mailBrand,
  mailSender,
  type MailBrand,
  type MailSender,
} from '../../../../contracts/mail/mail-brand.js';
import { tenantSchema, type TenantConfig as TenantFile } from '../../../../contracts/tenant.js';
import { fillFlags, type Flags } from '../../../../contracts/training-flags.js';

/** What the API keeps of a tenant.json (the one type of contracts/tenant.ts), with its defaults applied. */
export interface TenantConfig extends Pick<TenantFile, 'id' | 'name' | 'domain'> {
  slug: string;
  /** Where people reach this API from outside the app (a calendar feed's address): tenant.json's apiUrl, or
   * https://<domain> for "/" (the same origin as the portal). */
  apiOrigin: string;
  /** tenant.json's hashidsSalt, else the field tenant-defaults.json names (the domain): the app bakes the same. */
  hashidsSalt: NonNullable<TenantFile['hashidsSalt']>;
  /** Each flag tenant.json sets, the default of flags.schema.json for the others. */
  defaultFlags: Flags;
  /** integrations.captchaSiteKey is set: the login form asks for a CAPTCHA. */
  captcha: boolean;
  /** integrationApi.messageContent: the integration API's message feed carries subjects and bodies. */
  integrationMessageContent: boolean;
  /** tenant.json's booking block, its defaults applied: the notice, the rooms, the types a coach starts with. */
  booking: {
    noticeHours: number;
    rooms: NonNullable<Booking['rooms']>;
    meetingTypes: NonNullable<Booking['meetingTypes']>;
  };
  /** agreements.required: booking and joining a group need the current agreement signed (default false). */
  agreementRequired: boolean;
  /** tenant.json's notifications block, its defaults applied: meeting reminders, quiet hours, channels by kind. */
  notifications: {
    meetingReminders: number[];
    quietHours: NonNullable<Notifications['quietHours']>;
    channels: NonNullable<Notifications['channels']>;
  };
  /** tenant.json's billing block, its defaults applied (tax, seller and offline payment stay unset when unset). */
  billing: {
    /** Lower case, as Stripe and the database keep it. */
    currency: string;
    tax: { label: string; rateBp: number } | null;
    seller: NonNullable<Billing['seller']> | null;
    graceDays: number;
    offlinePayment: string | null;
    invoicePrefix: string;
    /** IANA: the months the admin's revenue counts in. */
    timeZone: string;
  };
  /** How its mail looks and who sends it; `overrides` is tenants/<slug>/mail/, its own templates. */
  mail: {
    brand: MailBrand;
    sender: MailSender;
    dkim: NonNullable<TenantFile['mail']>['dkim'];
    overrides: string;
  };
}

type Booking = NonNullable<TenantFile['booking']>;
type Notifications = NonNullable<TenantFile['notifications']>;
type Billing = NonNullable<TenantFile['billing']>;

const NOTICE_HOURS = tenantSchema.properties.booking.properties.noticeHours.default;
const NOTIFICATIONS = tenantSchema.properties.notifications.properties;
const BILLING = tenantSchema.properties.billing.properties;

function billingOf(file: TenantFile): TenantConfig['billing'] {
  const billing = file.billing ?? {};
  return {
    currency: (billing.currency ?? BILLING.currency.default).toLowerCase(),
    // Percent with two decimals as written, basis points as counted (contracts/billing.ts).
    tax: billing.tax ? { label: billing.tax.label, rateBp: Math.round(billing.tax.ratePercent * 100) } : null,
    seller: billing.seller ?? null,
    graceDays: billing.graceDays ?? BILLING.graceDays.default,
    offlinePayment: billing.offlinePayment ?? null,
    invoicePrefix: billing.invoicePrefix ?? BILLING.invoicePrefix.default,
    timeZone: billing.timeZone ?? BILLING.timeZone.default,
  };
}

interface Warn {
  warn(obj: object, msg: string): void;
}

function toConfig(slug: string, folder: string, raw: unknown): TenantConfig | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const file = raw as Record<string, unknown>;
  const { id, name, domain } = file;
  const salt =
    typeof file.hashidsSalt === 'string' && file.hashidsSalt.length > 0
      ? file.hashidsSalt
      : file[TENANT_DEFAULTS.hashidsSaltFallback];
  if (!Number.isInteger(id) || typeof name !== 'string' || typeof domain !== 'string') return null;
  if (typeof salt !== 'string') return null;
  const integrations = (typeof file.integrations === 'object' && file.integrations) || {};
  const siteKey = (integrations as Record<string, unknown>).captchaSiteKey;
  return {
    id: id as number,
    slug,
    name,
    domain,
    apiOrigin:
      typeof file.apiUrl === 'string' && file.apiUrl !== '/'
        ? file.apiUrl.replace(/\/+$/, '')
        : `https://${domain}`,
    hashidsSalt: salt,
    defaultFlags: fillFlags(file.defaultFlags),
    captcha: typeof siteKey === 'string' && siteKey.length > 0,
    // Only an explicit true shares the conversations' words (the schema's default is false).
    integrationMessageContent: (file as TenantFile).integrationApi?.messageContent === true,
    // The rest of the file is as `portal validate` let it through before the deploy.
    booking: {
      noticeHours: (file as TenantFile).booking?.noticeHours ?? NOTICE_HOURS,
      rooms: (file as TenantFile).booking?.rooms ?? { kind: 'none' },
      meetingTypes: (file as TenantFile).booking?.meetingTypes ?? [],
    },
    // Only an explicit true asks for a signature (the schema's default is false).
    agreementRequired: (file as TenantFile).agreements?.required === true,
    notifications: {
      meetingReminders: (file as TenantFile).notifications?.meetingReminders ?? [
        ...NOTIFICATIONS.meetingReminders.default,
      ],
      quietHours: (file as TenantFile).notifications?.quietHours ?? { ...NOTIFICATIONS.quietHours.default },
      channels: (file as TenantFile).notifications?.channels ?? {},
    },
    billing: billingOf(file as TenantFile),
    mail: {
      brand: mailBrand(file as TenantFile),
      sender: mailSender(file as TenantFile),
      dkim: (file as TenantFile).mail?.dkim,
      overrides: join(folder, 'mail'),
    },
  };
}

export async function loadTenantFiles(dir: string, log: Warn): Promise<TenantConfig[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const tenants: TenantConfig[] = [];
  for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const file = join(dir, entry.name, 'tenant.json');
    let config: TenantConfig | null;
    try {
      config = toConfig(entry.name, join(dir, entry.name), JSON.parse(await readFile(file, 'utf8')));
    } catch (error) {
      log.warn({ file, reason: (error as Error).message }, 'skipping tenant: tenant.json does not parse');
      continue;
    }
    if (config) tenants.push(config);
    else log.warn({ file }, 'skipping tenant: tenant.json lacks id, name or domain');
  }
  return tenants;
}
