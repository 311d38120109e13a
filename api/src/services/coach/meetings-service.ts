// The coach's meetings with their clients: a list over a range, schedule, change (reschedule or edit) and
// cancel. A start is the wall-clock time the coach typed, read in the coach's time zone with that day's offset.
// A meeting that overlaps one of the coach's own is not booked unless the coach confirms it: the answer names
// the meetings in the way. The check and the write hold a lock on the coach's calendar, so two bookings sent at
// once cannot both pass it. The client is mailed every change with its calendar invitation.
import type { Kysely } from 'kysely';
import type { Database, Tenant } from '../../db/database.js';
import { lockSubject } from '../../db/subject-lock.js';
import { FieldError, HttpError } from '../../errors.js';
import { assignedClient } from '../access/assigned-client.js';
import type { Actor } from '../access/scope.js';
import { recordEvent } from '../events/record-event.js';
import { dropPrepDrafts } from '../forms/forms-repository.js';
import { returnCredit } from '../billing/credits.js';
import type { Mailer } from '../mail/mailer.js';
import { planMeetingReminders } from '../reminders/meeting-reminders.js';
import { meetingMail } from './meeting-mail.js';
import type { Change } from './meeting-mail.js';
import * as repo from './meetings-repository.js';
import type { MeetingFields, MeetingRow } from './meetings-repository.js';
import { dateStart, dayStart, localDateTime, wallClockStart } from './zoned-day.js';

interface MeetingInput {
  title: string;
  agenda?: string | undefined;
  /** The start on the coach's wall clock: YYYY-MM-DDTHH:mm. */
  start: string;
  duration_minutes: number;
  meeting_url?: string | null | undefined;
  place?: string | null | undefined;
  confirm_overlap?: boolean | undefined;
}

const notFound = () => new HttpError(404, 'Meeting not found.');

const answer = (m: MeetingRow) => ({
  id: m.id,
  client: { id: m.client_id, first_name: m.first_name, last_name: m.last_name },
  title: m.title,
  agenda: m.agenda,
  starts_at: m.starts_at.toISOString(),
  duration_minutes: m.duration_minutes,
  time_zone: m.time_zone,
  client_time_zone: m.client_time_zone,
  meeting_url: m.meeting_url,
  place: m.place,
});

type CoachMeeting = ReturnType<typeof answer>;

/** A meeting as the meeting events carry it (contracts/events.ts): made by the coach, so of no booking type. */
const eventData = (
  m: Pick<MeetingRow, 'id' | 'client_id' | 'starts_at' | 'duration_minutes'>,
  coach: Actor,
) => ({
  meeting_id: m.id,
  coach_id: coach.userId,
  client_id: m.client_id,
  type_id: null,
  starts_at: m.starts_at.toISOString(),
  ends_at: new Date(m.starts_at.getTime() + m.duration_minutes * 60_000).toISOString(),
  by: 'coach' as const,
});

/** What a booking did: the meeting, or (not confirmed) the coach's meetings it would overlap. */
type Booked = { meeting: CoachMeeting } | { overlaps: CoachMeeting[] };

export function createMeetingsService(deps: { db: Kysely<Database>; now: () => Date; mailer: Mailer }) {
  const { db, now, mailer } = deps;

  async function coachOf(coach: Actor) {
    const profile = coach.role === 'coach' ? await repo.coachProfile(db, coach) : undefined;
    if (!profile) throw new HttpError(403, 'This is not available to your account.');
    return { ...profile, zone: profile.time_zone ?? 'UTC' };
  }

  /** A booking or a move to a time already gone is a mistake (a wrong year, a stale form), not a meeting. */
  function notPast(fields: MeetingFields): MeetingFields {
    if (fields.starts_at < now())
      throw new FieldError({ start: ['This time has passed. Choose a time still to come.'] });
    return fields;
  }

  /** The row's fields from what the coach sent; a start the zone skips (clocks going forward) is a 422. */
  function fieldsOf(input: MeetingInput, zone: string): MeetingFields {
    const fields = {
      title: input.title,
      agenda: input.agenda ?? '',
      starts_at: wallClockStart(input.start, zone),
      duration_minutes: input.duration_minutes,
      time_zone: zone,
      meeting_url: input.meeting_url || null,
      place: input.place?.trim() || null,
    };
    if (fields.meeting_url === null && fields.place === null)
      throw new FieldError({ meeting_url: ['Give an online link or a place.'] });
    return fields;
  }

  /**
   * Under the lock on the coach's calendar: the coach's other meetings the new time overlaps, or (none, or
   * confirmed) the write.
   */
  async function book(
    coach: Actor,
    coachId: number,
    fields: MeetingFields,
    confirmed: boolean,
    except: number | null,
    write: (trx: Kysely<Database>) => Promise<number>,
  ): Promise<{ id: number } | { overlaps: MeetingRow[] }> {
    return db.transaction().execute(async (trx) => {
      await lockSubject(trx, `meetings:${coach.tenantId}:${coachId}`);
      const end = new Date(fields.starts_at.getTime() + fields.duration_minutes * 60_000);
      const overlaps = (await repo.listMeetings(trx, coach, coachId, fields.starts_at, end)).filter(
        (m) => m.id !== except,
      );
      if (overlaps.length > 0 && !confirmed) return { overlaps };
      return { id: await write(trx) };
    });
  }

  async function mailed(
    tenant: Tenant,
    change: Change,
    meeting: MeetingRow,
    coach: NonNullable<Awaited<ReturnType<typeof repo.coachProfile>>>,
  ) {
    await mailer.send(meetingMail(tenant, change, meeting, coach, now()));
  }

  async function found(coach: Actor, coachId: number, id: number) {
    const row = await repo.findMeeting(db, coach, coachId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    /** The coach's meetings from `from` (a date in their zone; today by default) through `to` (8 weeks on). */
    async list(coach: Actor, range: { from?: string | undefined; to?: string | undefined }) {
      const me = await coachOf(coach);
      const at = now();
      const from = range.from ? dateStart(range.from, me.zone) : at;
      const to = range.to ? dateStart(range.to, me.zone, 1) : dayStart(from, me.zone, 7 * 8);
      if (to <= from) throw new FieldError({ to: ['The end of the range must come after its start.'] });
      const rows = await repo.listMeetings(db, coach, me.id, from, to);
      return { time_zone: me.zone, meetings: rows.map(answer) };
    },

    async create(tenant: Tenant, coach: Actor, clientId: number, input: MeetingInput): Promise<Booked> {
      const me = await coachOf(coach);
      const client = await assignedClient(db, coach, clientId);
      const fields = notPast(fieldsOf(input, me.zone));
      const booked = await book(coach, me.id, fields, input.confirm_overlap === true, null, async (trx) => {
        const id = await repo.insertMeeting(trx, coach, client, me.id, fields);
        // The client's bell and the tenant's webhooks hear of it, as of a meeting the client booked.
        const meeting = { id, client_id: client.userId, ...fields };
        await recordEvent(trx, coach.tenantId, 'meeting.booked', eventData(meeting, coach));
        await planMeetingReminders(trx, id, now());
        return id;
      });
      if ('overlaps' in booked) return { overlaps: booked.overlaps.map(answer) };
      const row = await found(coach, me.id, booked.id);
      await mailed(tenant, 'scheduled', row, me);
      return { meeting: answer(row) };
    },

    /** A reschedule or an edit: what is not sent stays as it was. */
    async change(tenant: Tenant, coach: Actor, id: number, input: Partial<MeetingInput>): Promise<Booked> {
      const me = await coachOf(coach);
      const before = await found(coach, me.id, id);
      const fields = fieldsOf(
        {
          title: input.title ?? before.title,
          agenda: input.agenda ?? before.agenda,
          // The start as it was, on the wall clock of the zone it was booked in, read in the coach's zone now.
          start: input.start ?? localDateTime(before.starts_at, me.zone),
          duration_minutes: input.duration_minutes ?? before.duration_minutes,
          meeting_url: input.meeting_url === undefined ? before.meeting_url : input.meeting_url,
          place: input.place === undefined ? before.place : input.place,
        },
        me.zone,
      );
      // A meeting already past may still be edited (its notes, its link); only moving one into the past is refused.
      if (input.start !== undefined) notPast(fields);
      const booked = await book(coach, me.id, fields, input.confirm_overlap === true, id, async (trx) => {
        if (!(await repo.updateMeeting(trx, coach, me.id, id, fields))) throw notFound();
        // A move is told; an edit of its agenda or link is not (the client is mailed the new invitation).
        if (fields.starts_at.getTime() !== before.starts_at.getTime())
          await recordEvent(trx, coach.tenantId, 'meeting.rescheduled', {
            ...eventData({ id, client_id: before.client_id, ...fields }, coach),
            previous_starts_at: before.starts_at.toISOString(),
          });
        await planMeetingReminders(trx, id, now());
        return id;
      });
      if ('overlaps' in booked) return { overlaps: booked.overlaps.map(answer) };
      const row = await found(coach, me.id, id);
      await mailed(tenant, 'moved', row, me);
      return { meeting: answer(row) };
    },

    async cancel(tenant: Tenant, coach: Actor, id: number) {
      const me = await coachOf(coach);
      const row = await found(coach, me.id, id);
      await db.transaction().execute(async (trx) => {
        // As a client's cancel: the meeting's unanswered prep form goes first (deleting the meeting would only
        // clear its meeting_id); a submitted one stays with the client's answers.
        await dropPrepDrafts(trx, { tenantId: coach.tenantId, userId: row.client_id, role: 'client' }, id);
        // The coach called it off, whenever: a credit the client spent on it comes back.
        const use = { tenantId: coach.tenantId, clientId: row.client_id, meetingId: id };
        await returnCredit(trx, use, now());
        if (!(await repo.deleteMeeting(trx, coach, me.id, id))) throw notFound();
        await recordEvent(trx, coach.tenantId, 'meeting.cancelled', eventData(row, coach));
        await planMeetingReminders(trx, id, now());
      });
      // The cancellation outranks every invitation sent before it.
      await mailed(tenant, 'cancelled', { ...row, sequence: row.sequence + 1 }, me);
      return { id };
    },
  };
}
