import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { print, printJson, say, type Context } from '../lib/context.js';
import { CliError, EXIT, usageError } from '../lib/errors.js';
import { flag, text, type RawOptions } from '../lib/options.js';
import { inviteAdmin } from '../lib/people/operator-client.js';
import { loadTenants, relativePath } from '../lib/tenants/index.js';

export interface AdminInviteOptions {
  tenant?: string;
  firstName?: string;
  lastName?: string;
  api?: string;
  json?: boolean;
}

export function parseOptions(raw: RawOptions): AdminInviteOptions {
  return {
    tenant: text(raw, 'tenant'),
    firstName: text(raw, 'firstName'),
    lastName: text(raw, 'lastName'),
    api: text(raw, 'api'),
    json: flag(raw, 'json'),
  };
}

const LOCAL_API = 'http://127.0.0.1:8080';

const isLocal = (apiUrl: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(apiUrl).hostname);
/** The data folder of `npm start` (DATA_DIR, default .data/ in the repository), as scripts/lib/local-data.ts. */
const dataDir = (ctx: Context) => path.resolve(ctx.cwd, ctx.env.DATA_DIR || path.join(ctx.repoRoot, '.data'));

/**
 * The operator token: PORTAL_OPS_TOKEN, or for an API on this machine the one `npm start` keeps in
 * <DATA_DIR>/ops-token (default .data/), so the local path needs no variable. A remote API never gets it.
 */
async function operatorToken(ctx: Context, apiUrl: string): Promise<string | undefined> {
  if (ctx.env.PORTAL_OPS_TOKEN) return ctx.env.PORTAL_OPS_TOKEN;
  if (!isLocal(apiUrl)) return undefined;
  try {
    return (await readFile(path.join(dataDir(ctx), 'ops-token'), 'utf8')).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * `portal admin invite --tenant <slug> <email> --first-name <name> --last-name <name> [--api <url>] [--json]`:
 * a tenant's admin, invited by mail to set a password, through the API's operator call with its OPS_TOKEN (a
 * new tenant has no admin to make one, nor an API key). Safe to run again: a pending admin is invited again, an
 * active one left alone. Exit 0 invited or already an admin, 1 refused (a person of another role, a tenant the
 * API does not serve yet, the API unreachable), 2 usage, 3 the tenant's config has errors, 4 token refused.
 */
export async function run(options: AdminInviteOptions, ctx: Context, args: string[]): Promise<number> {
  const [email] = args;
  const missing = [
    !options.tenant && '--tenant',
    !email && '<email>',
    !options.firstName && '--first-name',
    !options.lastName && '--last-name',
  ].filter(Boolean);
  if (missing.length > 0)
    throw usageError(
      `Missing ${missing.join(', ')}: the admin needs a tenant, an email address and a name.`,
      'Pass them all, for example: portal admin invite --tenant acme ada@acme.com --first-name Ada --last-name Lovelace',
    );
  const [tenant] = await loadTenants({ tenantsDir: ctx.tenantsDir, slugs: [options.tenant!] });
  if (!tenant?.config)
    throw new CliError(`${options.tenant} has errors: run \`portal validate --tenant ${options.tenant}\`.`, {
      exitCode: EXIT.invalidConfig,
    });
  const apiUrl = options.api ?? ctx.env.PORTAL_API_URL ?? LOCAL_API;
  if (!URL.canParse(apiUrl) || !/^https?:$/.test(new URL(apiUrl).protocol))
    throw usageError(`the API address "${apiUrl}" is no http(s) URL, such as ${LOCAL_API}.`);
  const token = await operatorToken(ctx, apiUrl);
  if (!token)
    throw usageError(
      'set PORTAL_OPS_TOKEN to the operator token of the API (its OPS_TOKEN).',
      'Locally, `npm start` makes one in .data/ops-token and this command reads it there.',
    );

  const invited = await inviteAdmin(apiUrl, token, {
    tenant: tenant.slug,
    email: email!,
    first_name: options.firstName!,
    last_name: options.lastName!,
  });
  const { person } = invited;
  const who = `${person.first_name} ${person.last_name} <${person.email}>`;
  if (options.json ?? ctx.json)
    printJson(ctx, {
      outcome: invited.outcome,
      tenant: tenant.slug,
      person_id: person.id,
      email: person.email,
      status: person.status,
    });
  else if (invited.outcome === 'already an admin')
    print(ctx, `${who} is already an admin of ${invited.tenant}, with a password set: nothing was sent.`);
  else
    print(
      ctx,
      `${invited.outcome === 'invited' ? 'Invited' : 'Invited again'} ${who} as an admin of ${invited.tenant}.`,
    );
  if (invited.outcome !== 'already an admin') {
    say(
      ctx,
      `Next: ${person.first_name} opens the link in the invitation mail (valid 7 days), sets a password and signs in.`,
    );
    if (isLocal(apiUrl))
      say(
        ctx,
        `An API on this machine without SMTP_URL writes it as the newest .eml file in ${relativePath(ctx.cwd, path.join(dataDir(ctx), 'mail'))}/.`,
      );
  }
  return EXIT.ok;
}
