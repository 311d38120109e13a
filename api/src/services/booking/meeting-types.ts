// The coach's meeting types: what a client may book (a name, a length, where, who may book it, the notice). A
// coach with none yet starts from tenant.json's booking.meetingTypes on their first read. A type is never
// deleted, only archived (active false): booked meetings keep naming it, and it stops being offered.
import type { Kysely } from 'kysely';
import type { MeetingType, MeetingTypeChange, NewMeetingType } from '../../../../contracts/rest/booking.js';
import { FLAG_NAMES, type FlagName } from '../../../../contracts/training-flags.js';
import type { Database } from '../../db/database.js';
import { lockSubject } from '../../db/subject-lock.js';
import { FieldError, HttpError } from '../../errors.js';
import type { Actor } from '../access/scope.js';
import { findForm } from '../forms/forms-repository.js';
import { ownCoach } from './booking-coach.js';
import * as repo from './meeting-types-repository.js';
import type { MeetingTypeFields, MeetingTypeRow } from './meeting-types-repository.js';

const notFound = () => new HttpError(404, 'Meeting type not found.');

/** A type as the API answers it, with the notice in force (its own, or the tenant's). */
const meetingTypeAnswer = (row: MeetingTypeRow, tenantNotice: number): MeetingType => ({
  id: row.id,
  name: row.name,
  duration_minutes: row.duration_minutes,
  description: row.description,
  location: row.location,
  place: row.place,
  audience: row.audience,
  group_id: row.group_id,
  flag: row.flag,
  needs_credit: row.needs_credit,
  notice_hours: row.notice_hours,
  effective_notice_hours: row.notice_hours ?? tenantNotice,
  active: row.active,
  prep_form_id: row.prep_form_id,
});

const isFlag = (name: string): name is FlagName => (FLAG_NAMES as string[]).includes(name);

export function createMeetingTypesService(deps: { db: Kysely<Database>; now: () => Date }) {
  const { db, now } = deps;

  async function tenantBooking(tenantId: number) {
    return db
      .selectFrom('tenants')
      .select(['booking_notice_hours', 'booking_meeting_types'])
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
  }

  /**
   * What a schema cannot say: a place for `place`, a group of the coach's own, a flag that exists, a prep form
   * the coach may send.
   */
  async function check(coach: Actor, coachId: number, t: MeetingTypeFields) {
    const errors: Record<string, string[]> = {};
    if (t.location === 'place' && !t.place?.trim()) errors.place = ['Give the place where it takes place.'];
    if (t.audience === 'group') {
      if (t.group_id === null) errors.group_id = ['Choose the group whose members may book it.'];
      else if (!(await repo.coachRunsGroup(db, coach.tenantId, coachId, t.group_id)))
        errors.group_id = ['Choose one of your groups.'];
    }
    if (t.audience === 'flag' && (t.flag === null || !isFlag(t.flag)))
      errors.flag = [`Choose one of the training flags: ${FLAG_NAMES.join(', ')}.`];
    if (t.prep_form_id !== null) {
      // A form the coach may send: their own or the tenant's, not archived (another coach's is not theirs).
      const form = await findForm(db, coach, t.prep_form_id);
      if (!form || form.archived_at !== null)
        errors.prep_form_id = ["Choose one of your forms or your business's, not an archived one."];
    }
    if (Object.keys(errors).length > 0) throw new FieldError(errors);
  }

  /** Only the fields its audience uses are kept, so a type never names a stale group or flag. */
  const tidy = (t: MeetingTypeFields): MeetingTypeFields => ({
    ...t,
    name: t.name.trim(),
    place: t.location === 'place' ? (t.place?.trim() ?? null) : null,
    group_id: t.audience === 'group' ? t.group_id : null,
    flag: t.audience === 'flag' ? t.flag : null,
  });

  return {
    async list(coach: Actor): Promise<MeetingType[]> {
      const me = await ownCoach(db, coach);
      const tenant = await tenantBooking(coach.tenantId);
      let rows = await repo.listMeetingTypes(db, me.id);
      if (rows.length === 0 && tenant.booking_meeting_types.length > 0) {
        // Under the coach's lock, so two first reads at once start them with one set of defaults, not two.
        rows = await db.transaction().execute(async (trx) => {
          await lockSubject(trx, `meeting-types:${me.id}`);
          const again = await repo.listMeetingTypes(trx, me.id);
          if (again.length > 0) return again;
          return repo.insertMeetingTypes(
            trx,
            { tenantId: coach.tenantId, coachId: me.id, at: now() },
            tenant.booking_meeting_types.map((t) => ({
              name: t.name,
              duration_minutes: t.minutes,
              description: t.description ?? '',
              location: t.location,
              place: t.place ?? null,
              audience: 'clients',
              group_id: null,
              flag: null,
              needs_credit: false,
              notice_hours: null,
              active: true,
              prep_form_id: null,
            })),
          );
        });
      }
      return rows.map((r) => meetingTypeAnswer(r, tenant.booking_notice_hours));
    },

    async create(coach: Actor, input: NewMeetingType): Promise<MeetingType> {
      const me = await ownCoach(db, coach);
      const fields = tidy({
        name: input.name,
        duration_minutes: input.duration_minutes,
        description: input.description ?? '',
        location: input.location,
        place: input.place ?? null,
        audience: input.audience ?? 'clients',
        group_id: input.group_id ?? null,
        flag: input.flag ?? null,
        needs_credit: input.needs_credit ?? false,
        notice_hours: input.notice_hours ?? null,
        active: input.active ?? true,
        prep_form_id: input.prep_form_id ?? null,
      });
      await check(coach, me.id, fields);
      const [row] = await repo.insertMeetingTypes(
        db,
        { tenantId: coach.tenantId, coachId: me.id, at: now() },
        [fields],
      );
      return meetingTypeAnswer(row!, (await tenantBooking(coach.tenantId)).booking_notice_hours);
    },

    /** A change of some fields; what is not sent stays as it was. */
    async change(coach: Actor, id: number, input: MeetingTypeChange): Promise<MeetingType> {
      const me = await ownCoach(db, coach);
      const before = await repo.findMeetingType(db, me.id, id);
      if (!before) throw notFound();
      const fields = tidy({
        name: input.name ?? before.name,
        duration_minutes: input.duration_minutes ?? before.duration_minutes,
        description: input.description ?? before.description,
        location: input.location ?? before.location,
        place: input.place === undefined ? before.place : input.place,
        audience: input.audience ?? before.audience,
        group_id: input.group_id === undefined ? before.group_id : input.group_id,
        flag: input.flag === undefined ? before.flag : input.flag,
        needs_credit: input.needs_credit ?? before.needs_credit,
        notice_hours: input.notice_hours === undefined ? before.notice_hours : input.notice_hours,
        active: input.active ?? before.active,
        prep_form_id: input.prep_form_id === undefined ? before.prep_form_id : input.prep_form_id,
      });
      await check(coach, me.id, fields);
      const row = await repo.updateMeetingType(db, me.id, id, fields);
      if (!row) throw notFound();
      return meetingTypeAnswer(row, (await tenantBooking(coach.tenantId)).booking_notice_hours);
    },

    /** Archives the type: it is no longer offered; meetings booked with it keep it. */
    async archive(coach: Actor, id: number): Promise<MeetingType> {
      const me = await ownCoach(db, coach);
      const row = await repo.updateMeetingType(db, me.id, id, { active: false });
      if (!row) throw notFound();
      return meetingTypeAnswer(row, (await tenantBooking(coach.tenantId)).booking_notice_hours);
    },
  };
}
