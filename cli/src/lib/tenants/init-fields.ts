import path from 'node:path';
import { defaultColors } from './colors.js';
import { SLUG_PATTERN, SLUG_RULE } from './slug.js';
import { checkField } from './schema.js';
import type { LoadedTenant } from './types.js';

/**
 * What `portal init` asks for, in order, each checked by the schema's own rule for that field (plus
 * uniqueness against the tenants already there), so a flag or an answer is refused exactly when
 * `portal validate` would refuse it.
 */

export interface Answers {
  slug?: string;
  id?: string;
  name?: string;
  domain?: string;
  apiUrl?: string;
  primary?: string;
  /** The mails' footer (tenant.json's mail.address and mail.contact); empty leaves it out. */
  address?: string;
  contact?: string;
}

export interface InitField {
  key: keyof Answers;
  /** How the user gives it on the command line. */
  flag: string;
  message: string;
  /** null when the value is acceptable, else why not. */
  check: (value: string) => string | null;
  /** The value used when no flag gave one, even with --yes; fields without it are required there. */
  fallback?: string;
  /** A prompt default only, from earlier answers. */
  suggest?: (answers: Answers) => string | undefined;
}

/** Flags and answers arrive as text; a number-looking id is checked as a number, anything else as given. */
const asId = (value: string): unknown => (/^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value);

const titleCase = (slug: string) =>
  slug.replace(/(^|-)([a-z0-9])/g, (_, dash: string, ch: string) => (dash ? ' ' : '') + ch.toUpperCase());

export function initFields(tenantsDir: string, existing: LoadedTenant[]): InitField[] {
  const usedBy = (what: string, match: (tenant: LoadedTenant) => boolean) => {
    const owner = existing.find(match);
    return owner ? `${what} is already used by tenant "${owner.slug}"` : null;
  };
  const ids = existing.flatMap((tenant) => (tenant.config ? [tenant.config.id] : []));
  return [
    {
      key: 'slug',
      flag: '<slug>',
      message: 'Tenant folder name (slug)',
      check: (value) =>
        !SLUG_PATTERN.test(value)
          ? SLUG_RULE
          : existing.some((tenant) => tenant.slug === value)
            ? `${path.join(tenantsDir, value)} already exists`
            : null,
    },
    {
      key: 'id',
      flag: '--id',
      message: 'Tenant id (fixed and unique)',
      check: (value) =>
        checkField('#/properties/id', asId(value)) ?? usedBy('this id', (t) => t.config?.id === asId(value)),
      suggest: () => String(Math.max(1000, ...ids) + 1),
    },
    {
      key: 'name',
      flag: '--name',
      message: 'Product name (footer and page title)',
      check: (value) => checkField('#/properties/name', value),
      suggest: (answers) => (answers.slug ? titleCase(answers.slug) : undefined),
    },
    {
      key: 'domain',
      flag: '--domain',
      message: 'Brand domain, such as portal.acme.com',
      check: (value) =>
        checkField('#/properties/domain', value) ?? usedBy('this domain', (t) => t.config?.domain === value),
    },
    {
      key: 'apiUrl',
      flag: '--api-url',
      message: 'API base URL ("/" for the same origin)',
      check: (value) => checkField('#/properties/apiUrl', value),
      // The same origin, as the example tenants: the local preview (npm start, portal serve) proxies the API
      // there, so a new tenant can be tried at once; a production host is a flag when it differs.
      fallback: '/',
    },
    {
      key: 'primary',
      flag: '--primary',
      message: 'Primary brand colour',
      check: (value) => checkField('theme.schema.json#/$defs/color', value),
      fallback: defaultColors().primary,
    },
    {
      key: 'address',
      flag: '--address',
      message: "Postal address in every mail's footer (Enter to leave it out)",
      check: (value) => (value === '' ? null : checkField('#/properties/mail/properties/address', value)),
      fallback: '',
    },
    {
      key: 'contact',
      flag: '--contact',
      message: "How to reach the business in every mail's footer: an email, a phone (Enter to leave it out)",
      check: (value) => (value === '' ? null : checkField('#/properties/mail/properties/contact', value)),
      fallback: '',
    },
  ];
}

/**
 * The full `portal init` command for an error's hint: what was typed, and an example value for each flag that
 * was not, derived from the slug (a hint about "globex" that shows "acme" reads as a different tenant).
 */
export function exampleCommand(given: Answers): string {
  const slug = given.slug ?? 'acme';
  const flags: [string, string][] = [
    ['--id', given.id ?? '42'],
    ['--name', JSON.stringify(given.name ?? `${titleCase(slug)} Coaching`)],
    ['--domain', given.domain ?? `portal.${slug}.com`],
    ...(given.apiUrl === undefined ? [] : [['--api-url', given.apiUrl] as [string, string]]),
    ...(given.primary === undefined
      ? []
      : [['--primary', JSON.stringify(given.primary)] as [string, string]]),
  ];
  return `portal init ${slug} ${flags.map((flag) => flag.join(' ')).join(' ')} --yes`;
}
