// Session prep through the API on a real migrated database (PGlite, or PostgreSQL through
// scripts/with-postgres.sh): a coach names a prep form on a meeting type (only one they may send); booking a
// meeting of that type sends it to the client pinned to the form's version, due on the meeting's day in the
// client's zone; a move changes nothing of the send; a cancel (the client's, or the coach deleting the meeting)
// deletes it unless it was submitted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Layout } from '../../contracts/forms.js';
import { bookingWorld, call, newCoach, slotsOf, ZONE } from './helpers/booking.js';
import type { BookingWorld, Coach } from './helpers/booking.js';
import { Harness } from './helpers/harness.js';
import type { Person } from './helpers/sign-in.js';

const h = new Harness();
let coach: Coach;
let client: Person;
let typeId: number;
let book: BookingWorld['book'];
let formId: number;

const layout: Layout = {
  sections: [
    {
      title: '',
      questions: [
        { id: 'focus', kind: 'short_text', label: 'What do you want to work on?', required: false },
      ],
    },
  ],
};

async function newForm(who: Person, title: string) {
  const res = await call(h, who, 'POST', '/api/v1/forms/library', { title, layout });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

const sendsOf = (meetingId: number) =>
  h.db.selectFrom('form_sends').selectAll().where('meeting_id', '=', meetingId).execute();

beforeAll(async () => {
  await h.start();
  ({ coach, client, typeId, book } = await bookingWorld(h));
  formId = await newForm(coach, 'Before our session');
});
afterAll(() => h.stop());

describe('a meeting type’s prep form', () => {
  it('is one the coach may send: another coach’s form is a 422 naming the field, and changes nothing', async () => {
    const other = await newCoach(h, ZONE);
    const theirs = await newForm(other, 'Their prep');
    const refused = await call(h, coach, 'PATCH', `/api/v1/coach/meeting-types/${typeId}`, {
      prep_form_id: theirs,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({
      prep_form_id: [expect.stringContaining('Choose one of your forms')],
    });
    const row = await h.db
      .selectFrom('meeting_types')
      .select('prep_form_id')
      .where('id', '=', typeId)
      .executeTakeFirstOrThrow();
    expect(row.prep_form_id).toBeNull();

    const set = await call(h, coach, 'PATCH', `/api/v1/coach/meeting-types/${typeId}`, {
      prep_form_id: formId,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.prep_form_id).toBe(formId);
  });

  it('goes to the client on booking, pinned and due on the meeting’s day; a move keeps it; a cancel drops it', async () => {
    // Edited once: the send is pinned to the current (second) version.
    const edited = await call(h, coach, 'PUT', `/api/v1/forms/library/${formId}`, {
      title: 'Before our session',
      layout: { sections: [{ ...layout.sections[0]!, title: 'Your focus' }] },
    });
    expect(edited.json().data.version).toBe(2);
    const offered = (await slotsOf(h, client, coach.user.id, typeId, '2027-03-19')).days[0]!.slots;
    const booked = await book(client, offered[0]!.start);
    expect(booked.statusCode, booked.body).toBe(201);
    const meetingId = booked.json().data.id as number;

    const [send, ...more] = await sendsOf(meetingId);
    expect(more).toEqual([]);
    const version = await h.db
      .selectFrom('form_versions')
      .select('id')
      .where('form_id', '=', formId)
      .where('version', '=', 2)
      .executeTakeFirstOrThrow();
    expect(send).toMatchObject({
      client_id: client.user.id,
      form_id: formId,
      version_id: version.id,
      sent_by: null,
      status: 'draft',
    });
    // 09:00 in Amsterdam on the 19th is still the 19th in New York (the client's zone).
    const mine = await call(h, client, 'GET', `/api/v1/forms/${send!.id}`);
    expect(mine.json().data).toMatchObject({ due_on: '2027-03-19', meeting_id: meetingId, version: 2 });

    const moved = await call(h, client, 'POST', `/api/v1/booking/meetings/${meetingId}/move`, {
      start: offered[6]!.start,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await sendsOf(meetingId)).toEqual([send]);

    const cancelled = await call(h, client, 'POST', `/api/v1/booking/meetings/${meetingId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await h.db.selectFrom('form_sends').select('id').where('id', '=', send!.id).execute()).toEqual([]);
  });

  it('keeps a submitted prep form when its meeting is cancelled', async () => {
    const offered = (await slotsOf(h, client, coach.user.id, typeId, '2027-03-22')).days[0]!.slots;
    const meetingId = (await book(client, offered[0]!.start)).json().data.id as number;
    const [send] = await sendsOf(meetingId);
    const submitted = await call(h, client, 'POST', `/api/v1/forms/${send!.id}/submit`, {
      answers: { focus: 'Pricing' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const cancelled = await call(h, client, 'POST', `/api/v1/booking/meetings/${meetingId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const kept = await h.db
      .selectFrom('form_sends')
      .selectAll()
      .where('id', '=', send!.id)
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ status: 'submitted', answers: { focus: 'Pricing' } });
  });

  it('goes with a meeting the coach deletes while unanswered; a submitted one stays', async () => {
    const offered = (await slotsOf(h, client, coach.user.id, typeId, '2027-03-23')).days[0]!.slots;
    const meetings: number[] = [];
    for (const slot of [offered[0]!, offered[4]!]) {
      const booked = await book(client, slot.start);
      expect(booked.statusCode, booked.body).toBe(201);
      meetings.push(booked.json().data.id as number);
    }
    const [draft] = await sendsOf(meetings[0]!);
    const [done] = await sendsOf(meetings[1]!);
    const submitted = await call(h, client, 'POST', `/api/v1/forms/${done!.id}/submit`, {
      answers: { focus: 'Hiring' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    for (const id of meetings) {
      const deleted = await call(h, coach, 'POST', `/api/v1/coach/meetings/${id}/cancel`, {});
      expect(deleted.statusCode, deleted.body).toBe(200);
    }
    const left = await h.db
      .selectFrom('form_sends')
      .select(['id', 'status', 'answers'])
      .where('id', 'in', [draft!.id, done!.id])
      .execute();
    expect(left).toEqual([{ id: done!.id, status: 'submitted', answers: { focus: 'Hiring' } }]);
  });
});
