// Fetches one outside calendar through the guarded client (outbound/guarded-client.ts: the name resolved at the
// request, every address checked, the connection made to the checked one, no redirect followed), at most 5 MB
// within 15 seconds, and reads it into busy times from a day ago to a year ahead (the longest booking horizon).
// What the coach is told of a failure is a plain sentence from the failure's category, never the raw error.
import type { GuardedClient } from '../outbound/guarded-client.js';
import { busyTimes } from './busy-ics.js';
import type { FetchOutcome } from './connections-repository.js';

const DAY = 86_400_000;
const MAX_CALENDAR_BYTES = 5 * 1024 * 1024;
/** The longest booking horizon (contracts/rest/booking.ts's horizon_days at most). */
const HORIZON_DAYS = 365;

/** A calendar app's webcal:// is its https:// address (RFC-less, but every app means that). */
export const fetchedAddress = (url: string) => url.replace(/^webcal:\/\//i, 'https://');

const failures: Record<string, string> = {
  'address not allowed': 'This address is not allowed: it leads into a private network.',
  'name not found': 'The calendar’s server was not found. Check the address.',
  'connection refused': 'The calendar’s server could not be reached.',
  'connection failed': 'The calendar’s server could not be reached.',
  'timed out': 'The calendar’s server took too long to answer.',
  'TLS failure': 'The calendar’s server has no valid certificate.',
  'answer too large': 'The calendar is larger than 5 MB.',
};

function statusProblem(status: number): string {
  if (status >= 300 && status < 400)
    return 'The address sends us elsewhere. Copy the calendar’s own address (its secret iCal address).';
  if ([401, 403, 404, 410].includes(status))
    return 'The calendar’s server refused the address: it may have been reset. Copy it again.';
  return `The calendar’s server answered with an error (HTTP ${status}).`;
}

export async function fetchCalendar(
  client: GuardedClient,
  calendar: { url: string; time_zone: string | null },
  at: Date,
  timeoutMs = 15_000,
): Promise<FetchOutcome> {
  const result = await client.request({
    method: 'GET',
    url: fetchedAddress(calendar.url),
    headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'portal-calendars/1' },
    timeoutMs,
    maxBodyBytes: MAX_CALENDAR_BYTES,
  });
  if ('failure' in result) return { problem: failures[result.failure] ?? failures['connection failed']! };
  if (result.status < 200 || result.status >= 300) return { problem: statusProblem(result.status) };
  const from = new Date(at.getTime() - DAY);
  const to = new Date(at.getTime() + HORIZON_DAYS * DAY);
  try {
    return { busy: busyTimes(result.body.toString('utf8'), from, to, calendar.time_zone ?? 'UTC') };
  } catch {
    return { problem: 'The address did not give a calendar (an .ics file).' };
  }
}
