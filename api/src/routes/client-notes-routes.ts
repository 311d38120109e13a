// Meeting notes: list, store, edit, delete. Another client's note id is a 404 and changes nothing.
import { clientRoute } from './route.js';
import { call, id, list, noBody, note } from '../../../contracts/rest/client.js';
import { noteFields } from '../../../contracts/rest/client-work.js';
import { boolean, closed, integer } from '../../../contracts/rest/pieces.js';

export const notes = clientRoute({
  schema: call(noBody, list(note)),
  async handle(s, request) {
    return { data: await s.notes.list(request.caller) };
  },
});

export const storeNote = clientRoute({
  schema: call(closed(noteFields, ['title', 'body']), note, 201),
  async handle(s, request, reply) {
    const data = await s.notes.create(request.caller, request.body);
    return reply.code(201).send({ data });
  },
});

export const editNote = clientRoute({
  schema: call(closed({ id, ...noteFields }, ['id', 'title', 'body']), note),
  async handle(s, request) {
    const { id: noteId, ...input } = request.body;
    return { data: await s.notes.update(request.caller, noteId, input) };
  },
});

export const deleteNote = clientRoute({
  schema: call(closed({ id }), closed({ id: integer, deleted: boolean })),
  async handle(s, request) {
    return { data: await s.notes.remove(request.caller, request.body.id) };
  },
});
