// The coach's availability: read and saved whole by the weekly editor. What a schema cannot say is checked
// here, each problem on the field it is about: a range ends after it starts, a day's ranges do not overlap, a
// day off has no hours, an extra day has them, and a date is not both off and extra.
import type { Kysely } from 'kysely';
import type { Availability, AvailabilityPage } from '../../../../contracts/rest/booking.js';
import type { Database } from '../../db/database.js';
import { FieldError } from '../../errors.js';
import type { Actor } from '../access/scope.js';
import { lockSubject } from '../../db/subject-lock.js';
import { readAvailability, replaceAvailability } from './availability-repository.js';
import { ownCoach } from './booking-coach.js';
import { minutesOf } from './slots.js';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Ranges (with their field path) that overlap another of the same group: each later one is reported. */
function overlaps(ranges: { key: string; at: string; start: string; end: string }[]) {
  const found: string[] = [];
  const sorted = [...ranges].sort(
    (a, b) => a.key.localeCompare(b.key) || minutesOf(a.start) - minutesOf(b.start),
  );
  sorted.forEach((r, i) => {
    const before = sorted[i - 1];
    if (before && before.key === r.key && minutesOf(r.start) < minutesOf(before.end)) found.push(r.at);
  });
  return found;
}

/** The field errors of an availability the schema accepted; none: it may be saved. */
function availabilityErrors(a: Availability): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (at: string, message: string) => (errors[at] ??= []).push(message);
  a.weekly.forEach((r, i) => {
    if (minutesOf(r.start) >= minutesOf(r.end)) add(`weekly.${i}`, 'A range must end after it starts.');
  });
  const weekly = a.weekly.map((r, i) => ({ key: String(r.weekday), at: `weekly.${i}`, ...r }));
  for (const at of overlaps(weekly)) {
    const weekday = WEEKDAYS[a.weekly[Number(at.split('.')[1])]!.weekday - 1];
    add(at, `This range overlaps another on ${weekday}.`);
  }
  const extra: { key: string; at: string; start: string; end: string }[] = [];
  a.days.forEach((d, i) => {
    const at = `days.${i}`;
    if (d.kind === 'off') {
      if (d.start !== undefined || d.end !== undefined) add(at, 'A day off has no hours.');
      if (a.days.some((o) => o.date === d.date && o.kind === 'extra'))
        add(at, 'A day cannot be both a day off and an extra day.');
      return;
    }
    if (d.start === undefined || d.end === undefined) add(at, 'Give the hours of the extra day.');
    else if (minutesOf(d.start) >= minutesOf(d.end)) add(at, 'A range must end after it starts.');
    else extra.push({ key: d.date, at, start: d.start, end: d.end });
  });
  for (const at of overlaps(extra)) add(at, 'This range overlaps another on the same day.');
  return errors;
}

export function createAvailabilityService(db: Kysely<Database>) {
  return {
    async read(coach: Actor): Promise<AvailabilityPage> {
      const me = await ownCoach(db, coach);
      return { time_zone: me.zone, ...(await readAvailability(db, me.id)) };
    },
    async save(coach: Actor, availability: Availability): Promise<AvailabilityPage> {
      const me = await ownCoach(db, coach);
      const errors = availabilityErrors(availability);
      if (Object.keys(errors).length > 0) throw new FieldError(errors);
      // Two saves of one coach at once (two tabs) replace in turn, never into a mix of both.
      await db.transaction().execute(async (trx) => {
        await lockSubject(trx, `availability:${me.id}`);
        await replaceAvailability(trx, coach.tenantId, me.id, availability);
      });
      return { time_zone: me.zone, ...(await readAvailability(db, me.id)) };
    },
  };
}
