// Coaches sign in like clients (password, then the mailed code; the same sessions), and the session's role is
// the user's role_id in the database, never anything the caller sends. Every route says which roles it
// allows; the registration refuses the others with the API's 403 { message }, and GraphQL refuses a coach
// the client's own fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../src/routes/index.js';
import { as, startSignedIn } from './helpers/coach.js';
import { BETA, Harness } from './helpers/harness.js';
import { gql } from './helpers/mailbox.js';
import type { Person } from './helpers/sign-in.js';
import { demoUser, signIn } from './helpers/sign-in.js';

const h = new Harness();
let coach: Person;
let coach2: Person;
let client: Person;
beforeAll(async () => {
  [coach, coach2, client] = await startSignedIn(h, 'coach', 'coach2', 'client');
});
afterAll(() => h.stop());

const refusal = { message: 'This is not available to your account.' };

describe('coach sign-in and roles', () => {
  it('signs the seeded coaches of each tenant in with the demo password and the mailed code', async () => {
    for (const person of [coach, coach2, await signIn(h, { demo: 'coach2', tenant: BETA })]) {
      const me = await as(h, person, 'GET', '/api/v1/me');
      expect(me.statusCode).toBe(200);
      expect(me.json().data).toMatchObject({ id: person.user.id, role_id: 2 });
    }
    expect((await as(h, client, 'GET', '/api/v1/me')).json().data.role_id).toBe(3);
  });

  it("refuses a coach the client portal's routes with 403 and changes nothing", async () => {
    const before = await h.db.selectFrom('meeting_notes').select('id').execute();
    const stored = await as(h, coach, 'POST', '/api/v1/clientportal/store/note/', {
      title: 'Mine',
      body: 'x',
    });
    expect(stored.statusCode).toBe(403);
    expect(stored.json()).toEqual(refusal);
    expect(await h.db.selectFrom('meeting_notes').select('id').execute()).toEqual(before);
    expect((await as(h, coach, 'POST', '/api/v1/clientportal/schedule/')).statusCode).toBe(403);
    // The client's own call is answered as before.
    expect((await as(h, client, 'POST', '/api/v1/clientportal/schedule/')).statusCode).toBe(200);
  });

  it("gives a coach GraphQL's mailbox fields and refuses them the client's own", async () => {
    const unread = await gql(h, coach2, 'query ($u: Int!) { unreademails(user_id: $u) }', {
      u: coach2.user.id,
    });
    // The seeded question of coach2's first client.
    expect(unread.data).toEqual({ unreademails: 1 });
    const member = await gql(h, coach, 'query ($u: Int!) { member(user_id: $u) { id } }', {
      u: coach.user.id,
    });
    expect(member.errors?.[0]?.message).toBe('Forbidden');
    const groups = await gql(h, coach, 'query ($u: Int!) { group(user_id: $u) { id } }', {
      u: coach.user.id,
    });
    expect(groups.errors?.[0]?.message).toBe('Forbidden');
  });

  it('takes the role from the database on every request, whatever the caller sends', async () => {
    const person = await signIn(h);
    const schedule = () => as(h, person, 'POST', '/api/v1/clientportal/schedule/');
    expect((await schedule()).statusCode).toBe(200);
    // A role_id in a body is refused by the schema and changes nothing.
    const update = await as(h, person, 'POST', `/api/v1/students/update/${person.user.id}`, {
      first_name: 'Test',
      last_name: 'User',
      role_id: 2,
    });
    expect(update.statusCode).toBe(422);
    expect((await schedule()).statusCode).toBe(200);
    await h.db.updateTable('users').set({ role_id: 2 }).where('id', '=', person.user.id).execute();
    expect((await schedule()).json()).toEqual(refusal);
    await h.db.updateTable('users').set({ role_id: 3 }).where('id', '=', person.user.id).execute();
    expect((await schedule()).statusCode).toBe(200);
  });

  it('refuses to start with a route that does not say which roles may call it', async () => {
    const planted = { schema: {}, config: { auth: true }, handle: async () => ({}) };
    // @ts-expect-error -- the planted route lacks the roles the type requires
    routeTable.push(['GET', '/planted', planted]);
    try {
      await expect(h.build()).rejects.toThrow('GET /planted: no roles');
    } finally {
      routeTable.pop();
    }
  });

  it("knows the seeded coaches' clients apart: each coach has their own", async () => {
    const clientsOf = async (local: string) => {
      const user = await demoUser(h, local);
      const rows = await h.db
        .selectFrom('coach_clients')
        .innerJoin('coaches', 'coaches.id', 'coach_clients.coach_id')
        .innerJoin('users', 'users.id', 'coach_clients.client_id')
        .select('users.email')
        .where('coaches.user_id', '=', user.id)
        .orderBy('users.email')
        .execute();
      return rows.map((r) => r.email);
    };
    expect(await clientsOf('coach')).toEqual(['basic@alpha.test', 'client@alpha.test']);
    expect(await clientsOf('coach2')).toEqual(['client2@alpha.test', 'client3@alpha.test']);
  });
});
