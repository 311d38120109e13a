// A coach's availability as stored (migration 1870): weekly ranges, day exceptions and booking settings, read
// and replaced whole. Every call names the coach by coaches.id, which the service takes from the caller's own row.
import type { Kysely } from 'kysely';
import type { Availability, BookingSettings } from '../../../../contracts/rest/booking.js';
import type { Database } from '../../db/database.js';

/** A coach who never saved settings has these (the migration's column defaults, as the editor shows them). */
const DEFAULT_SETTINGS: BookingSettings = {
  buffer_before_minutes: 0,
  buffer_after_minutes: 10,
  min_notice_minutes: 720,
  horizon_days: 42,
  max_per_day: null,
};

export async function readAvailability(db: Kysely<Database>, coachId: number): Promise<Availability> {
  const [weekly, days, settings] = await Promise.all([
    db
      .selectFrom('availability_ranges')
      .select(['weekday', 'start_time as start', 'end_time as end'])
      .where('coach_id', '=', coachId)
      .orderBy('weekday')
      .orderBy('start_time')
      .execute(),
    db
      .selectFrom('availability_days')
      .select(['date', 'kind', 'start_time', 'end_time'])
      .where('coach_id', '=', coachId)
      .orderBy('date')
      .orderBy('start_time')
      .execute(),
    db
      .selectFrom('booking_settings')
      .select([
        'buffer_before_minutes',
        'buffer_after_minutes',
        'min_notice_minutes',
        'horizon_days',
        'max_per_day',
      ])
      .where('coach_id', '=', coachId)
      .executeTakeFirst(),
  ]);
  return {
    weekly,
    days: days.map(({ date, kind, start_time, end_time }) =>
      kind === 'off' ? { date, kind } : { date, kind, start: start_time!, end: end_time! },
    ),
    settings: settings ?? DEFAULT_SETTINGS,
  };
}

/** Replaces the coach's availability with `a` (validated by the service), in the caller's transaction. */
export async function replaceAvailability(
  trx: Kysely<Database>,
  tenantId: number,
  coachId: number,
  a: Availability,
): Promise<void> {
  await trx.deleteFrom('availability_ranges').where('coach_id', '=', coachId).execute();
  await trx.deleteFrom('availability_days').where('coach_id', '=', coachId).execute();
  if (a.weekly.length > 0)
    await trx
      .insertInto('availability_ranges')
      .values(
        a.weekly.map((r) => ({
          tenant_id: tenantId,
          coach_id: coachId,
          weekday: r.weekday,
          start_time: r.start,
          end_time: r.end,
        })),
      )
      .execute();
  if (a.days.length > 0)
    await trx
      .insertInto('availability_days')
      .values(
        a.days.map((d) => ({
          tenant_id: tenantId,
          coach_id: coachId,
          date: d.date,
          kind: d.kind,
          start_time: d.kind === 'extra' ? (d.start ?? null) : null,
          end_time: d.kind === 'extra' ? (d.end ?? null) : null,
        })),
      )
      .execute();
  const settings = { tenant_id: tenantId, coach_id: coachId, ...a.settings };
  await trx
    .insertInto('booking_settings')
    .values(settings)
    .onConflict((oc) => oc.column('coach_id').doUpdateSet(a.settings))
    .execute();
}
