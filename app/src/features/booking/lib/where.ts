import type { MeetingKind } from '../api/get-booking';

const KINDS: Record<MeetingKind['location'], string> = {
  video: 'Video call',
  place: 'In person',
  phone: 'Phone call',
};

/** Where a meeting type meets, in words: its address for one in person, when the API gives it. */
export const whereOf = (type: Pick<MeetingKind, 'location' | 'place'>): string =>
  type.location === 'place' && type.place ? `In person, ${type.place}` : KINDS[type.location];
