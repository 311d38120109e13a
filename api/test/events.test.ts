// recordEvent on a real migrated database: an event exists exactly when the change it reports committed, each
// with an id of its own (what a receiver de-duplicates on), and only of the types contracts/events.ts lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../src/services/events/record-event.js';
import { EVENT_TYPES } from '../../contracts/events.js';
import { ALPHA, Harness } from './helpers/harness.js';
import { referral, ticket } from './helpers/event-data.js';

const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const eventsOf = (type: string) =>
  h.db.selectFrom('events').selectAll().where('tenant_id', '=', ALPHA).where('type', '=', type).execute();

describe('recordEvent', () => {
  it('keeps an event whose transaction committed, with a fresh id and its data', async () => {
    const ids = await h.db
      .transaction()
      .execute(async (trx) => [
        await recordEvent(trx, ALPHA, 'ticket.created', ticket(7)),
        await recordEvent(trx, ALPHA, 'ticket.created', ticket(8)),
      ]);
    expect(new Set(ids).size).toBe(2);
    const rows = await eventsOf('ticket.created');
    expect(rows.map((row) => row.data)).toEqual([ticket(7), ticket(8)]);
  });

  it('loses the event of a change that rolled back', async () => {
    await expect(
      h.db.transaction().execute(async (trx) => {
        await recordEvent(trx, ALPHA, 'referral.created', referral(1));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventsOf('referral.created')).toEqual([]);
  });

  it('lists each type once, in the dotted noun.verb form receivers match on', () => {
    expect(new Set(EVENT_TYPES).size).toBe(EVENT_TYPES.length);
    for (const type of EVENT_TYPES) expect(type).toMatch(/^[a-z]+\.[a-z]+$/);
  });
});
