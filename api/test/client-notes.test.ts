// Meeting notes: list, store, edit, delete; validation; another client's note ids change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETA, Harness } from './helpers/harness.js';
import { post, withClientWork } from './helpers/client-work.js';
import type { Person } from './helpers/sign-in.js';
import { signIn } from './helpers/sign-in.js';

const h = new Harness();
let me: Person;
let other: Person;
beforeAll(async () => {
  await h.start();
  me = await signIn(h);
  other = await withClientWork(h, await signIn(h));
});
afterAll(() => h.stop());

const list = async (client: Person) => (await post(h, client, '/api/v1/clientportal/notes/')).json().data;

describe('meeting notes', () => {
  it('lists the caller’s notes, newest meeting first', async () => {
    const res = await post(h, other, '/api/v1/clientportal/notes/');
    expect(res.statusCode).toBe(200);
    const notes = res.json().data;
    expect(notes).toHaveLength(4);
    const dates = notes.map((n: { meeting_date: string }) => n.meeting_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await list(me)).toEqual([]);
  });

  it('stores (201), edits and deletes a note, keeping text exactly as typed', async () => {
    const body = '<script>alert(1)</script>\nSecond line';
    const created = await post(h, me, '/api/v1/clientportal/store/note/', {
      title: '  Call with Sam ',
      body,
      meeting_date: '2026-11-20',
    });
    expect(created.statusCode).toBe(201);
    const note = created.json().data;
    expect(note).toMatchObject({ title: 'Call with Sam', body, meeting_date: '2026-11-20' });

    h.clock.advance(60_000);
    const edited = await post(h, me, '/api/v1/clientportal/edit/note/', {
      id: note.id,
      title: 'Call with Sam (edited)',
      body: 'New text',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      id: note.id,
      title: 'Call with Sam (edited)',
      meeting_date: null,
    });
    expect(edited.json().data.updated_at > note.updated_at).toBe(true);
    expect(await list(me)).toHaveLength(1);

    const deleted = await post(h, me, '/api/v1/clientportal/delete/note/', { id: note.id });
    expect(deleted.json()).toEqual({ data: { id: note.id, deleted: true } });
    expect(await list(me)).toEqual([]);
  });

  it('rejects invalid input with 422 and field errors', async () => {
    const res = await post(h, me, '/api/v1/clientportal/store/note/', {
      title: '   ',
      meeting_date: '20-11-2026',
      client_id: 7,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error).sort()).toEqual(['body', 'client_id', 'meeting_date', 'title']);
    const edit = await post(h, me, '/api/v1/clientportal/edit/note/', { id: 'x', title: 'a', body: 'b' });
    expect(edit.json().error).toHaveProperty('id');
    expect((await post(h, me, '/api/v1/clientportal/delete/note/', {})).json().error.id).toEqual([
      'This field is required.',
    ]);
  });

  it('another client’s note is 404 for edit and delete, and stays unchanged', async () => {
    const [victim] = await list(other);
    const edit = await post(h, me, '/api/v1/clientportal/edit/note/', {
      id: victim.id,
      title: 'x',
      body: 'y',
    });
    expect(edit.statusCode).toBe(404);
    const del = await post(h, me, '/api/v1/clientportal/delete/note/', { id: victim.id });
    expect(del.statusCode).toBe(404);
    expect((await list(other))[0]).toEqual(victim);
  });

  it('keeps tenants apart: a client of another tenant finds none of these notes', async () => {
    const [victim] = await list(other);
    const stranger = await signIn(h, { tenant_id: BETA });
    expect(await list(stranger)).toEqual([]);
    const edit = await post(h, stranger, '/api/v1/clientportal/edit/note/', {
      id: victim.id,
      title: 'x',
      body: 'y',
    });
    expect(edit.statusCode).toBe(404);
    // Their token is refused outright for the other tenant's portal.
    const cross = await h.call('POST', '/api/v1/clientportal/notes/', { token: stranger.token, body: {} });
    expect(cross.statusCode).toBe(403);
    expect((await list(other))[0]).toEqual(victim);
  });

  it('needs a session', async () => {
    const res = await h.call('POST', '/api/v1/clientportal/notes/', { body: {} });
    expect(res.statusCode).toBe(401);
  });
});
