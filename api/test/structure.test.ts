// The API's source keeps the shape api/README.md describes: the seed is its own folder (demo data is not part of
// the database layer the app runs on), nothing is exported that no other file uses (an export is a promise
// someone depends on it), comments say why rather than which issue asked for the code, control characters have
// one rule (src/plain-text.ts), not a pattern of their own in each file that meets text, a 429 comes only from
// the limits module, and every query on a client-owned table is scoped by the one rule access/scope.ts declares
// for it.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../src/routes/index.js';
import { undeclaredRoles } from '../src/routes/register-routes.js';
import { ownership } from '../src/services/access/scope.js';
import { EVENT_TYPES } from '../../contracts/events.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function sources(dir: string, pattern = /\.(ts|md)$/): Promise<Map<string, string>> {
  const names = (await readdir(join(root, dir), { recursive: true })).filter((name) => pattern.test(name));
  const texts = await Promise.all(names.map((name) => readFile(join(root, dir, name), 'utf8')));
  return new Map(names.map((name, i) => [join(dir, name), texts[i]!]));
}

/** The text of the parenthesised call whose '(' is at `open`, without the parentheses. */
function callArguments(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** The function or constant a position of a source file belongs to: the nearest one declared before it. */
function enclosingName(text: string, at: number): string {
  const names = [...text.slice(0, at).matchAll(/^(?:export )?(?:async )?(?:function|const) (\w+)/gm)];
  return names.at(-1)?.[1] ?? '(top)';
}

// Queries on client-owned tables that no actor asks for, each with why it reads or changes every owner's rows.
const unscoped: Record<string, string> = {
  'seed/': 'demo data is written for its users before any of them signs in',
  'services/mailbox/mailbox-repository.ts deleteUnsentBefore':
    "housekeeping: every tenant's uploads left unsent for a day go, for no session",
  'services/billing/credits.ts tellExpiredCredits':
    "the expiry sweep tells every tenant's grants that expired unspent, for no session: news for the webhooks",
  'services/payments/payments-repository.ts findPaymentByIntent':
    "Stripe's webhook, verified by its signature, finds the payment of an intent for no session",
  'services/payments/payments-repository.ts setPaymentStatus':
    "Stripe's webhook settles the payment it found by its intent",
  'services/integration/activity-repository.ts messages':
    "an API key reads every message of its tenant (the business's own records), by the key's tenant",
  'services/integration/activity-repository.ts files':
    "an API key reads every file sending of its tenant (the business's own records), by the key's tenant",
  'services/reminders/meeting-reminders.ts meetingOf':
    'a reminder re-reads its meeting by id for no session: planned by a scoped write, run by the job queue',
  'services/reminders/group-session-reminders.ts membersOf':
    "a group session's reminders go to the members it was scheduled for, for no session: planned by the coach's scoped write, run by the job queue",
  'services/notifications/notifications-for.ts groupMembers':
    "a published lesson is news to every member of its group, for no session: the members' bells",
  'services/billing/credit-balance.ts availableCredits':
    "a client's credits counted by tenant and client id, for a caller its service already checked (booking, balances)",
  'services/billing/subscriptions.ts purchaseByStripe':
    "Stripe's webhook, verified by its signature, finds the purchase of a PaymentIntent or Subscription for no session",
  'services/profile/profile-repository.ts findPhoto':
    'a profile photo is served to whoever has its unguessable public id, like any profile_pic URL',
};

/**
 * The queries on client-owned tables that skip the scope: a select, update or delete whose first call is not
 * `.where(owned|visible(actor, <that table>))`, a join whose condition does not scope the joined table, and an
 * insert whose values do not start from `ownerValues(actor, <that table>)`.
 */
function unscopedQueries(file: string, text: string): string[] {
  const found: string[] = [];
  // Named as a string or as a key (share-limit.ts maps its tables to their limits: `{ task_shares: ... }`).
  const namesOwned = Object.keys(ownership).some(
    (table) => text.includes(`'${table}'`) || new RegExp(`\\b${table}: `).test(text),
  );
  const calls = /\.(selectFrom|updateTable|deleteFrom|insertInto|innerJoin|leftJoin)\(/g;
  for (const match of text.matchAll(calls)) {
    const open = match.index + match[0].length - 1;
    const args = callArguments(text, open);
    const from = args.split(',')[0]!.trim();
    const literal = /^'(\w+)(?: as \w+)?'$/.exec(from);
    // A table held in a variable is taken for an owned one when the file names any owned table.
    const owns = literal ? literal[1]! in ownership : /^\w+( as \w+)?$/.test(from) && namesOwned;
    if (!owns) continue;
    const subject = from.split(' as ')[0]!.replace(/'/g, '');
    const named = (helpers: string) =>
      new RegExp(`\\b(${helpers})\\(\\w+, ${literal ? from : `${subject}\\b`}`);
    const after = text.slice(open + args.length + 2);
    const next = /^\s*\.(where|values)\(/.exec(after);
    const nextArgs = next ? callArguments(after, next[0].length - 1) : '';
    const scoped =
      match[1] === 'innerJoin' || match[1] === 'leftJoin'
        ? named('owned|visible').test(args)
        : match[1] === 'insertInto'
          ? next?.[1] === 'values' && named('ownerValues').test(nextArgs)
          : next?.[1] === 'where' && named('owned|visible').test(nextArgs);
    const place = `${relative('api/src', file)} ${enclosingName(text, match.index)}`;
    if (!scoped && !Object.keys(unscoped).some((allowed) => place.startsWith(allowed)))
      found.push(`${place}: .${match[1]}(${from})`);
  }
  return found;
}

describe('api/ structure', () => {
  it('keeps the seed in src/seed, out of src/db', () => {
    expect(existsSync(join(root, 'api/src/seed/seed.ts'))).toBe(true);
    expect(existsSync(join(root, 'api/src/db/seed.ts'))).toBe(false);
  });

  it('exports nothing that no other file of the repository uses', async () => {
    const api = await sources('api/src', /\.ts$/);
    const users = new Map([
      ...api,
      ...(await sources('api/test', /\.ts$/)),
      ...(await sources('scripts', /\.ts$/)),
      ...(await sources('e2e', /\.ts$/)),
    ]);
    // A route that declares its own method and url is used by the route table, which registers it from its
    // module: these are the exports the table holds.
    const registered = new Set(routeTable.map(([, , spec]) => spec));
    const tableRoutes = new Set<string>();
    for (const file of [...api.keys()].filter((name) => name.startsWith('api/src/routes/'))) {
      const module = (await import(join(root, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module))
        if (registered.has(value as (typeof routeTable)[number][2])) tableRoutes.add(`${file}: ${name}`);
    }
    const unused: string[] = [];
    for (const [file, text] of api) {
      // kysely-codegen writes a type for every table there; the code reaches them through Database.
      if (file === 'api/src/db/generated-types.ts') continue;
      for (const [, name] of text.matchAll(
        /^export (?:async )?(?:const|function|interface|type|class) (\w+)/gm,
      )) {
        const word = new RegExp(`\\b${name}\\b`);
        const used =
          tableRoutes.has(`${file}: ${name}`) ||
          [...users].some(([other, otherText]) => other !== file && word.test(otherText));
        if (!used) unused.push(`${relative('api/src', file)}: ${name}`);
      }
    }
    expect(unused).toEqual([]);
  });

  it('has no comment that cites an issue number instead of saying why', async () => {
    const cites: string[] = [];
    for (const [file, text] of await sources('api')) {
      text.split('\n').forEach((line, i) => {
        if (/\b[Ii]ssues? #?\d+/.test(line)) cites.push(`${file}:${i + 1}`);
      });
    }
    expect(cites).toEqual([]);
  });

  it('keeps the one plain-text rule in src/plain-text.ts: no other control-character pattern', async () => {
    // A control character written as an escape (\u0000..\u001f, \u007f, \x00..\x1f, \x7f), a Unicode control
    // class, a line-break class, or eslint's no-control-regex switched off: each is a rule of its own.
    const pattern =
      /\\u00[01][0-9a-f]|\\u007f|\\x[01][0-9a-f]|\\x7f|\\p\{(?:Cc|C|Control)\}|\[\\r\\n\]|\[\\n\\r\]|no-control-regex/i;
    const found: string[] = [];
    for (const [file, text] of await sources('api/src', /\.ts$/)) {
      if (file === join('api/src', 'plain-text.ts')) continue;
      text.split('\n').forEach((line, i) => {
        if (pattern.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('answers 429 from the limits module only (and the login throttle, which counts per IP): no limit of its own', async () => {
    const own = [
      join('api/src', 'services/limits/limits.ts'),
      join('api/src', 'services/throttle/throttle-service.ts'),
    ];
    const found: string[] = [];
    for (const [file, text] of await sources('api/src', /\.ts$/)) {
      if (own.includes(file) || file === join('api/src', 'errors.ts')) continue;
      text.split('\n').forEach((line, i) => {
        if (/\btooMany\(|new HttpError\(429\b/.test(line)) found.push(`${file}:${i + 1}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('scopes every query on a client-owned table with its one rule (access/scope.ts)', async () => {
    const found: string[] = [];
    for (const [file, text] of await sources('api/src', /\.ts$/)) {
      if (file !== join('api/src', 'services/access/scope.ts')) found.push(...unscopedQueries(file, text));
    }
    expect(found).toEqual([]);
  });

  it('registers every route a module declares with its own method and url (its module is in the table)', async () => {
    const registered = new Set(routeTable.map(([, , spec]) => spec));
    const routes = await sources('api/src/routes', /\.ts$/);
    const missing: string[] = [];
    for (const file of routes.keys()) {
      const module = (await import(join(root, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module))
        if (
          typeof value === 'object' &&
          value !== null &&
          'at' in value &&
          'handle' in value &&
          !registered.has(value as never)
        )
          missing.push(`${relative('api/src', file)}: ${name}`);
    }
    expect(missing).toEqual([]);
  });

  // The integrator reads api/README's events table, not contracts/events.ts: an event missing there is one they
  // never learn of, and one that stays after its entry is gone promises what never comes.
  it("documents every webhook event in api/README's events table, and no other", async () => {
    const readme = await readFile(join(root, 'api/README.md'), 'utf8');
    const table = readme.slice(
      readme.indexOf('**Events and their `data`**'),
      readme.indexOf('## Rules and limits'),
    );
    const documented = [...table.matchAll(/`([a-z]+\.[a-z]+)`/g)].map(([, type]) => type);
    expect([...new Set(documented)].sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('has every route of the route table say which roles may call it', () => {
    expect(undeclaredRoles(routeTable)).toEqual([]);
    // The check finds a planted route without roles, and roles that do not fit the route's session.
    const [method, url, spec] = routeTable.find(([, path]) => path === '/api/v1/me')!;
    const { roles: _dropped, ...withoutRoles } = spec;
    const planted = [
      [method, url, withoutRoles],
      [method, '/anyone-signed-in', { ...spec, roles: 'anyone' }],
      [method, '/no-session', { ...spec, config: {} }],
    ] as unknown as typeof routeTable;
    expect(undeclaredRoles(planted)).toEqual([
      'GET /api/v1/me: no roles',
      'GET /anyone-signed-in: signed in, for anyone',
      'GET /no-session: roles without a session',
    ]);
  });
});
