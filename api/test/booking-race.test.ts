// Twenty clients book the same slot of one coach at the same moment, through two API instances on one
// database (PGlite; PostgreSQL through scripts/with-postgres.sh, where the instances' transactions really run
// side by side): exactly one meeting is made, and each of the other nineteen is told the time was taken, with
// the nearest free times instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, everyDay, newClient, newCoach, newType, saveHours, setClock } from './helpers/booking.js';
import type { Coach } from './helpers/booking.js';
import { Harness } from './helpers/harness.js';
import type { Person } from './helpers/sign-in.js';

const h = new Harness();
const RACERS = 20;
let coach: Coach;
let typeId: number;
const clients: Person[] = [];

beforeAll(async () => {
  await h.start();
  setClock(h, '2027-03-15T08:00:00Z');
  coach = await newCoach(h, 'Europe/Amsterdam');
  await saveHours(h, coach, everyDay('09:00', '17:00'));
  typeId = await newType(h, coach, { duration_minutes: 60 });
  for (let i = 0; i < RACERS; i += 1) clients.push(await newClient(h, coach, 'America/New_York'));
});
afterAll(() => h.stop());

describe('a slot booked by twenty clients at once', () => {
  it('through two instances: exactly one meeting, nineteen 409s with the nearest free times', async () => {
    const other = await h.build();
    try {
      // Wednesday 17 March, 10:00 in Amsterdam.
      const start = '2027-03-17T09:00:00.000Z';
      const answers = await Promise.all(
        clients.map((client, i) =>
          call(
            h,
            client,
            'POST',
            '/api/v1/booking',
            { coach_id: coach.user.id, type_id: typeId, start },
            i % 2 === 0 ? h.app : other,
          ),
        ),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(
        codes.filter((c) => c === 201),
        answers.map((r) => r.body).join('\n'),
      ).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(RACERS - 1);
      for (const refused of answers.filter((r) => r.statusCode === 409)) {
        const { message, nearest } = refused.json() as { message: string; nearest: { start: string }[] };
        expect(message).toBe('This time is no longer free. Choose one of the nearest free times.');
        expect(nearest).toHaveLength(3);
        expect(nearest.map((s) => s.start)).not.toContain(start);
      }
      const made = await h.db
        .selectFrom('meetings')
        .select(['client_id', 'starts_at'])
        .where('coach_id', '=', coach.coachId)
        .execute();
      expect(made).toHaveLength(1);
      expect(made[0]!.starts_at.toISOString()).toBe(start);
      const winner = answers.findIndex((r) => r.statusCode === 201);
      expect(made[0]!.client_id).toBe(clients[winner]!.user.id);
    } finally {
      await other.close();
    }
  });
});
