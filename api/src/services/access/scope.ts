// Who may see and change a row of a client-owned table, written once per table and once per role. Every
// repository query on such a table starts from `owned` or `visible` (and every insert takes its owner from
// `ownerValues`), so the rule is never retyped in a query; a structure test fails when one skips it.
//
// Rules per role (DESIGN, Roles): a client sees its own rows, and its company's rows where SPEC shares the table
// with colleagues. A coach sees the rows of the clients assigned to them in coach_clients (and those clients'
// companies' shared rows), in their own tenant; in a table of parties (a message, an upload) a coach, like a
// client, owns the rows they are a party of. An admin (or an integration acting for the tenant, as one) reaches
// every row of their tenant, less the rows of parties (a message, an upload), which stay their parties' own.
import { sql } from 'kysely';
import type { Expression, SqlBool } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Role } from './roles.js';
import type { Flags } from '../../../../contracts/training-flags.js';

/** Who is asking: the tenant and user of the session, the role they act in, and their company if they have one. */
export interface Actor {
  tenantId: number;
  userId: number;
  role: Role;
  companyId?: number | null | undefined;
  /**
   * What the session's one statement also read of the user (session-service.ts), so a request does not read the
   * user again for its zone or training flags. Absent for an actor that no session made (an API key, a test).
   */
  trainings?: Flags;
  timeZone?: string | null;
}

interface Rule {
  /** The columns naming the user a row belongs to; a row with several (a message's two parties) is each one's. */
  owner: readonly [string, ...string[]];
  /** The company column of a table SPEC shares with the owner's colleagues: its rows are the company's. */
  sharedBy?: string;
  /**
   * In a shared table, the column naming the one client a row is for (null: the company's): such a row is read
   * only by that client and their coach, never by the client's colleagues, whatever its company (a client
   * without a company has only such rows, their company column null).
   */
  addressedTo?: string;
  /** Per owner column, the flag with which that party hides the row from their own view (not from the other's). */
  hiddenBy?: Readonly<Record<string, string>>;
  /** A row attached to a row of another owned table (by this column) is readable by whoever may see that one. */
  attachedTo?: { column: string; table: string };
  /**
   * The owner columns name who acted (sent, received, uploaded) rather than whose client work a row is: every
   * role owns the rows it is a party of, and a coach does not reach their clients' rows through them.
   */
  parties?: true;
  /** Rows about a client that only their coach sees (private notes): a client's own scope holds none. */
  coachOnly?: true;
}

/** One rule per client-owned table; the first owner column is the one an insert sets. */
export const ownership = {
  // Client work: the client's own.
  meetings: { owner: ['client_id'] },
  lesson_meetings: { owner: ['client_id'] },
  meeting_notes: { owner: ['client_id'] },
  action_steps: { owner: ['client_id'] },
  commitments: { owner: ['client_id'] },
  team_members: { owner: ['client_id'] },
  tasks: { owner: ['client_id'] },
  task_shares: { owner: ['client_id'] },
  metrics: { owner: ['client_id'] },
  metric_values: { owner: ['client_id'] },
  metric_shares: { owner: ['client_id'] },
  assessments: { owner: ['client_id'] },
  assessment_areas: { owner: ['client_id'] },
  implementation_steps: { owner: ['client_id'] },
  coach_notes: { owner: ['client_id'], coachOnly: true },
  // A coach's recap of a meeting (the client reads it once shared: recaps-repository.ts) and its comments;
  // a client's goals and their milestones, written by the client or their coach.
  recaps: { owner: ['client_id'] },
  recap_comments: { owner: ['client_id'] },
  goals: { owner: ['client_id'] },
  goal_milestones: { owner: ['client_id'] },
  form_sends: { owner: ['client_id'] },
  // Whom the client is coached by.
  coach_clients: { owner: ['client_id'] },
  // What the user did: progress, purchases, memberships, submissions.
  lesson_analytics: { owner: ['user_id'] },
  flash_analytics: { owner: ['user_id'] },
  lesson_checklist_ticks: { owner: ['user_id'] },
  user_groups: { owner: ['user_id'] },
  group_payments: { owner: ['user_id'] },
  support_tickets: { owner: ['user_id'] },
  testimonials: { owner: ['user_id'] },
  referrals: { owner: ['user_id'] },
  // A client's signature of a coaching agreement's version.
  agreement_signatures: { owner: ['client_id'] },
  // What a client bought and paid (migration 1940): their purchases, the credits those gave, their payments and
  // invoices, and the offerings they were invited to.
  purchases: { owner: ['client_id'] },
  credit_grants: { owner: ['client_id'] },
  payments: { owner: ['client_id'] },
  invoices: { owner: ['client_id'] },
  offering_invitations: { owner: ['client_id'] },
  // A coach's answer to one of those: the client's whose request it answers.
  request_answers: { owner: ['client_id'] },
  profile_photos: { owner: ['user_id'] },
  // Mail: a message is its sender's and its recipient's; an upload its uploader's.
  emails: {
    owner: ['from_user_id', 'to_user_id'],
    hiddenBy: { from_user_id: 'deleted_by_sender', to_user_id: 'deleted_by_recipient' },
    parties: true,
  },
  mail_attachments: {
    owner: ['uploader_id'],
    attachedTo: { column: 'email_id', table: 'emails' },
    parties: true,
  },
  // Company files (/resources): colleagues see the company's files, less a coach's file for one client alone;
  // only the uploader changes one.
  company_files: {
    owner: ['uploader_id'],
    sharedBy: 'company_id',
    addressedTo: 'recipient_id',
    parties: true,
  },
} as const satisfies Partial<Record<keyof Database, Rule>>;

type Rules = typeof ownership;
type OwnedTable = keyof Rules;
/** A table, or a table with its alias as Kysely takes it: 'assessments as a'. */
type From = OwnedTable | `${OwnedTable} as ${string}`;

function parse(from: From) {
  const [table, alias = table] = from.split(' as ') as [OwnedTable, string?];
  const rule: Rule = ownership[table];
  return { rule, ref: (column: string) => sql.ref(`${alias}.${column}`) };
}

/** The ids of the clients assigned to the coach, in the coach's tenant (coach_clients, by the coach's user). */
const assignedTo = (actor: Actor) =>
  sql`(select cc.client_id from coach_clients cc join coaches co on co.id = cc.coach_id
    where co.user_id = ${actor.userId} and co.tenant_id = ${actor.tenantId} and cc.tenant_id = ${actor.tenantId})`;

type Ref = (column: string) => Expression<unknown>;
type Parties = readonly string[];

const anyOf = (parts: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
const allOf = (parts: Expression<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` and `)})`;

const asParty = (actor: Actor, parties: Parties, ref: Ref) =>
  anyOf(parties.map((c) => sql<SqlBool>`${ref(c)} = ${actor.userId}`));

/** Per role: the rows it owns through the given owner columns, and the rows of a shared table it may read. */
const clauses: Record<
  Role,
  {
    owned: (actor: Actor, parties: Parties, ref: Ref, rule: Rule) => Expression<SqlBool>;
    shared: (actor: Actor, company: string, ref: Ref) => Expression<SqlBool>;
  }
> = {
  client: {
    owned: (actor, parties, ref, rule) =>
      rule.coachOnly ? sql<SqlBool>`false` : asParty(actor, parties, ref),
    // A client without a company has no colleagues' rows.
    shared: (actor, company, ref) =>
      actor.companyId == null ? sql<SqlBool>`false` : sql<SqlBool>`${ref(company)} = ${actor.companyId}`,
  },
  coach: {
    owned: (actor, parties, ref, rule) =>
      rule.parties
        ? asParty(actor, parties, ref)
        : anyOf(parties.map((c) => sql<SqlBool>`${ref(c)} in ${assignedTo(actor)}`)),
    // The companies of the coach's clients.
    shared: (actor, company, ref) =>
      sql<SqlBool>`${ref(company)} in (select u.company_id from users u where u.tenant_id = ${actor.tenantId} and u.id in ${assignedTo(actor)})`,
  },
  admin: {
    owned: (actor, parties, ref, rule) => (rule.parties ? asParty(actor, parties, ref) : sql<SqlBool>`true`),
    shared: () => sql<SqlBool>`true`,
  },
};

const clausesOf = (actor: Actor) => clauses[actor.role];

const inTenant = (actor: Actor, ref: Ref) => sql<SqlBool>`${ref('tenant_id')} = ${actor.tenantId}`;

type TableOf<F extends From> = F extends `${infer T extends OwnedTable} as ${string}` ? T : F & OwnedTable;
type Party<F extends From> = Rules[TableOf<F>]['owner'][number];

/**
 * The rows the actor owns, to change or to count: their own (as `party` only, when given), hidden or not. In a
 * shared table, only those of their company.
 */
export function owned<F extends From>(actor: Actor, from: F, party?: Party<F>): Expression<SqlBool> {
  const { rule, ref } = parse(from);
  const scope = clausesOf(actor);
  const parts = [inTenant(actor, ref), scope.owned(actor, party ? [party] : rule.owner, ref, rule)];
  if (rule.sharedBy !== undefined) parts.push(scope.shared(actor, rule.sharedBy, ref));
  return allOf(parts);
}

/**
 * The rows the actor may read (as `party` only, when given): in a table shared with colleagues, the company's;
 * otherwise their own, less those they hid (and, for an attached row, what its parent's readers see).
 */
export function visible<F extends From>(actor: Actor, from: F, party?: Party<F>): Expression<SqlBool> {
  const { rule, ref } = parse(from);
  const scope = clausesOf(actor);
  if (rule.sharedBy !== undefined) {
    const shared = scope.shared(actor, rule.sharedBy, ref);
    const to = rule.addressedTo;
    if (to === undefined) return allOf([inTenant(actor, ref), shared]);
    // A row for one client is read as that client's own work, by them and their coach, whatever its company
    // (a client with none has such rows only); the company's rows by its people.
    return allOf([
      inTenant(actor, ref),
      anyOf([
        allOf([sql<SqlBool>`${ref(to)} is null`, shared]),
        scope.owned(actor, [to], ref, { owner: [to] }),
      ]),
    ]);
  }
  if (rule.attachedTo !== undefined) {
    // Unattached (an upload not sent yet): the owner's; attached: as visible as what it is attached to.
    const { column, table } = rule.attachedTo;
    const parent = sql<SqlBool>`exists (select 1 from ${sql.table(table)} where ${visible(actor, table as OwnedTable)} and ${sql.ref(`${table}.id`)} = ${ref(column)})`;
    return anyOf([allOf([owned(actor, from, party), sql<SqlBool>`${ref(column)} is null`]), parent]);
  }
  const { hiddenBy } = rule;
  if (hiddenBy === undefined) return owned(actor, from, party);
  const parties = party ? [party] : rule.owner;
  const shown = parties.map((c) =>
    allOf([scope.owned(actor, [c], ref, rule), sql<SqlBool>`${ref(hiddenBy[c]!)} = false`]),
  );
  return allOf([inTenant(actor, ref), anyOf(shown)]);
}

/** The actor's own user row, where a query reads or changes their profile. */
export const self = (actor: Actor): Expression<SqlBool> =>
  sql<SqlBool>`${sql.ref('users.tenant_id')} = ${actor.tenantId} and ${sql.ref('users.id')} = ${actor.userId}`;

type Values<T extends OwnedTable> = { tenant_id: number } & Record<Rules[T]['owner'][0], number> &
  (Rules[T] extends { sharedBy: infer C extends string } ? Record<C, number | null> : unknown) &
  (Rules[T] extends { addressedTo: infer C extends string } ? Partial<Record<C, number>> : unknown);

declare const checked: unique symbol;

/** A client found assigned to the coach (access/assigned-client.ts): the only way a coach names a row's owner. */
export interface AssignedClient {
  readonly userId: number;
  readonly tenantId: number;
  readonly [checked]: true;
}

/**
 * The owner columns of a new row: the actor's tenant and user (and company, in a shared table). A coach writes
 * a client's row (an action step) for a client assigned to them, `client`; a row of parties is their own, and
 * in a table of rows for one client (`addressedTo`), `client` is the one it is for (and such a row needs no
 * company: the client may have none).
 */
export function ownerValues<T extends OwnedTable>(
  actor: Actor,
  table: T,
  client?: AssignedClient,
): Values<T> {
  const rule: Rule = ownership[table];
  let owner = actor.userId;
  if (actor.role !== 'client' && !rule.parties) {
    if (!client || client.tenantId !== actor.tenantId)
      throw new Error(`A ${actor.role}'s row of ${table} needs a client assigned to them.`);
    owner = client.userId;
  }
  const values: Record<string, number | null> = { tenant_id: actor.tenantId, [rule.owner[0]]: owner };
  const addressed = rule.addressedTo !== undefined && client !== undefined;
  if (rule.addressedTo !== undefined && client) {
    if (client.tenantId !== actor.tenantId)
      throw new Error(`A row of ${table} is for a client of its tenant.`);
    values[rule.addressedTo] = client.userId;
  }
  if (rule.sharedBy !== undefined) {
    // A row for one client alone needs no company (a client without one); any other is the company's.
    if (actor.companyId == null && !addressed)
      throw new Error(`A row of ${table} needs the actor's company.`);
    values[rule.sharedBy] = actor.companyId ?? null;
  }
  return values as Values<T>;
}
