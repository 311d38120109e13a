// The tenant's people, one service for every door: the admin's screens, the integration API and the CSV
// import call it, so a rule is written once. Each change is one transaction holding the change, its audit
// entry and its event (webhooks out); an invitation's mail goes out after that transaction commits, so a mail
// never carries a link that does not exist.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import { tenantClient } from '../access/assigned-client.js';
import { roleOf } from '../access/roles.js';
import type { Actor } from '../access/scope.js';
import { retireOneTimeTokens } from '../auth/one-time-token-repository.js';
import { retireChallenges } from '../auth/otp-repository.js';

import { revokeAllForUser } from '../auth/session-repository.js';
import { recordEvent } from '../events/record-event.js';
import type { MailDraft } from '../mail/mail-draft.js';
import type { Mailer } from '../mail/mailer.js';

import { setCoach } from './assignments-repository.js';
import { checkKeyRole, refuseLeavingNoAdmin } from './admin-rules.js';
import { adminScope, listAudit, writeAudit } from './audit-repository.js';
import type { AuditFilter, ChangeActor } from './audit-repository.js';
import { hasPassword, requestEmailChange, retireOldAddressLinks } from './email-change.js';
import { createInvitations, type Invitation } from './invitations.js';
import { sendIntake } from '../forms/forms-service.js';
import { checkFields } from './person-fields.js';
import type { CheckedFields, PersonFields } from './person-fields.js';
import { changes, fullName, mergeFlags, snapshot, toPerson } from './person-view.js';
import type { Person } from './person-view.js';
import {
  countCoachedClients,
  ensureCoachProfile,
  findPerson,
  findIdByEmail,
  listPeople,
} from './people-repository.js';
import type { PeopleFilter, PersonRow } from './people-repository.js';

type UpsertOutcome = 'created' | 'changed' | 'unchanged';

interface Deps {
  db: Kysely<Database>;
  now: () => Date;
  mailer: Mailer;
}

const notFound = () => new HttpError(404, 'Person not found.');

async function mustFind(db: Kysely<Database>, scope: Actor, id: number): Promise<PersonRow> {
  const row = await findPerson(db, scope, id);
  if (!row) throw notFound();
  return row;
}

export function createPeopleService({ db, now, mailer }: Deps) {
  const invitations = createInvitations({ db, now, mailer });

  /**
   * The writes of a change to `current`: the person after it, or undefined when it changes nothing (then nothing
   * is written). A new login email of a person who has a password only becomes pending (email-change.ts): its
   * mail is added to `mails`, to send once the transaction commits.
   */
  async function applyChange(
    trx: Kysely<Database>,
    actor: ChangeActor,
    current: PersonRow,
    checked: CheckedFields,
    at: Date,
    mails: MailDraft[] = [],
  ): Promise<PersonRow | undefined> {
    const scope = adminScope(actor);
    let fields = checked;
    if (fields.email !== undefined && fields.email !== current.email) {
      if (await hasPassword(trx, actor.tenantId, current.id)) {
        mails.push(await requestEmailChange(trx, actor, current, fields.email, at));
        fields = { ...fields, email: undefined };
      } else await retireOldAddressLinks(trx, current.id, at);
    }
    const role = roleOf(fields.role_id ?? current.role_id);
    const wasCoach = roleOf(current.role_id) === 'coach';
    if (wasCoach && role !== 'coach' && (await countCoachedClients(trx, scope, current.id)) > 0)
      throw new FieldError({
        role_id: ['This coach still has clients: assign them to another coach first.'],
      });
    const set: Record<string, unknown> = {};
    for (const key of ['email', 'first_name', 'last_name', 'role_id', 'company_id', 'time_zone'] as const)
      if (fields[key] !== undefined && fields[key] !== current[key]) set[key] = fields[key];
    if (fields.flags) {
      const flags = mergeFlags(current.flags, fields.flags);
      if (JSON.stringify(flags) !== JSON.stringify(mergeFlags(current.flags, {})))
        set.flags = JSON.stringify(flags);
    }
    // A person who is no longer a client has no coach; a coach's change of coach is refused in checkFields.
    let coachProfileId =
      fields.coach_id !== undefined && fields.coach_id !== current.coach_id
        ? fields.coachProfileId
        : undefined;
    if (role !== 'client' && current.coach_id !== null) coachProfileId = null;
    if (Object.keys(set).length === 0 && coachProfileId === undefined) return undefined;
    // The coach changes while the person is a client by role: before a role change away from client, after
    // one towards it (tenantClient reads the role as the transaction has it).
    const assign = async () => {
      const client = await tenantClient(trx, scope, current.id);
      if (client && coachProfileId !== undefined) await setCoach(trx, scope, client, { coachProfileId, at });
    };
    if (coachProfileId === null) await assign();
    if (Object.keys(set).length > 0)
      await trx
        .updateTable('users')
        .set({ ...set, updated_at: at })
        .where('tenant_id', '=', actor.tenantId)
        .where('id', '=', current.id)
        .execute();
    if (role === 'coach' && !wasCoach) await ensureCoachProfile(trx, actor.tenantId, current.id);
    // A person who becomes a client is a new client like any other: the intake waits for them (once).
    if (role === 'client' && roleOf(current.role_id) !== 'client')
      await sendIntake(trx, actor.tenantId, current.id, at);
    if (coachProfileId != null) await assign();
    const after = await mustFind(trx, scope, current.id);
    const diff = changes(snapshot(current), snapshot(after));
    if (!diff) return undefined;
    await writeAudit(trx, actor, at, {
      action: 'person.updated',
      subject_type: 'person',
      subject_id: current.id,
      person_id: current.id,
      summary: `Changed ${Object.keys(diff.after).join(', ')} of ${fullName(after)}`,
      ...diff,
    });
    return after;
  }

  async function create(
    actor: ChangeActor,
    input: PersonFields,
    options: { invite?: boolean } = {},
  ): Promise<Person> {
    const scope = adminScope(actor);
    let invitation: Invitation | undefined;
    checkKeyRole(actor, input.role_id);
    const person = await db.transaction().execute(async (trx) => {
      const fields = await checkFields(trx, scope, input);
      const at = now();
      const { id } = await trx
        .insertInto('users')
        .values({
          tenant_id: actor.tenantId,
          email: fields.email!,
          first_name: fields.first_name!,
          last_name: fields.last_name!,
          role_id: fields.role_id ?? 3,
          company_id: fields.company_id ?? null,
          time_zone: fields.time_zone ?? null,
          flags: JSON.stringify(mergeFlags({}, fields.flags ?? {})),
          website: null,
          profile_pic: null,
          title: null,
          location: null,
          phone_number: null,
          birthday: null,
          facebook: null,
          twitter: null,
          linkedin: null,
          password_hash: null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (roleOf(fields.role_id ?? 3) === 'coach') await ensureCoachProfile(trx, actor.tenantId, id);
      if (fields.coachProfileId != null) {
        const client = await tenantClient(trx, scope, id);
        if (client) await setCoach(trx, scope, client, { coachProfileId: fields.coachProfileId, at });
      }
      // Every door that adds a client (the admin's screen, the import, the integration API) leaves the tenant's
      // intake waiting for them, once: accepting the invitation later finds it sent and sends none.
      if (roleOf(fields.role_id ?? 3) === 'client') await sendIntake(trx, actor.tenantId, id, at);
      const row = await mustFind(trx, scope, id);
      await writeAudit(trx, actor, at, {
        action: 'person.created',
        subject_type: 'person',
        subject_id: id,
        person_id: id,
        summary: `Added ${fullName(row)} (${row.email})`,
        after: snapshot(row),
      });
      if (!options.invite) return row;
      invitation = await invitations.linkIn(trx, actor, row, at);
      return mustFind(trx, scope, id);
    });
    await invitations.send(invitation);
    return toPerson(person, now());
  }

  async function update(actor: ChangeActor, id: number, input: PersonFields): Promise<Person> {
    const scope = adminScope(actor);
    const mails: MailDraft[] = [];
    const changed = db.transaction().execute(async (trx) => {
      const current = await mustFind(trx, scope, id);
      checkKeyRole(actor, input.role_id, current.role_id);
      const fields = await checkFields(trx, scope, input, current);
      const after = await applyChange(trx, actor, current, fields, now(), mails);
      // A change that only asked a new address to confirm writes no column but shows as pending.
      return after ?? (mails.length > 0 ? mustFind(trx, scope, id) : current);
    });
    const row = await changed.catch(refuseLeavingNoAdmin('role'));
    for (const mail of mails) await mailer.send(mail);
    return toPerson(row, now());
  }

  /**
   * Creates the person with this email, or changes the fields given that differ: the same input twice makes
   * one person and one audit entry. Two upserts of one new email at once: the loser of the insert changes the
   * winner's person instead.
   */
  async function upsert(
    actor: ChangeActor,
    input: PersonFields & { email: string },
    options: { invite?: boolean } = {},
  ): Promise<{ outcome: UpsertOutcome; person: Person }> {
    const scope = adminScope(actor);
    for (let attempt = 0; ; attempt++) {
      const existing = await findIdByEmail(db, actor.tenantId, input.email.trim().toLowerCase());
      if (existing === undefined) {
        try {
          return { outcome: 'created', person: await create(actor, input, options) };
        } catch (error) {
          // Another upsert of this email committed first: this one becomes a change to that person.
          const taken = isDuplicateEmail(error) || (error instanceof FieldError && error.fields.email);
          if (attempt > 0 || !taken) throw error;
          continue;
        }
      }
      const change = db.transaction().execute(async (trx) => {
        const current = await mustFind(trx, scope, existing);
        checkKeyRole(actor, input.role_id, current.role_id);
        const fields = await checkFields(trx, scope, input, current);
        const after = await applyChange(trx, actor, current, fields, now());
        return { changed: after !== undefined, row: after ?? current };
      });
      const result = await change.catch(refuseLeavingNoAdmin('role'));
      return { outcome: result.changed ? 'changed' : 'unchanged', person: toPerson(result.row, now()) };
    }
  }

  async function setActive(actor: ChangeActor, id: number, active: boolean): Promise<Person> {
    const scope = adminScope(actor);
    if ('userId' in actor && actor.userId === id && !active)
      throw new HttpError(409, 'You cannot deactivate your own account.');
    const changed = db.transaction().execute(async (trx) => {
      const current = await mustFind(trx, scope, id);
      if ((current.deactivated_at === null) === active) return current;
      const at = now();
      await trx
        .updateTable('users')
        .set({ deactivated_at: active ? null : at, updated_at: at })
        .where('tenant_id', '=', actor.tenantId)
        .where('id', '=', id)
        .execute();
      if (!active) {
        // Sessions are rows every instance reads on each request: revoked here, they end everywhere at once.
        await revokeAllForUser(trx, id, at);
        await retireOneTimeTokens(trx, id, at);
        await retireChallenges(trx, { userId: id, at });
      }
      await recordEvent(trx, actor.tenantId, active ? 'person.activated' : 'person.deactivated', {
        person_id: id,
        email: current.email,
      });
      const after = await mustFind(trx, scope, id);
      await writeAudit(trx, actor, at, {
        action: active ? 'person.reactivated' : 'person.deactivated',
        subject_type: 'person',
        subject_id: id,
        person_id: id,
        summary: `${active ? 'Reactivated' : 'Deactivated'} ${fullName(current)}`,
        before: { status: current.status },
        after: { status: after.status },
      });
      return after;
    });
    const row = await changed.catch(refuseLeavingNoAdmin('status'));
    return toPerson(row, now());
  }

  return {
    create,
    update,
    upsert,
    find: async (actor: ChangeActor, id: number) =>
      toPerson(await mustFind(db, adminScope(actor), id), now()),
    async list(actor: ChangeActor, filter: PeopleFilter) {
      const { rows, total } = await listPeople(db, adminScope(actor), filter);
      const at = now();
      return { people: rows.map((row) => toPerson(row, at)), total };
    },
    deactivate: (actor: ChangeActor, id: number) => setActive(actor, id, false),
    reactivate: (actor: ChangeActor, id: number) => setActive(actor, id, true),
    /** Sends (or sends again) the invitation of a person who has not set a password yet. */
    async invite(actor: ChangeActor, id: number): Promise<Person> {
      const scope = adminScope(actor);
      let invitation: Invitation | undefined;
      const row = await db.transaction().execute(async (trx) => {
        const current = await mustFind(trx, scope, id);
        if (current.status === 'deactivated')
          throw new HttpError(409, 'Reactivate this person before inviting them.');
        if (current.status === 'active') throw new HttpError(409, 'This person has already set a password.');
        invitation = await invitations.linkIn(trx, actor, current, now());
        return mustFind(trx, scope, id);
      });
      await invitations.send(invitation);
      return toPerson(row, now());
    },
    /** The invitee sets their password: the link is used up, with every other link they were sent. */
    acceptInvitation: invitations.accept,
    async auditLog(actor: ChangeActor, filter: AuditFilter) {
      return listAudit(db, actor.tenantId, filter);
    },
  };
}

function isDuplicateEmail(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string } | undefined;
  return e?.code === '23505' && (e.constraint ?? 'users_tenant_email') === 'users_tenant_email';
}
