// When a reminder goes, given the person's quiet hours (their own, else their tenant's; 21:00–08:00 by
// default) read on their wall clock, so a change of summer time moves the instant and not the hour. A pure
// function of its inputs: the planner (meeting-reminders.ts) and its tests call it alike.
import { dateStart, localDate, localDateTime, offsetMs, zonedInstant } from '../coach/zoned-day.js';

/** HH:mm to HH:mm on the person's wall clock; `from` after `to` spans midnight; equal: no quiet hours. */
interface Quiet {
  from: string;
  to: string;
}

/** A person's quiet hours: their own when they set them, else their tenant's (tenant.json's quietHours). */
export const quietOf = (
  person: { quiet_from: string | null; quiet_to: string | null },
  tenant: Quiet,
): Quiet =>
  person.quiet_from && person.quiet_to ? { from: person.quiet_from, to: person.quiet_to } : tenant;

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The instant the zone's clock shows `clock` on the date `days` after `at`'s date there. */
function wallAt(at: Date, days: number, clock: string, zone: string): Date {
  const noon = Date.parse(`${localDate(at, zone)}T12:00:00Z`) + days * 86_400_000;
  const local = `${new Date(noon).toISOString().slice(0, 10)}T${clock}`;
  // A time the zone skips (its clocks go forward over it) is read with the offset before the jump: the same
  // moment, shown an hour later.
  return zonedInstant(local, zone) ?? new Date(Date.parse(`${local}:00Z`) - offsetMs(at, zone));
}

/**
 * When a reminder due at `at` goes. Outside quiet hours, and for the `last` (smallest) offset, at `at`.
 * Inside, at the end of the quiet hours; if that is not before the meeting starts (a short offset at night),
 * one minute before the quiet hours began: earlier than asked rather than at night or after the start. The
 * planner drops a time already past.
 */
export function reminderTime(input: {
  at: Date;
  startsAt: Date;
  last: boolean;
  quiet: Quiet;
  zone: string;
}): Date {
  const { at, startsAt, last, quiet, zone } = input;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  const local = localDateTime(at, zone);
  const now = minutesOf(local.slice(11, 16));
  const spansMidnight = from > to;
  const inside = spansMidnight ? now >= from || now < to : now >= from && now < to;
  if (last || from === to || !inside) return at;
  // Past midnight (or before it, when the hours do not span it) the quiet hours end today; before it, tomorrow.
  const end = wallAt(at, spansMidnight && now >= from ? 1 : 0, quiet.to, zone);
  if (end < startsAt) return end;
  const began = wallAt(at, spansMidnight && now < to ? -1 : 0, quiet.from, zone);
  return new Date(began.getTime() - 60_000);
}

/** Later than any meeting: a daily reminder has no start to come before. */
const NEVER = new Date(8.64e15);

/**
 * When a daily reminder of the local date `date` (YYYY-MM-DD) goes: at `clock` on the zone's wall clock that day
 * (08:00 stays 08:00 across a change of summer time, the instant moves), or at the end of the person's quiet
 * hours if `clock` falls inside them (07:30 with quiet hours to 08:00 goes at 08:00).
 */
export function dailyTime(date: string, clock: string, quiet: Quiet, zone: string): Date {
  return outsideQuietHours(wallAt(dateStart(date, zone), 0, clock, zone), quiet, zone);
}

/** `at`, or the end of the quiet hours when `at` falls inside them: when a push raised at `at` may go. */
export const outsideQuietHours = (at: Date, quiet: Quiet, zone: string): Date =>
  reminderTime({ at, startsAt: NEVER, last: false, quiet, zone });
