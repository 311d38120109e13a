// Shortcuts for the mailbox tests: a coach and their client (both signed in), GraphQL calls, uploads.
import { readdir } from 'node:fs/promises';
import type { LightMyRequestResponse } from 'fastify';
import { ALPHA } from './harness.js';
import type { Harness } from './harness.js';
import { makeCoach } from './client-work.js';
import { signIn } from './sign-in.js';
import type { Person } from './sign-in.js';
import { multipart } from './multipart.js';
import { randomKey } from '../../src/services/storage/storage.js';

/** A coach (role 2, with a coaches row) and a client of theirs, both signed in, in `tenant`. */
export async function coachAndClient(h: Harness, tenant = ALPHA, clientNames = {}) {
  const coach = await signIn(h, { tenant_id: tenant, role_id: 2, first_name: 'Cora', last_name: 'Coach' });
  const client = await signIn(h, {
    tenant_id: tenant,
    first_name: 'Cliff',
    last_name: 'Client',
    ...clientNames,
  });
  await makeCoach(h, coach.user.id, client.user.id, tenant);
  return { coach, client };
}

/** `count` unread messages from `from` to `to` written straight into the table, one a second from `start` (ms). */
export async function insertEmails(
  h: Pick<Harness, 'db'>,
  from: Pick<Person, 'user'>,
  to: Pick<Person, 'user'>,
  count: number,
  start: number,
) {
  await h.db
    .insertInto('emails')
    .values(
      Array.from({ length: count }, (_, i) => ({
        tenant_id: from.user.tenantId,
        from_user_id: from.user.id,
        to_user_id: to.user.id,
        subject: `Message ${i + 1}`,
        body: '<p>b</p>',
        read: false,
        created_at: new Date(start + i * 1000),
        updated_at: new Date(start + i * 1000),
      })),
    )
    .execute();
}

/** `count` uploads of `PNG` by `by` recorded straight into the table (no file stored), one a second from `start`. */
export async function insertUploads(
  h: Pick<Harness, 'db'>,
  by: Pick<Person, 'user'>,
  count: number,
  start: number,
) {
  await h.db
    .insertInto('mail_attachments')
    .values(
      Array.from({ length: count }, (_, i) => ({
        tenant_id: by.user.tenantId,
        uploader_id: by.user.id,
        object_key: randomKey('mail'),
        name: `scan-${i}.png`,
        size: PNG.length,
        content_type: 'image/png',
        created_at: new Date(start + i * 1000),
      })),
    )
    .execute();
}

export interface GqlAnswer {
  statusCode: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers are checked field by field
  data: any;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

export async function gql(h: Harness, as: Person, query: string, variables: object = {}): Promise<GqlAnswer> {
  const res = await h.call('POST', '/gapi', {
    tenant: as.user.tenantId,
    body: { query, variables },
    headers: { token: as.token },
  });
  const body = res.json();
  return { statusCode: res.statusCode, data: body.data, errors: body.errors };
}

export const EMAIL_FIELDS = `id parent previous from to subject body read created_at updated_at
  fromuser { id first_name last_name } touser { id first_name last_name } attachments { id name size type }`;

export const send = (h: Harness, as: Person, input: Record<string, unknown>) =>
  gql(
    h,
    as,
    `mutation ($u: Int!, $s: String!, $b: String!, $p: Int, $a: [Int!]) {
      sendEmail(user_id: $u, subject: $s, body: $b, previous: $p, attachments: $a) { ${EMAIL_FIELDS} } }`,
    {
      u: as.user.id,
      s: input.subject ?? 'Hello',
      b: input.body ?? '<p>Hi</p>',
      p: input.previous,
      a: input.attachments,
    },
  );

export const listEmails = (h: Harness, as: Person, args: Record<string, unknown> = {}) =>
  gql(
    h,
    as,
    `query ($u: Int!, $f: Folder, $t: Int, $l: Int, $o: Int) {
      emails(user_id: $u, folder: $f, thread: $t, limit: $l, offset: $o) { total next_offset items { ${EMAIL_FIELDS} } } }`,
    { u: as.user.id, f: args.folder, t: args.thread, l: args.limit, o: args.offset },
  );

export function uploadFile(
  h: Harness,
  as: Person,
  file: { name: string; bytes: Buffer; type?: string },
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipart({
    file: { name: file.name, type: file.type ?? 'application/octet-stream', bytes: file.bytes },
  });
  return h.app.inject({
    method: 'POST',
    url: '/upload/mail',
    headers: {
      'x-tenant-id': String(as.user.tenantId),
      authorization: `Bearer ${as.token}`,
      'content-type': contentType,
    },
    payload,
  });
}

export const download = (h: Harness, as: Person, id: number) =>
  h.call('GET', `/api/v1/mail/attachments/${id}`, { tenant: as.user.tenantId, token: as.token });

/** A real 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The files in the app's private storage folder (keys `area/hex`). */
export const storedFiles = async (h: Harness) =>
  (await readdir(h.storageDir, { recursive: true })).filter((f) => f.includes('/') && !f.endsWith('.part'));

/** A file of `size` bytes that file-type reads as a PDF. */
export const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);

/** Files every upload refuses, with the start of the reason: type spoofing, script in SVG, empty, too large. */
export const refusedFiles = (): [string, Buffer, string][] => [
  ['shell.jpg', Buffer.from('<?php system($_GET["c"]); ?>'), 'This type of file is not accepted.'],
  [
    'logo.png',
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    'SVG images are not accepted because they can contain scripts.',
  ],
  ['empty.pdf', Buffer.alloc(0), 'The file is empty.'],
  ['big.pdf', pdf(26 * 1024 * 1024), 'A file must be at most 25 MB.'],
];
