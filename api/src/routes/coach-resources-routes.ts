// The coach's library of links and files shared with clients, companies, groups or all their clients. Only
// the coach's own resources and audiences: anything else is a 404.
import { FieldError } from '../errors.js';
import { id } from '../../../contracts/rest/client.js';
import { readSending, sendingLimits } from './file-sending.js';
import { sendPrivateFile } from './private-file.js';
import { audience, library, resource } from '../../../contracts/rest/resources.js';
import { newLink } from '../../../contracts/rest/coach-inputs.js';
import { coachRoute } from './route.js';
import { closed, integer, ok } from '../../../contracts/rest/pieces.js';

export const coachLibrary = coachRoute({
  schema: {
    response: ok(library),
  },
  async handle(s, request) {
    return { data: await s.resources.library(request.caller) };
  },
});

export const addLink = coachRoute({
  schema: {
    body: newLink,
    response: { 201: closed({ data: resource }) },
  },
  limited: true,
  async handle(s, request, reply) {
    return reply.code(201).send({ data: await s.resources.addLink(request.caller, request.body) });
  },
});

export const addFile = coachRoute({
  schema: { response: { 201: closed({ data: resource }) } },
  limited: true,
  multipart: sendingLimits(1),
  async handle(s, request, reply) {
    const { description, files } = await readSending(request, null);
    const [file, ...more] = files;
    if (!file) throw new FieldError({ files: ['Choose a file.'] });
    if (more.length > 0) throw new FieldError({ files: ['Add one file at a time.'] });
    if (description.length > 200)
      throw new FieldError({ description: ['Keep the title to 200 characters.'] });
    const data = await s.resources.addFile(request.caller, { title: description, file });
    return reply.code(201).send({ data });
  },
});

export const shareResource = coachRoute({
  schema: {
    params: closed({ id }),
    body: closed({ audience, target_id: id }, ['audience']),
    response: ok(resource),
  },
  limited: true,
  async handle(s, request) {
    return { data: await s.resources.share(request.caller, request.params.id, request.body) };
  },
});

export const unshareResource = coachRoute({
  schema: { params: closed({ id, shareId: id }), response: ok(resource) },
  async handle(s, request) {
    const { id: resourceId, shareId } = request.params;
    return { data: await s.resources.unshare(request.caller, resourceId, shareId) };
  },
});

export const deleteResource = coachRoute({
  schema: { params: closed({ id }), response: ok(closed({ id: integer })) },
  async handle(s, request) {
    return { data: await s.resources.remove(request.caller, request.params.id) };
  },
});

export const downloadResource = coachRoute({
  schema: { params: closed({ id }) },
  async handle(s, request, reply) {
    return sendPrivateFile(reply, await s.resources.download(request.caller, request.params.id));
  },
});
