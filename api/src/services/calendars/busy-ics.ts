// An outside calendar's .ics read into busy times: start and end only (a title, a description or an attendee
// never leaves this function). ical.js parses the text and steps through each recurrence rule on the wall clock
// of the event's start; the zone arithmetic is ours, for three reasons met in real exports:
// - Outlook names its zones the Windows way ("W. Europe Standard Time") and does not always define them in a
//   VTIMEZONE: ical.js then takes the time as floating (read as UTC), an hour or more off. A Windows name is
//   mapped to its IANA zone (windows-iana, CLDR's table), as are IANA names with a vendor prefix
//   ("/mozilla.org/20050126_1/Europe/Berlin"); only a name none of these know uses the file's VTIMEZONE.
// - ical.js compares an UNTIL, an EXDATE or a RECURRENCE-ID given in UTC with occurrences in such a floating
//   zone on the wrong instant; here each is turned into an instant first and compared as one.
// - RFC 5545 §3.3.5 reads a time skipped when clocks go forward (02:30 that night) with the offset before the
//   gap, and a repeated one as its first occurrence: Intl answers exactly that for an IANA zone.
// Not busy: TRANSP:TRANSPARENT (Google's all-day events are by default), STATUS:CANCELLED, and Outlook's "Free"
// (X-MICROSOFT-CDO-BUSYSTATUS:FREE). A moved occurrence (RECURRENCE-ID) replaces the one it names; a cancelled or
// free one removes it. RANGE=THISANDFUTURE is read as that one occurrence only (calendar apps export a split
// series as two series instead).
import ICAL from 'ical.js';
import { findIana } from 'windows-iana';
import { offsetMs, wallInstants } from '../coach/zoned-day.js';

export interface Busy {
  start: Date;
  end: Date;
}

type IcalTime = InstanceType<typeof ICAL.Time>;
type IcalProperty = InstanceType<typeof ICAL.Property>;
type IcalComponent = InstanceType<typeof ICAL.Component>;

/** A wall-clock time (written as UTC ms) to the instant it names in one zone. */
type Zone = (wall: number) => number;

const DAY = 86_400_000;
/** Steps one recurrence rule may take before it is cut off (a daily series since 1970 is about 20,000). */
const MAX_STEPS = 25_000;
/** Busy times one calendar may hold: the earliest are kept (a year of a full diary is a few thousand). */
export const MAX_BUSY = 5_000;

const utc: Zone = (wall) => wall;

/** A zone Intl knows, by its canonical name; undefined for any other name. */
function knownZone(name: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function ianaZone(name: string): Zone {
  return (wall) => wallInstants(wall, name)[0] ?? wall - offsetMs(new Date(wall - DAY), name);
}

/** The IANA zone a TZID stands for: an IANA name (perhaps after a vendor's path), or a Windows zone name. */
export function ianaName(tzid: string): string | undefined {
  const name = tzid.trim().replace(/^"|"$/g, '');
  if (!/\s/.test(name)) {
    const parts = name.split('/').filter(Boolean);
    // The name itself, then its last three and two segments: /mozilla.org/20050126_1/America/Indiana/Knox.
    for (const tail of [parts.join('/'), parts.slice(-3).join('/'), parts.slice(-2).join('/')]) {
      const known = tail && knownZone(tail);
      if (known) return known;
    }
  }
  const windows = findIana(name)[0];
  return windows && knownZone(windows);
}

const wallOf = (t: IcalTime) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);

const isTime = (value: unknown): value is IcalTime => value instanceof ICAL.Time;

/** The zones of one calendar file: by TZID, and the calendar's own (all-day and floating times). */
function calendarZones(calendar: IcalComponent, fallbackZone: string) {
  const defined = new Map<string, IcalComponent>();
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = vtimezone.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string') defined.set(tzid, vtimezone);
  }
  const known = new Map<string, Zone | undefined>();
  /** The zone a TZID names, undefined when neither a name we know nor a VTIMEZONE of the file defines it. */
  const byTzid = (tzid: string): Zone | undefined => {
    if (!known.has(tzid)) {
      const iana = ianaName(tzid);
      const vtimezone = defined.get(tzid);
      let zone: Zone | undefined;
      if (iana) zone = ianaZone(iana);
      else if (vtimezone) {
        const timezone = new ICAL.Timezone(vtimezone);
        zone = (wall) => {
          const d = new Date(wall);
          const time = new ICAL.Time(
            {
              year: d.getUTCFullYear(),
              month: d.getUTCMonth() + 1,
              day: d.getUTCDate(),
              hour: d.getUTCHours(),
              minute: d.getUTCMinutes(),
              second: d.getUTCSeconds(),
              isDate: false,
            },
            timezone,
          );
          return time.toUnixTime() * 1000;
        };
      }
      known.set(tzid, zone);
    }
    return known.get(tzid);
  };
  // The calendar's zone: its X-WR-TIMEZONE, or its one VTIMEZONE, or the coach's own.
  const named = calendar.getFirstPropertyValue('x-wr-timezone');
  const only = defined.size === 1 ? [...defined.keys()][0] : undefined;
  const own =
    (typeof named === 'string' ? byTzid(named) : undefined) ??
    (only ? byTzid(only) : undefined) ??
    ianaZone(fallbackZone);
  /** The zone of a property's time: UTC, its TZID's, or (all-day, floating, unknown TZID) the calendar's. */
  const of = (property: IcalProperty, time: IcalTime): Zone => {
    if (time.isDate) return own;
    if (time.zone === ICAL.Timezone.utcTimezone) return utc;
    const tzid = property.getParameter('tzid');
    return (typeof tzid === 'string' ? byTzid(tzid) : undefined) ?? own;
  };
  return { own, of };
}

type Zones = ReturnType<typeof calendarZones>;

/** The instant a property's time names. */
const instantOf = (zones: Zones, property: IcalProperty, time: IcalTime) =>
  zones.of(property, time)(wallOf(time));

/** Whether a VEVENT (or one of its moved occurrences) takes time. */
function blocks(event: IcalComponent): boolean {
  const value = (name: string) => String(event.getFirstPropertyValue(name) ?? '').toUpperCase();
  return (
    value('status') !== 'CANCELLED' &&
    value('transp') !== 'TRANSPARENT' &&
    value('x-microsoft-cdo-busystatus') !== 'FREE'
  );
}

interface Series {
  property: IcalProperty;
  start: IcalTime;
  zone: Zone;
  /** An occurrence's end, from its start (wall time and instant). */
  end(wall: number, instant: number): number;
}

/** An event's start and how its end follows from an occurrence's start; undefined when it has no length. */
function seriesOf(event: IcalComponent, zones: Zones): Series | undefined {
  const property = event.getFirstProperty('dtstart');
  const start = property?.getFirstValue();
  if (!property || !isTime(start)) return undefined;
  const endProperty = event.getFirstProperty('dtend');
  const endValue = endProperty?.getFirstValue();
  const duration = event.getFirstPropertyValue('duration');
  const zone = zones.of(property, start);
  if (start.isDate) {
    // All day: whole days on the calendar's clock (a day the clocks change is 23 or 25 hours long).
    const days =
      isTime(endValue) && endValue.isDate
        ? Math.round((wallOf(endValue) - wallOf(start)) / DAY)
        : duration instanceof ICAL.Duration && !duration.isNegative
          ? duration.weeks * 7 + duration.days
          : 1;
    if (days <= 0) return undefined;
    return { property, start, zone, end: (wall) => zones.own(wall + days * DAY) };
  }
  if (endProperty && isTime(endValue)) {
    // DTEND: every occurrence lasts exactly as long as the first (RFC 5545 §3.8.5.3).
    const length = instantOf(zones, endProperty, endValue) - zone(wallOf(start));
    return length > 0 ? { property, start, zone, end: (_wall, instant) => instant + length } : undefined;
  }
  if (duration instanceof ICAL.Duration && !duration.isNegative && duration.toSeconds() > 0) {
    // DURATION: its days on the wall clock, its hours and minutes exactly.
    const days = duration.weeks * 7 + duration.days;
    const exact = (duration.hours * 3600 + duration.minutes * 60 + duration.seconds) * 1000;
    return { property, start, zone, end: (wall) => zone(wall + days * DAY) + exact };
  }
  return undefined;
}

/** The wall-clock starts of a master event's occurrences up to `untilWall` (RRULE and RDATE, not EXDATE). */
function occurrences(event: IcalComponent, series: Series, zones: Zones, untilWall: number): number[] {
  const rules = event.getAllProperties('rrule');
  const starts = rules.length === 0 ? [wallOf(series.start)] : [];
  for (const property of rules) {
    const recur = property.getFirstValue();
    if (!(recur instanceof ICAL.Recur)) continue;
    // UNTIL is checked here, as an instant (or a day, for a day), not by ical.js (see the top of the file).
    const until = recur.until;
    const last = !until ? Infinity : until.isDate ? wallOf(until) + DAY : instantOf(zones, property, until);
    const rule = recur.clone();
    rule.until = null;
    const iterator = rule.iterator(series.start);
    for (let step = 0, next = iterator.next(); next && step < MAX_STEPS; step++, next = iterator.next()) {
      const wall = wallOf(next);
      if (wall > untilWall) break;
      const beyond = until?.isDate ? wall >= last : series.zone(wall) > last;
      if (beyond) break;
      starts.push(wall);
    }
  }
  for (const property of event.getAllProperties('rdate'))
    for (const value of property.getValues() as unknown[]) {
      const time = value instanceof ICAL.Period ? value.start : value;
      if (isTime(time)) starts.push(wallOf(time));
    }
  // An RDATE may repeat a start the rule gives.
  return [...new Set(starts)];
}

/** The instants (and, for all-day exclusions of a timed series, the days) EXDATE removes. */
function exclusions(event: IcalComponent, series: Series, zones: Zones) {
  const instants = new Set<number>();
  const days = new Set<number>();
  for (const property of event.getAllProperties('exdate'))
    for (const value of property.getValues() as unknown[]) {
      if (!isTime(value)) continue;
      if (value.isDate && !series.start.isDate) days.add(Math.floor(wallOf(value) / DAY));
      else instants.add(instantOf(zones, property, value));
    }
  return { instants, days };
}

/**
 * The busy times of a calendar file that overlap [from, to), earliest first, at most MAX_BUSY. `fallbackZone`
 * (the coach's) places all-day and floating times when the file names no zone of its own. Throws when the text
 * is not iCalendar.
 */
export function busyTimes(text: string, from: Date, to: Date, fallbackZone: string): Busy[] {
  const parsed = ICAL.parse(text) as unknown[];
  // Several calendars in one file come as a list of them: the first is read.
  const first = (Array.isArray(parsed[0]) ? parsed[0] : parsed) as unknown[];
  const calendar = new ICAL.Component(first as ConstructorParameters<typeof ICAL.Component>[0]);
  if (calendar.name !== 'vcalendar') throw new Error('not a VCALENDAR');
  const zones = calendarZones(calendar, fallbackZone);
  const events = calendar.getAllSubcomponents('vevent');
  // Each moved or cancelled occurrence, by its series' UID and the instant it replaces.
  const moved = new Map<string, Set<number>>();
  for (const event of events) {
    const property = event.getFirstProperty('recurrence-id');
    const value = property?.getFirstValue();
    if (!property || !isTime(value)) continue;
    const uid = String(event.getFirstPropertyValue('uid') ?? '');
    const set = moved.get(uid) ?? new Set<number>();
    set.add(instantOf(zones, property, value));
    moved.set(uid, set);
  }
  // Wall times lie within a day of their instants: a day's margin either side, then instants decide.
  const untilWall = to.getTime() + DAY;
  const busy: Busy[] = [];
  for (const event of events) {
    if (!blocks(event)) continue;
    const series = seriesOf(event, zones);
    if (!series) continue;
    const isMaster = !event.hasProperty('recurrence-id');
    const replaced = isMaster ? moved.get(String(event.getFirstPropertyValue('uid') ?? '')) : undefined;
    const excluded = isMaster ? exclusions(event, series, zones) : { instants: new Set(), days: new Set() };
    const starts = isMaster ? occurrences(event, series, zones, untilWall) : [wallOf(series.start)];
    for (const wall of starts) {
      const start = series.zone(wall);
      if (excluded.instants.has(start) || excluded.days.has(Math.floor(wall / DAY))) continue;
      if (replaced?.has(start)) continue;
      const end = series.end(wall, start);
      if (start < to.getTime() && end > from.getTime() && end > start)
        busy.push({ start: new Date(start), end: new Date(end) });
    }
  }
  busy.sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
  return busy.slice(0, MAX_BUSY);
}
