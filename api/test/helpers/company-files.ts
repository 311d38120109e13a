// Shortcuts for the company-files tests: a company with signed-in clients, and the five calls.
import type { LightMyRequestResponse } from 'fastify';
import { ALPHA } from './harness.js';
import type { Harness } from './harness.js';
import { signIn } from './sign-in.js';
import type { Person } from './sign-in.js';
import { multipart } from './multipart.js';
import type { Field } from './multipart.js';

export interface Member extends Person {
  companyId: number;
}

let companyCounter = 0;

/** A new company of `tenant` with `count` signed-in clients in it. */
export async function company(h: Harness, tenant = ALPHA, count = 1): Promise<Member[]> {
  const row = await h.db
    .insertInto('companies')
    .values({
      tenant_id: tenant,
      name: `Company ${++companyCounter} ${Math.random()}`,
      website: null,
      industry: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const members: Member[] = [];
  for (let i = 0; i < count; i++) {
    const { user, token } = await signIn(h, { tenant_id: tenant, company_id: row.id });
    members.push({ user, token, companyId: row.id });
  }
  return members;
}

type Part = string | { name: string; type?: string; bytes: Buffer };

/** POST newcoachfile (or `url`) with these form fields; a field given a list is repeated (files). */
export function sendFiles(
  h: Harness,
  as: Person,
  fields: Record<string, Part | Part[]>,
  url = '/api/v1/companies/newcoachfile/',
) {
  const { payload, contentType } = multipart(
    Object.entries(fields).flatMap(([name, value]) =>
      [value]
        .flat()
        .map((v): [string, Field] => [
          name,
          typeof v === 'string' ? v : { type: 'application/octet-stream', ...v },
        ]),
    ),
  );
  return h.app.inject({
    method: 'POST',
    url,
    headers: {
      'x-tenant-id': String(as.user.tenantId),
      authorization: `Bearer ${as.token}`,
      'content-type': contentType,
    },
    payload,
  });
}

export const listFiles = (h: Harness, as: Person, companyId: number): Promise<LightMyRequestResponse> =>
  h.call('GET', `/api/v1/companies/files/${companyId}`, { tenant: as.user.tenantId, token: as.token });

export const updateFile = (h: Harness, as: Person, body: object) =>
  h.call('POST', '/api/v1/companies/updatefile/', { tenant: as.user.tenantId, token: as.token, body });

export const deleteFile = (h: Harness, as: Person, body: object) =>
  h.call('POST', '/api/v1/companies/deletefile/', { tenant: as.user.tenantId, token: as.token, body });

export const downloadFile = (h: Harness, as: Person, companyId: number, fileId: number) =>
  h.call('GET', `/api/v1/companies/files/${companyId}/download/${fileId}`, {
    tenant: as.user.tenantId,
    token: as.token,
  });

/** The company a person belongs to (a demo client's). */
export const companyOf = async (h: Harness, who: Person) =>
  (
    await h.db
      .selectFrom('users')
      .select('company_id')
      .where('id', '=', who.user.id)
      .executeTakeFirstOrThrow()
  ).company_id!;
