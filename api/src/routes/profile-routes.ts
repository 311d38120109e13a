// /profile, /coachprofile, the profile picture and the crash screen's error report.
import { FieldError, HttpError } from '../errors.js';
import { PHOTO_MAX_BYTES } from '../services/profile/profile-service.js';
import { extensionOf, imageTypeOf } from '../services/profile/image-type.js';
import { clientRoute, route } from './route.js';
import { profileDetails, socialLinks } from '../../../contracts/rest/profile.js';
import { errorReportBody } from '../../../contracts/rest/support.js';
import {
  boolean,
  closed,
  integer,
  string,
  line,
  nullableString,
  ok,
  profile,
  tenantHeaders,
  userId,
} from '../../../contracts/rest/pieces.js';

const params = closed({ id: userId });

export const updateDetails = clientRoute({
  schema: {
    params,
    body: profileDetails,
    response: ok(profile),
  },
  async handle(s, request) {
    return { data: await s.profile.updateDetails(request.caller, request.params.id, request.body) };
  },
});

export const updateSocial = clientRoute({
  schema: {
    params,
    body: socialLinks,
    response: ok(profile),
  },
  async handle(s, request) {
    return { data: await s.profile.updateSocial(request.caller, request.params.id, request.body) };
  },
});

export const coachProfile = clientRoute({
  schema: {
    body: closed({ company_id: { type: ['integer', 'null'] }, client_id: userId }, ['client_id']),
    response: ok({
      anyOf: [
        { type: 'null' },
        closed({
          id: integer,
          first_name: string,
          last_name: string,
          email: string,
          phone_number: nullableString,
          title: nullableString,
          website: nullableString,
          location: nullableString,
          time_zone: nullableString,
          profile_pic: nullableString,
          linkedin: nullableString,
          facebook: nullableString,
          twitter: nullableString,
          company: nullableString,
          bio: string,
          specialties: string,
          certifications: string,
          years_experience: integer,
          booking_url: nullableString,
        }),
      ],
    }),
  },
  async handle(s, request) {
    return { data: await s.profile.coach(request.caller, request.body) };
  },
});

/**
 * The crash screen's report (SPEC §3 "Error report"): stored for the support team with the tenant and request id
 * (error-report-service.ts); it may come from a signed-out page, so no token is needed, and the per-IP flood
 * guard applies.
 */
export const errorReport = route({
  roles: 'anyone',
  schema: {
    headers: tenantHeaders,
    body: errorReportBody,
    response: { 201: closed({ data: closed({ received: boolean }) }) },
  },
  config: { tenant: true },
  limited: true,
  async handle(s, request, reply) {
    const tenant = request.tenant.id;
    const id = await s.errorReports.store(request.body, {
      tenantId: tenant,
      requestId: request.id,
      ip: request.ip,
    });
    request.log.warn({ tenant, report_id: id }, 'client error report');
    return reply.code(201).send({ data: { received: true } });
  },
});

/**
 * POST /api/v1/student/profilephoto/update (multipart: id, file) and GET /api/v1/student/profilephoto/{public
 * id}. The GET needs no token because an <img> cannot send one: the id is random per upload. The picture goes
 * back with the type read from its bytes, as an attachment, with nosniff and a CSP that forbids everything, so
 * even a polyglot file cannot become a page on the API's origin.
 */
export const updatePhoto = clientRoute({
  schema: { response: ok(profile) },
  multipart: { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 2, parts: 3 } },
  async handle(s, request) {
    let id: number | null = null;
    let bytes: Buffer | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file')
          throw new FieldError({ file: ['Send the picture in the "file" field.'] });
        bytes = await part.toBuffer().catch((error: { code?: string }) => {
          if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new FieldError({ file: ['The picture must be at most 5 MB.'] });
          }
          throw error;
        });
      } else if (part.fieldname === 'id') {
        id = Number(part.value);
      } else {
        throw new FieldError({ [part.fieldname]: ['This field is not allowed.'] });
      }
    }
    if (!id || !Number.isSafeInteger(id)) throw new FieldError({ id: ['Send your user id.'] });
    if (!bytes) throw new FieldError({ file: ['Choose a picture.'] });
    return { data: await s.profile.updatePhoto(request.caller, id, bytes) };
  },
});

export const photo = route({
  roles: 'anyone',
  schema: { params: closed({ publicId: line(22, { pattern: '^[A-Za-z0-9_-]{22}$' }) }) },
  async handle(s, request, reply) {
    const found = await s.profile.photo(request.params.publicId);
    const type = found ? imageTypeOf(found.bytes) : null;
    if (!found || !type) throw new HttpError(404, 'Not found.');
    return reply
      .type(type)
      .header('content-disposition', `attachment; filename="profile-picture.${extensionOf(type)}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(Buffer.from(found.bytes));
  },
});
