// Booking: a client books a free slot of their coach's, moves it and cancels it within the notice; a coach
// previews what their clients see; a key books for a client through the same calls (integration-booking.ts).
//
// A booking is checked twice: the slots the client saw, and again under the coach's calendar lock (the one the
// coach's own scheduling takes) right before the insert, so two clients racing for one slot get one meeting.
// Should any path miss the lock, the database's exclusion constraint (migration 1870) refuses the second at
// commit. Either way the loser gets a 409 with the nearest free times, never a 500.
import type { Kysely } from 'kysely';
import type { BookedMeeting, BookingPage, SlotTaken, SlotsPage } from '../../../../contracts/rest/booking.js';
import type { Database, Tenant } from '../../db/database.js';
import { lockSubject } from '../../db/subject-lock.js';
import { HttpError } from '../../errors.js';
import type { Actor } from '../access/scope.js';
import { requireSignedAgreement } from '../agreements/agreement-rule.js';
import { recordEvent } from '../events/record-event.js';
import { requirePlanStanding, returnCredit, spendCredit } from '../billing/credits.js';
import { dropPrepDrafts } from '../forms/forms-repository.js';
import { sendPrep } from '../forms/forms-service.js';
import { requireTraining } from '../groups/trainings.js';
import type { Mailer } from '../mail/mailer.js';
import {
  bookedMeetingAnswer,
  changeUntil,
  coachOfMeeting,
  noticeOf,
  noticePolicy,
} from './booked-meeting.js';
import { coachByUser, ownCoach, type BookingCoach } from './booking-coach.js';
import { bookingMails, type BookingChange } from './booking-mail.js';
import * as repo from './booking-repository.js';
import type { ClientMeeting } from './booking-repository.js';
import { findMeetingType, listMeetingTypes } from './meeting-types-repository.js';
import { planMeetingReminders } from '../reminders/meeting-reminders.js';
import { roomFor } from './rooms.js';
import { slotsBetween, slotsPage } from './slot-window.js';
import { nearestSlots, type Slot } from './slots.js';
import { bookableCoaches, bookableType, keyClient } from './who-may-book.js';

const MINUTE = 60_000;
/** How far either side of a taken time the nearest free ones are looked for. */
const NEAREST_WITHIN = 7 * 24 * 60 * MINUTE;

export type By = 'client' | 'integration';

/** A booking's outcome: the meeting, or (taken meanwhile) the 409's answer. */
export type Booked = { meeting: BookedMeeting } | { taken: SlotTaken };

const TAKEN = 'This time is no longer free. Choose one of the nearest free times.';

const notFound = () => new HttpError(404, 'Meeting not found.');

/** PostgreSQL's exclusion_violation: the constraint refused an overlapping booking at commit. */
const isOverlap = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23P01';

const iso = (slot: Slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() });

/** The reader's zone: the session's, else their row's; UTC for someone who never set one. */
export async function zoneOf(db: Kysely<Database>, who: Actor): Promise<string> {
  if (who.timeZone !== undefined) return who.timeZone ?? 'UTC';
  const row = await db
    .selectFrom('users')
    .select('time_zone')
    .where('id', '=', who.userId)
    .where('tenant_id', '=', who.tenantId)
    .executeTakeFirst();
  return row?.time_zone ?? 'UTC';
}

export function createBookingService(deps: { db: Kysely<Database>; now: () => Date; mailer: Mailer }) {
  const { db, now, mailer } = deps;

  const answer = (tenant: Tenant, m: ClientMeeting) => bookedMeetingAnswer(db, tenant, m, now());

  async function found(client: Actor, id: number) {
    const row = await repo.findClientMeeting(db, client, id);
    if (!row) throw notFound();
    return row;
  }

  /** The nearest free times to `wanted`, as the 409 offers them. */
  async function taken(
    coach: BookingCoach,
    type: { duration_minutes: number },
    wanted: Date,
    except?: number,
  ) {
    const at = now();
    const slots = await slotsBetween(db, coach, type, {
      from: new Date(Math.max(at.getTime(), wanted.getTime() - NEAREST_WITHIN)),
      to: new Date(wanted.getTime() + NEAREST_WITHIN),
      now: at,
      except,
    });
    return { taken: { message: TAKEN, nearest: nearestSlots(slots, wanted).map(iso) } };
  }

  /**
   * Under the coach's calendar lock: whether `start` is still a free slot, and then the write. An overlap the
   * constraint refuses at commit (a path without the lock) is the same "taken".
   */
  async function whileFree(
    coach: BookingCoach,
    type: { duration_minutes: number },
    start: Date,
    except: number | undefined,
    write: (trx: Kysely<Database>) => Promise<number>,
  ): Promise<number | 'taken'> {
    try {
      return await db.transaction().execute(async (trx) => {
        await lockSubject(trx, `meetings:${coach.tenant_id}:${coach.id}`);
        const free = await slotsBetween(trx, coach, type, {
          from: start,
          to: new Date(start.getTime() + 1),
          now: now(),
          except,
        });
        if (free.length === 0) return 'taken' as const;
        return write(trx);
      });
    } catch (error) {
      if (isOverlap(error)) return 'taken';
      throw error;
    }
  }

  async function mailBoth(tenant: Tenant, change: BookingChange, m: ClientMeeting, coach: BookingCoach) {
    for (const mail of bookingMails(tenant, change, m, coach, now())) await mailer.send(mail);
  }

  const eventData = (m: ClientMeeting, coach: BookingCoach, by: By) => ({
    meeting_id: m.id,
    coach_id: coach.user_id,
    client_id: m.client_id,
    type_id: m.meeting_type_id,
    starts_at: m.starts_at.toISOString(),
    ends_at: new Date(m.starts_at.getTime() + m.duration_minutes * MINUTE).toISOString(),
    by,
  });

  /** The client's own booked meeting they may still change, with its coach and type; else the refusal. */
  async function changeable(tenant: Tenant, client: Actor, id: number) {
    await requireTraining(db, client, 'booking');
    const meeting = await found(client, id);
    if (meeting.booked_by === 'coach' || meeting.coach_id === null)
      throw new HttpError(422, 'Your coach set this meeting: send them a message to change it.');
    if (!(await changeUntil(db, tenant, meeting, now())))
      throw new HttpError(422, noticePolicy(await noticeOf(db, tenant, meeting)));
    const coach = await coachOfMeeting(db, meeting.coach_id);
    if (!coach) throw notFound();
    return { meeting, coach };
  }

  return {
    /** The client's coaches and the types open to them. */
    async page(client: Actor): Promise<BookingPage> {
      const [coaches, zone] = await Promise.all([bookableCoaches(db, client), zoneOf(db, client)]);
      const tenant = await db
        .selectFrom('tenants')
        .select('booking_notice_hours')
        .where('id', '=', client.tenantId)
        .executeTakeFirstOrThrow();
      return {
        time_zone: zone,
        coaches: coaches.map(({ coach, types }) => ({
          id: coach.user_id,
          name: coach.name,
          types: types.map((t) => ({
            id: t.id,
            name: t.name,
            duration_minutes: t.duration_minutes,
            description: t.description,
            location: t.location,
            place: t.location === 'place' ? t.place : null,
            notice_hours: t.notice_hours ?? tenant.booking_notice_hours,
          })),
        })),
      };
    },

    /** The free slots of one of the client's coaches for a type open to them, by the client's days. */
    async clientSlots(
      client: Actor,
      query: { coach_id: number; type_id: number; from?: string | undefined; days?: number | undefined },
    ): Promise<SlotsPage> {
      const { coach, type } = await bookableType(db, client, query.coach_id, query.type_id);
      return slotsPage(db, coach, type, { ...query, zone: await zoneOf(db, client), now: now() });
    },

    /** What the coach's clients see of one of the coach's types (active or not), by the coach's days. */
    async coachPreview(
      caller: Actor,
      query: { type_id: number; from?: string | undefined; days?: number | undefined },
    ): Promise<SlotsPage> {
      const coach = await ownCoach(db, caller);
      const type = await findMeetingType(db, coach.id, query.type_id);
      if (!type) throw new HttpError(404, 'Meeting type not found.');
      return slotsPage(db, coach, type, { ...query, zone: coach.zone, now: now() });
    },

    /** A key's read of a coach's free slots for one of their active types, by the coach's days. */
    async keySlots(
      tenantId: number,
      coachUserId: number,
      query: { type_id: number; from?: string | undefined; days?: number | undefined },
    ): Promise<SlotsPage> {
      const coach = await coachByUser(db, tenantId, coachUserId);
      if (!coach) throw new HttpError(404, 'Coach not found.');
      const type = (await listMeetingTypes(db, coach.id)).find((t) => t.id === query.type_id && t.active);
      if (!type) throw new HttpError(404, 'Meeting type not found.');
      return slotsPage(db, coach, type, { ...query, zone: coach.zone, now: now() });
    },

    /** Books `start` (a slot's start, as the slots answered it) for the client: the meeting, or taken. */
    async book(
      tenant: Tenant,
      client: Actor,
      input: { coach_id: number; type_id: number; start: string; note?: string | undefined },
      by: By,
    ): Promise<Booked> {
      const { coach, type } = await bookableType(db, client, input.coach_id, input.type_id);
      await requireSignedAgreement(db, { reader: client, clientId: client.userId }, coach.id, 'booking');
      if (type.needs_credit) await requirePlanStanding(db, client, now());
      const start = new Date(input.start);
      const room = roomFor(tenant.booking_rooms, tenant.slug, coach, type);
      const id = await whileFree(coach, type, start, undefined, async (trx) => {
        const meetingId = await repo.insertBooking(trx, client, {
          coach_id: coach.id,
          meeting_type_id: type.id,
          title: type.name,
          starts_at: start,
          duration_minutes: type.duration_minutes,
          time_zone: coach.zone,
          ...room,
          booked_by: by,
          client_note: input.note?.trim() ?? '',
        });
        if (type.needs_credit) await spendCredit(trx, client, { meetingTypeId: type.id, meetingId }, now());
        const row = await repo.findClientMeeting(trx, client, meetingId);
        await recordEvent(trx, client.tenantId, 'meeting.booked', eventData(row!, coach, by));
        await planMeetingReminders(trx, meetingId, now());
        if (type.prep_form_id !== null) {
          const prep = { client, coachUserId: coach.user_id, formId: type.prep_form_id, meetingId };
          await sendPrep(trx, { ...prep, startsAt: start }, now());
        }
        return meetingId;
      });
      if (id === 'taken') return taken(coach, type, start);
      const meeting = await found(client, id);
      await mailBoth(tenant, 'booked', meeting, coach);
      return { meeting: await answer(tenant, meeting) };
    },

    /**
     * A key books for a client of its tenant (by user ids), as the client would: their coach, a type open to
     * them, the booking flag and the race check all hold.
     */
    async keyBook(
      tenant: Tenant,
      input: {
        client_id: number;
        coach_id: number;
        type_id: number;
        start: string;
        note?: string | undefined;
      },
    ): Promise<Booked> {
      const { client_id, ...booking } = input;
      return this.book(tenant, await keyClient(db, tenant.id, client_id), booking, 'integration');
    },

    /** Any of the client's meetings, with until when they may still change it. */
    async meeting(tenant: Tenant, client: Actor, id: number): Promise<BookedMeeting> {
      await requireTraining(db, client, 'booking');
      return answer(tenant, await found(client, id));
    },

    /** Moves a booked meeting to another free slot within the notice: same UID, SEQUENCE raised. */
    async move(tenant: Tenant, client: Actor, id: number, startIso: string): Promise<Booked> {
      const { meeting, coach } = await changeable(tenant, client, id);
      const start = new Date(startIso);
      const moved = await whileFree(coach, meeting, start, id, async (trx) => {
        if (!(await repo.moveBooking(trx, client, id, start))) throw notFound();
        const row = await repo.findClientMeeting(trx, client, id);
        await recordEvent(trx, client.tenantId, 'meeting.rescheduled', {
          ...eventData(row!, coach, 'client'),
          previous_starts_at: meeting.starts_at.toISOString(),
        });
        await planMeetingReminders(trx, id, now());
        return id;
      });
      if (moved === 'taken') return taken(coach, meeting, start, id);
      const row = await found(client, id);
      await mailBoth(tenant, 'moved', row, coach);
      return { meeting: await answer(tenant, row) };
    },

    /** Cancels a booked meeting within the notice: it is deleted, both are mailed METHOD:CANCEL. */
    async cancel(tenant: Tenant, client: Actor, id: number): Promise<{ id: number }> {
      const { meeting, coach } = await changeable(tenant, client, id);
      await db.transaction().execute(async (trx) => {
        // Before the meeting goes (its sends' meeting_id would be cleared): its unanswered prep form goes too.
        await dropPrepDrafts(trx, client, id);
        // Within the notice (changeable said so): the credit it spent comes back.
        await returnCredit(trx, { tenantId: client.tenantId, clientId: client.userId, meetingId: id }, now());
        if (!(await repo.deleteBooking(trx, client, id))) throw notFound();
        await recordEvent(trx, client.tenantId, 'meeting.cancelled', eventData(meeting, coach, 'client'));
        await planMeetingReminders(trx, id, now());
      });
      // The cancellation outranks every invitation sent before it.
      await mailBoth(tenant, 'cancelled', { ...meeting, sequence: meeting.sequence + 1 }, coach);
      return { id };
    },
  };
}
