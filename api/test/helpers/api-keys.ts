// The integration API's callers in tests: an admin's new key, and a call made with a key (never a session).
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Harness } from './harness.js';

/** A key the signed-in admin (their session token and tenant) makes: the answer is its one showing. */
export async function makeApiKey(
  h: Harness,
  admin: { token: string; tenantId: number },
  scope: 'read' | 'read-write' = 'read-write',
  name = 'CRM',
) {
  const res = await h.call('POST', '/api/v1/admin/api-keys', {
    tenant: admin.tenantId,
    token: admin.token,
    body: { name, scope },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; key: string; prefix: string };
}

/** A call of the integration API with a key (and, to show they are ignored, any other headers). */
export const keyCall = (
  app: FastifyInstance,
  key: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}`, ...headers },
    ...(body !== undefined && { payload: body as object }),
  });
