// Where a booked meeting takes place, from its type and tenant.json's booking.rooms: a video type gets an
// unguessable room on the tenant's Jitsi-compatible server, or the coach's fixed address, or none; a place type
// its place; a phone type says so. The address goes into the meeting row, so its .ics and mails carry it.
import { randomBytes } from 'node:crypto';
import type { Rooms } from '../../db/column-types.js';
import type { MeetingTypeRow } from './meeting-types-repository.js';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** RFC 4648 base32 (lowercase, unpadded): room names stay one lowercase word a person can read aloud. */
function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The place a phone meeting shows where others show their address. */
export const PHONE_CALL = 'Phone call';

export function roomFor(
  rooms: Rooms,
  tenantSlug: string,
  coach: { room_url: string | null },
  type: Pick<MeetingTypeRow, 'location' | 'place'>,
): { meeting_url: string | null; place: string | null } {
  if (type.location === 'place') return { meeting_url: null, place: type.place };
  if (type.location === 'phone') return { meeting_url: null, place: PHONE_CALL };
  if (rooms.kind === 'jitsi')
    // 128 random bits: a room nobody finds by guessing, one per meeting.
    return { meeting_url: `${rooms.baseUrl}${tenantSlug}-${base32(randomBytes(16))}`, place: null };
  if (rooms.kind === 'coach') return { meeting_url: coach.room_url, place: null };
  return { meeting_url: null, place: null };
}
