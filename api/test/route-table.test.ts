// The route table is the one list of what the API answers, including the multipart upload and GraphQL, and each
// handler's request type comes from its route's schema: a body, params or header type is never written by hand
// next to the schema that validates it, so the two cannot drift apart.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type * as auth from '../src/routes/auth-routes.js';
import { routeTable } from '../src/routes/index.js';
import { admins, readKeys, writeKeys } from '../src/routes/route.js';
import { tenantHeaders } from '../../contracts/rest/pieces.js';
import type * as profile from '../src/routes/profile-routes.js';
import { Harness } from './helpers/harness.js';

const src = fileURLToPath(new URL('../src', import.meta.url));
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

describe('the route table', () => {
  it("keeps the admin's calls to admins: every /api/v1/admin/ route allows that role alone", () => {
    const adminRoutes = routeTable.filter(([, url]) => url.startsWith('/api/v1/admin/'));
    for (const [method, url, spec] of adminRoutes)
      expect([method, url, spec.roles]).toEqual([method, url, admins]);
  });

  it('declares a session route through its role helper: only `anyone` and the operator are spelt out', async () => {
    // clientRoute, coachRoute, adminRoute, everyoneRoute and keyRoute set the roles, the session and the tenant
    // header once, so a route module names `roles:` only for a call made before there is a session.
    const files = (await readdir(join(src, 'routes'))).filter((file) => file.endsWith('-routes.ts'));
    const spelt: string[] = [];
    for (const file of files) {
      for (const [, roles] of (await readFile(join(src, 'routes', file), 'utf8')).matchAll(
        /^\s*roles: (.+),$/gm,
      ))
        if (roles !== "'anyone'" && roles !== 'operators') spelt.push(`${file}: ${roles}`);
    }
    expect(spelt).toEqual([]);
    // And what the helpers set is on every such route of the table: a session, and the tenant id's header.
    for (const [method, url, spec] of routeTable) {
      if ('mount' in spec || !Array.isArray(spec.roles)) continue;
      const headers = spec.schema.headers as typeof tenantHeaders | undefined;
      expect([method, url, spec.config?.auth, headers?.properties['x-tenant-id'], headers?.required]).toEqual(
        [method, url, true, tenantHeaders.properties['x-tenant-id'], expect.arrayContaining(['x-tenant-id'])],
      );
    }
    const keyRoutes = routeTable.filter(([, , spec]) => spec.roles === readKeys || spec.roles === writeKeys);
    expect(keyRoutes.map(([, url]) => url).every((url) => url.startsWith('/integration/'))).toBe(true);
  });

  it('lists every route, multipart and GraphQL included, and the app answers each', () => {
    const urls = routeTable.map(([, url]) => url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/v1/student/profilephoto/update',
        '/api/v1/student/profilephoto/:publicId',
        '/gapi',
      ]),
    );
    for (const [methods, url] of routeTable) {
      for (const method of [methods].flat())
        expect(h.app.hasRoute({ method, url }), `${method} ${url}`).toBe(true);
    }
  });

  it('types handlers from their schemas: no cast of a request or `as unknown as` in api/src', async () => {
    const files = (await readdir(src, { recursive: true })).filter((file) => file.endsWith('.ts'));
    const casts: string[] = [];
    for (const file of files) {
      const lines = (await readFile(join(src, file), 'utf8')).split('\n');
      lines.forEach((line, i) => {
        if (/request\.(body|params|query|headers)\)?\s+as\s|as unknown as/.test(line))
          casts.push(`${file}:${i + 1}`);
      });
    }
    expect(casts).toEqual([]);
    // Checked by `npm run typecheck`: the schema, not a hand-written interface, gives these types.
    expectTypeOf<Parameters<typeof auth.verifyOtp.handle>[1]['body']>().toEqualTypeOf<{
      user_id: number;
      challenge: string;
      otp: string;
      browser?: string;
    }>();
    expectTypeOf<Parameters<typeof profile.photo.handle>[1]['params']>().toEqualTypeOf<{
      publicId: string;
    }>();
  });
});
