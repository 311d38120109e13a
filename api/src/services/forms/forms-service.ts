// Forms: a coach's or admin's library (each edit a new version), sending one to a client, and the client's
// draft and submission. Answers are checked twice on the server: by contracts/forms.ts's checkAnswers (the
// app runs the same as the client types: required, conditions, each kind's rule; hidden answers dropped), and
// then by ajv against the JSON Schema the version was stored with, so a send is held to what it was sent with.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { Kysely } from 'kysely';
import { answersSchema, checkAnswers, layoutProblems, questionsOf } from '../../../../contracts/forms.js';
import type { Answers, Layout } from '../../../../contracts/forms.js';
import type { FormInput, GroupSendInput, SendInput } from '../../../../contracts/rest/forms.js';
import type { Database } from '../../db/database.js';
import { lockSubject } from '../../db/subject-lock.js';
import { FieldError, HttpError } from '../../errors.js';
import { fieldErrors } from '../../validation-errors.js';
import { recordEvent } from '../events/record-event.js';
import { assignedClient } from '../access/assigned-client.js';
import type { Actor, AssignedClient } from '../access/scope.js';
import { coachIdOf } from '../authoring/coach-of.js';
import { found } from '../client-work/owner.js';
import { localDate } from '../coach/zoned-day.js';
import { findMetric, upsertValue } from '../metrics/metrics-repository.js';
import { dropFormReminder, planFormReminder } from '../reminders/form-reminders.js';
import {
  changeForm,
  clientMeeting,
  clientZone,
  coachGroup,
  findForm,
  findIntake,
  findSend,
  insertForm,
  insertSend,
  insertVersion,
  listForms,
  listSends,
  membersForSend,
  saveDraft,
  submitSend,
  wasSent,
} from './forms-repository.js';
import type { FormRow, SendRow } from './forms-repository.js';

interface FormsDeps {
  db: Kysely<Database>;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

const day = (value: Date | string | null) =>
  value === null ? null : typeof value === 'string' ? value : value.toISOString().slice(0, 10);

const formOf = (row: FormRow) => ({
  id: row.id,
  title: row.title,
  tenant_wide: row.owner_id === null,
  intake: row.intake,
  archived: row.archived_at !== null,
  version: row.version,
  layout: row.layout,
  updated_at: row.updated_at.toISOString(),
});

const sendOf = (row: SendRow) => ({
  id: row.id,
  form_id: row.form_id,
  title: row.title,
  version: row.version,
  layout: row.layout,
  status: row.status,
  answers: row.answers,
  due_on: day(row.due_on),
  meeting_id: row.meeting_id,
  sent_at: row.sent_at.toISOString(),
  saved_at: row.saved_at?.toISOString() ?? null,
  submitted_at: row.submitted_at?.toISOString() ?? null,
});

const summaryOf = (row: SendRow) => {
  const { form_id: _form, version: _version, layout: _layout, answers: _answers, ...summary } = sendOf(row);
  return summary;
};

/**
 * A value as JSON with every object's keys in order: a stored layout comes back from jsonb with its keys in
 * jsonb's order, not the order the builder sent them in, and the same form saved again must read as the same.
 */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/** A layout a person built, checked beyond its schema (contracts/forms.ts): a 422 naming each place. */
function soundLayout(layout: Layout): Layout {
  const problems = layoutProblems(layout);
  if (Object.keys(problems).length > 0)
    throw new FieldError(
      Object.fromEntries(Object.entries(problems).map(([at, list]) => [`layout.${at}`, list])),
    );
  return layout;
}

/** A check of answers as a 422 on `answers.<question>`. */
const answerErrors = (errors: Record<string, string[]>) =>
  new FieldError(Object.fromEntries(Object.entries(errors).map(([id, list]) => [`answers.${id}`, list])));

/**
 * Records each number answer whose question names a metric as that metric's value for the month of the
 * submission on the client's own calendar (a month recorded again is replaced, as in the tracker). A metric
 * that is not this client's (another's, or deleted since the form was built) gets nothing: the answer is kept
 * with the send and the reason logged, for the client did nothing wrong.
 */
async function feedMetrics(
  trx: Kysely<Database>,
  client: Actor,
  row: SendRow,
  answers: Answers,
  at: Date,
  log: FormsDeps['log'],
) {
  const fed = questionsOf(row.layout).filter(
    (q) => q.metric_id !== undefined && typeof answers[q.id] === 'number',
  );
  if (fed.length === 0) return;
  const period = localDate(at, (await clientZone(trx, client)) ?? 'UTC').slice(0, 7);
  for (const q of fed) {
    const metric = await findMetric(trx, client, q.metric_id!);
    if (!metric) {
      log.warn(
        { send_id: row.id, question: q.id, metric_id: q.metric_id },
        "form answer not recorded: the question's metric is not this client's",
      );
      continue;
    }
    // The newest reading of the month wins, as when the client types a month again: a value typed by hand is
    // replaced, and the month's note (shown beside it on the metric page) says which form it came from.
    const note = `From the form "${row.title}"`;
    const value = { metric_id: metric.id, period, value: answers[q.id] as number, note };
    await upsertValue(trx, client, value, at);
  }
}

export function createFormsService({ db, now, log }: FormsDeps) {
  const ajv = new Ajv2020({ allErrors: true, verbose: true });
  // A version's schema never changes, so its compiled check is kept by version id.
  const compiled = new Map<number, ValidateFunction>();
  const schemaCheck = (row: SendRow, answers: Answers) => {
    let validate = compiled.get(row.version_id);
    if (!validate) {
      validate = ajv.compile(row.answers_schema);
      compiled.set(row.version_id, validate);
    }
    if (!validate(answers)) throw new FieldError(fieldErrors(validate.errors ?? [], 'answers'));
  };

  const sendRow = async (actor: Actor, id: number) => found(await findSend(db, actor, id), 'Form');

  /** A coach's send of a form's current version; a form they may not send (archived, another's): 422. */
  const sendable = async (coach: Actor, input: { form_id: number; due_on?: string | null }) => {
    const form = await findForm(db, coach, input.form_id);
    if (!form || form.archived_at !== null) throw new FieldError({ form_id: ['Choose one of your forms.'] });
    return {
      form_id: form.id,
      version_id: form.version_id,
      due_on: input.due_on ?? null,
      sent_by: coach.userId,
    };
  };

  /** One client's send, with its reminder before the due date (or neither: in the caller's transaction). */
  const sendWithReminder = async (
    trx: Kysely<Database>,
    coach: Actor,
    client: AssignedClient,
    send: Parameters<typeof insertSend>[3],
    at: Date,
  ) => {
    const row = await insertSend(trx, coach, client, send, at);
    await planFormReminder(
      trx,
      { tenantId: coach.tenantId, userId: client.userId, role: 'client' },
      row.id,
      at,
    );
    return row.id;
  };

  /** The answers kept for a send: checked against its own version (422 with every problem). */
  const checked = (row: SendRow, answers: Answers, submit: boolean) => {
    const result = checkAnswers(row.layout, answers, submit);
    if (Object.keys(result.errors).length > 0) throw answerErrors(result.errors);
    if (submit) schemaCheck(row, result.answers);
    return result.answers;
  };

  return {
    async forms(actor: Actor) {
      return (await listForms(db, actor)).map(formOf);
    },
    async form(actor: Actor, id: number) {
      return formOf(found(await findForm(db, actor, id), 'Form'));
    },
    async createForm(actor: Actor, input: FormInput) {
      const layout = soundLayout(input.layout as Layout);
      const at = now();
      const id = await db.transaction().execute(async (trx) => {
        const row = await insertForm(trx, actor, input.title.trim(), at);
        await insertVersion(trx, actor, row.id, 1, { layout, schema: answersSchema(layout) }, at);
        return row.id;
      });
      return formOf(found(await findForm(db, actor, id), 'Form'));
    },
    /** A changed layout is a new version; what was sent keeps its own. The same layout again adds none. */
    async editForm(actor: Actor, id: number, input: FormInput) {
      const layout = soundLayout(input.layout as Layout);
      const at = now();
      await db.transaction().execute(async (trx) => {
        const current = found(await findForm(trx, actor, id, true), 'Form');
        if (canonical(current.layout) !== canonical(layout))
          await insertVersion(
            trx,
            actor,
            id,
            current.version + 1,
            { layout, schema: answersSchema(layout) },
            at,
          );
        await changeForm(trx, actor, id, { title: input.title.trim() }, at);
      });
      return formOf(found(await findForm(db, actor, id), 'Form'));
    },
    async archiveForm(actor: Actor, id: number, archived: boolean) {
      found(await findForm(db, actor, id, true), 'Form');
      await changeForm(db, actor, id, { archived_at: archived ? now() : null }, now());
      return formOf(found(await findForm(db, actor, id), 'Form'));
    },

    /** Sends a form's newest version to one of the coach's clients. */
    async sendToClient(coach: Actor, clientId: number, input: SendInput) {
      const client = await assignedClient(db, coach, clientId);
      const send = await sendable(coach, input);
      const meetingId = input.meeting_id ?? null;
      if (meetingId !== null && !(await clientMeeting(db, coach, clientId, meetingId)))
        throw new FieldError({ meeting_id: ["Choose one of this client's meetings."] });
      const at = now();
      const id = await db
        .transaction()
        .execute((trx) => sendWithReminder(trx, coach, client, { ...send, meeting_id: meetingId }, at));
      return sendOf(await sendRow(coach, id));
    },
    /**
     * Sends a form's current version to each member of one of the coach's groups, in one transaction: all or
     * none. A member with an unsubmitted send of this form is skipped rather than sent a second to fill.
     */
    async sendToGroup(coach: Actor, groupId: number, input: GroupSendInput) {
      const coachId = await coachIdOf(db, coach);
      found(await coachGroup(db, coach, coachId, groupId), 'Group');
      const send = { ...(await sendable(coach, input)), meeting_id: null, group_id: groupId };
      const at = now();
      return db.transaction().execute(async (trx) => {
        // Two sends of one form at once (a double click, two tabs) wait for each other, so the second sees
        // the first's drafts and skips those members.
        await lockSubject(trx, `form-send:${coach.tenantId}:${send.form_id}`);
        const members = await membersForSend(trx, coach, groupId, send.form_id);
        let sent = 0;
        for (const member of members.filter((m) => !m.waiting)) {
          await sendWithReminder(trx, coach, await assignedClient(trx, coach, member.user_id), send, at);
          sent += 1;
        }
        return { sent, skipped: members.length - sent };
      });
    },
    /** A client's sends with their answers, for their coach (another coach's client: 404). */
    async clientSends(coach: Actor, clientId: number) {
      await assignedClient(db, coach, clientId);
      return (await listSends(db, coach, clientId)).map(sendOf);
    },

    async mySends(client: Actor) {
      return (await listSends(db, client, client.userId)).map(summaryOf);
    },
    async mySend(client: Actor, id: number) {
      return sendOf(await sendRow(client, id));
    },
    /** Saves a draft as the client types: the same answers again leave it as it was. */
    async saveDraft(client: Actor, id: number, answers: Answers) {
      const row = await sendRow(client, id);
      if (row.status === 'submitted') throw new HttpError(409, 'This form was already submitted.');
      const kept = checked(row, answers, false);
      if (JSON.stringify(kept) !== JSON.stringify(row.answers)) {
        if ((await saveDraft(db, client, id, kept, now())) === 0)
          throw new HttpError(409, 'This form was already submitted.');
      }
      return sendOf(await sendRow(client, id));
    },
    /** Submits the answers, once: a second submission is a 409 and changes nothing. */
    async submit(client: Actor, id: number, answers: Answers) {
      const row = await sendRow(client, id);
      if (row.status === 'submitted') throw new HttpError(409, 'This form was already submitted.');
      const kept = checked(row, answers, true);
      const at = now();
      await db.transaction().execute(async (trx) => {
        if ((await submitSend(trx, client, id, kept, at)) === 0)
          throw new HttpError(409, 'This form was already submitted.');
        // The tenant's systems hear the answers with the version they answer (webhooks out).
        await recordEvent(trx, client.tenantId, 'form.submitted', {
          send_id: id,
          form_id: row.form_id,
          version: row.version,
          client_id: client.userId,
          meeting_id: row.meeting_id,
          submitted_at: at.toISOString(),
          answers: kept,
        });
        await feedMetrics(trx, client, row, kept, at, log);
        await dropFormReminder(trx, id);
      });
      return sendOf(await sendRow(client, id));
    },
  };
}

/**
 * Sends the tenant's intake form to a new client, once (in the transaction that made them a client: the person
 * added or imported as one, a role changed to client, an accepted invitation). Whichever comes second finds the
 * form sent and sends none. The row is written as the client's own, sent by no one: the portal sent it.
 */
export async function sendIntake(db: Kysely<Database>, tenantId: number, clientId: number, at: Date) {
  const intake = await findIntake(db, tenantId);
  const client: Actor = { tenantId, userId: clientId, role: 'client' };
  if (!intake || (await wasSent(db, client, intake.form_id))) return;
  await insertSend(db, client, undefined, { ...intake, due_on: null, meeting_id: null, sent_by: null }, at);
}

/**
 * Sends a meeting type's prep form to the client who booked a meeting of it (in the booking's transaction):
 * the form's current version, due on the meeting's day in the client's zone, sent by no one (the booking sent
 * it). A form the coach may no longer send (archived, or gone) sends nothing: the booking stands regardless.
 */
export async function sendPrep(
  db: Kysely<Database>,
  booking: { client: Actor; coachUserId: number; formId: number; meetingId: number; startsAt: Date },
  at: Date,
) {
  const { client } = booking;
  const coach: Actor = { tenantId: client.tenantId, userId: booking.coachUserId, role: 'coach' };
  const form = await findForm(db, coach, booking.formId);
  if (!form || form.archived_at !== null) return;
  const dueOn = localDate(booking.startsAt, (await clientZone(db, client)) ?? 'UTC');
  const send = { form_id: form.id, version_id: form.version_id, due_on: dueOn, sent_by: null };
  const row = await insertSend(db, client, undefined, { ...send, meeting_id: booking.meetingId }, at);
  await planFormReminder(db, client, row.id, at);
}
