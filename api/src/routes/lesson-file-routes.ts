// Files uploaded to a lesson: the coach uploads resources and the lesson's video to their own lesson, renames
// and deletes them; a client downloads a file, or plays the video, of a lesson open to them (anything else is
// a 404). Downloads answer HTTP ranges. The video element cannot send the bearer token, so it plays from a
// ticket's address, which the client asks for with its token first.
import { ATTACHMENT_MAX_BYTES, TOO_LARGE } from '../services/mailbox/attachment-type.js';
import { VIDEO_MAX_BYTES, VIDEO_TOO_LARGE } from '../services/lesson-files/lesson-files-service.js';
import { id, text } from '../../../contracts/rest/client.js';
import { clientRoute, coachRoute, route } from './route.js';
import { closed, integer, line, ok, string } from '../../../contracts/rest/pieces.js';
import { oneFileLimits, sendRanges, withUpload } from './streamed-file.js';

const uploaded = closed({
  id: integer,
  kind: { type: 'string', enum: ['file', 'video'] },
  name: string,
  size: integer,
  type: string,
});

/** The upload of one file of `kind` (its form field is named so too), within its size limit. */
const uploadOf = (kind: 'file' | 'video', maxBytes: number, tooLarge: string) =>
  coachRoute({
    schema: { params: closed({ id }), response: { 201: closed({ data: uploaded }) } },
    limited: true,
    multipart: oneFileLimits(maxBytes),
    async handle(s, request, reply) {
      const data = await withUpload(request, kind, tooLarge, (upload) =>
        s.lessonFiles.upload(request.caller, request.params.id, kind, upload),
      );
      return reply.code(201).send({ data });
    },
  });

export const uploadLessonFile = uploadOf('file', ATTACHMENT_MAX_BYTES, TOO_LARGE);
export const uploadLessonVideo = uploadOf('video', VIDEO_MAX_BYTES, VIDEO_TOO_LARGE);

const fileParams = closed({ id, fileId: id });

export const renameLessonFile = coachRoute({
  schema: {
    params: fileParams,
    body: closed({ name: text(200) }),
    response: ok(uploaded),
  },
  async handle(s, request) {
    const { id: lessonId, fileId } = request.params;
    return { data: await s.lessonFiles.rename(request.caller, lessonId, fileId, request.body.name) };
  },
});

export const deleteLessonFile = coachRoute({
  schema: { params: fileParams, response: ok(closed({ id: integer })) },
  async handle(s, request) {
    const { id: lessonId, fileId } = request.params;
    return { data: await s.lessonFiles.remove(request.caller, lessonId, fileId) };
  },
});

export const coachLessonFile = coachRoute({
  schema: { params: fileParams },
  async handle(s, request, reply) {
    const { id: lessonId, fileId } = request.params;
    return sendRanges(request, reply, await s.lessonFiles.coachFile(request.caller, lessonId, fileId));
  },
});

export const lessonFile = clientRoute({
  schema: { params: closed({ id }) },
  async handle(s, request, reply) {
    return sendRanges(request, reply, await s.lessonFiles.download(request.caller, request.params.id));
  },
});

export const lessonFileTicket = clientRoute({
  schema: {
    params: closed({ id }),
    response: ok(closed({ url: string, expires_at: string })),
  },
  async handle(s, request) {
    const { token, expires_at } = await s.lessonFiles.ticket(request.caller, request.params.id);
    return { data: { url: `/api/v1/lesson-files/play/${token}`, expires_at } };
  },
});

export const playLessonFile = route({
  // The ticket is the credential: a random token of one member's live session, checked with the lesson's rule.
  roles: 'anyone',
  schema: { params: closed({ token: line(43, { pattern: '^[A-Za-z0-9_-]{43}$' }) }) },
  async handle(s, request, reply) {
    const file = await s.lessonFiles.played(request.params.token);
    // The app plays it from its own origin: the video element's request is cross-origin.
    reply.header('cross-origin-resource-policy', 'cross-origin');
    return sendRanges(request, reply, file);
  },
});
