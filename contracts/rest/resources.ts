// The coach's library of links and files (/api/v1/coach/resources) and what a client is shared from it
// (/api/v1/resources/shared); and the app's types of them.
import type { FromSchema } from 'json-schema-to-ts';
import { list } from './client.js';
import { groupRef } from './coach.js';
import { closed, integer, nullableString, singleLine, string } from './pieces.js';

const resourceFile = {
  anyOf: [{ type: 'null' }, closed({ name: string, size: integer, type: string })],
} as const;
export const resourceFields = {
  id: integer,
  title: string,
  kind: { type: 'string', enum: ['file', 'link'] },
  url: nullableString,
  file: resourceFile,
  created_at: string,
} as const;
export const audience = {
  type: 'string',
  enum: ['client', 'company', 'group', 'all'],
  ...singleLine,
} as const;
export const resource = closed({
  ...resourceFields,
  shares: list(closed({ id: integer, audience, target_id: { type: ['integer', 'null'] }, name: string })),
});

export const library = closed({
  resources: list(resource),
  /** Whom the coach may share with. */
  audiences: closed({
    clients: list(closed({ id: integer, first_name: string, last_name: string })),
    companies: list(closed({ id: integer, name: string })),
    groups: list(groupRef),
  }),
});

/** A link or file from a coach's library, shared with the client (alone, their company, group or all). */
export const sharedResource = closed({
  ...resourceFields,
  coach: closed({ first_name: string, last_name: string }),
});

export type Library = FromSchema<typeof library>;
export type Resource = FromSchema<typeof resource>;
export type Share = Resource['shares'][number];
export type Audience = Share['audience'];
export type SharedResource = FromSchema<typeof sharedResource>;
