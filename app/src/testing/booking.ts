/** The booking API's answers as the app's tests serve them (contracts/rest/booking.ts's payloads). */
import type { BookedMeeting, BookingPage, SlotsPage } from '../../../contracts/rest/booking';
import { apiUser, signInFresh } from './portal';

export const ZONE = 'America/Chicago';

/** The demo client with the booking flag, in Chicago. */
export const signInBooking = (booking = true) =>
  signInFresh(apiUser({ time_zone: ZONE, trainings: { group_coaching: false, booking } }));

export const strategy = {
  id: 11,
  name: 'Strategy session',
  duration_minutes: 45,
  description: 'We plan your next quarter.',
  location: 'video',
  place: null,
  notice_hours: 24,
} as const;
export const walk = {
  id: 12,
  name: 'Walk and talk',
  duration_minutes: 60,
  description: '',
  location: 'place',
  place: 'Harbour gate',
  notice_hours: 48,
} as const;

export const bookingPage = (
  coaches: BookingPage['coaches'] = [{ id: 3, name: 'Thomas Lindqvist', types: [strategy, walk] }],
): BookingPage => ({ time_zone: ZONE, coaches });

/** Free times: 9:00 and 9:45 am (Chicago) on each day given, in 2030, far from any test's today. */
export const slotsPage = (dates: string[]): SlotsPage => ({
  time_zone: ZONE,
  coach_time_zone: 'Europe/Amsterdam',
  days: dates.map((date) => ({
    date,
    slots: [
      { start: `${date}T15:00:00.000Z`, end: `${date}T15:45:00.000Z` },
      { start: `${date}T15:45:00.000Z`, end: `${date}T16:30:00.000Z` },
    ],
  })),
});

export const bookedMeeting = (overrides: Partial<BookedMeeting> = {}): BookedMeeting => ({
  id: 41,
  title: 'Strategy session',
  start: '2030-11-25T15:00:00.000Z',
  end: '2030-11-25T15:45:00.000Z',
  time_zone: 'Europe/Amsterdam',
  coach_name: 'Thomas Lindqvist',
  type_id: strategy.id,
  meeting_url: 'https://meet.example.com/abc',
  place: null,
  note: '',
  change_until: '2030-11-24T15:00:00.000Z',
  ...overrides,
});
