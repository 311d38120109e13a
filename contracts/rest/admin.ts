// JSON Schemas of the tenant admin's calls. The flags come from flags.schema.json's list, so a new flag needs no
// change here; every body is closed like the others, and ids are bounded to PostgreSQL's integer.
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { FLAG_NAMES } from '../training-flags.js';
import type { FlagName } from '../training-flags.js';
import { dateTime, id, list, text } from './client.js';
import { boolean, closed, email, integer, line, nullableString, singleLine, string } from './pieces.js';

const flagObject = <const T>(value: T) =>
  ({
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(FLAG_NAMES.map((flag) => [flag, value])) as Record<FlagName, T>,
  }) as const;

const nullableId = { ...id, type: ['integer', 'null'] } as const;
const nullableDate = { type: ['string', 'null'], format: 'date-time' } as const;

export const personStatus = {
  type: 'string',
  enum: ['active', 'pending', 'deactivated'],
  ...singleLine,
} as const;
export const roleName = { type: 'string', enum: ['client', 'coach', 'admin'], ...singleLine } as const;

/** The fields an admin may set; `flags` null: the tenant's default. */
export const personFields = {
  email,
  first_name: line(100),
  last_name: line(100),
  role_id: { type: 'integer', enum: [1, 2, 3] },
  company_id: nullableId,
  time_zone: { type: ['string', 'null'], maxLength: 64, ...singleLine },
  flags: flagObject({ type: ['boolean', 'null'] } as const),
  coach_id: nullableId,
} as const;

export const person = closed({
  id: integer,
  email: string,
  first_name: string,
  last_name: string,
  role_id: integer,
  role: roleName,
  company_id: { type: ['integer', 'null'] },
  company: nullableString,
  time_zone: nullableString,
  flags: flagObject({ type: ['boolean', 'null'] } as const),
  effective_flags: flagObject(boolean),
  coach_id: { type: ['integer', 'null'] },
  coach_name: nullableString,
  status: personStatus,
  invitation: {
    anyOf: [closed({ sent_at: dateTime, expires_at: dateTime, expired: boolean }), { type: 'null' }],
  },
  /** A change of the login email waiting for the new address to confirm it (the email above stays until then). */
  email_change: {
    anyOf: [
      closed({
        email: string,
        requested_at: dateTime,
        expires_at: dateTime,
        expired: boolean,
      }),
      { type: 'null' },
    ],
  },
  deactivated_at: nullableDate,
  created_at: dateTime,
  updated_at: dateTime,
});

export const company = closed({
  id: integer,
  name: string,
  website: nullableString,
  industry: nullableString,
  people: integer,
});

export const auditEntry = closed({
  id: integer,
  at: dateTime,
  actor_user_id: { type: ['integer', 'null'] },
  actor_key_id: { type: ['integer', 'null'] },
  actor_name: string,
  action: string,
  subject_type: string,
  subject_id: integer,
  person_id: { type: ['integer', 'null'] },
  person_name: nullableString,
  summary: string,
  before: { type: ['object', 'null'], additionalProperties: true },
  after: { type: ['object', 'null'], additionalProperties: true },
});

/** A new person (`invite` mails the invitation) and a change of one (only the fields sent change). */
export const newPerson = closed({ ...personFields, invite: boolean }, ['email', 'first_name', 'last_name']);
export const personChange = closed(personFields, []);

export const paging = {
  page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
  per_page: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
} as const;

/** A page of a list: its rows, how many there are in all, and which page this is. */
export const page = <const I extends JSONSchema>(item: I) => ({
  200: closed({
    data: list(item),
    total: integer,
    page: integer,
    per_page: integer,
  }),
});

export const peoplePage = page(person);
export const auditPage = page(auditEntry);

export const idList = { type: 'array', items: id, minItems: 1, maxItems: 1000 } as const;

/** An API key as listed (never the key itself: it is shown once, when made). */
export const keyScope = { type: 'string', enum: ['read', 'read-write'], ...singleLine } as const;

export const newKey = closed({ name: text(100), scope: keyScope });

/** The key made: `key` is the whole key, in this answer and nowhere else. */
export const madeKey = closed({
  id: integer,
  key: string,
  prefix: string,
  name: string,
  scope: keyScope,
  created_at: string,
});

export const apiKey = closed({
  id: integer,
  name: string,
  scope: keyScope,
  prefix: string,
  /** Why a key does not work: revoked, or its maker deactivated or no longer an admin. */
  status: { type: 'string', enum: ['active', 'revoked', 'maker_deactivated', 'maker_not_admin'] },
  created_by: string,
  created_by_id: integer,
  created_at: string,
  last_used_at: nullableString,
  revoked_at: nullableString,
});

// The types the app's admin screens read, derived from the answers above.
export type Person = FromSchema<typeof person>;
export type PersonRole = Person['role'];
export type PersonStatus = Person['status'];
/** What the person form sends: every field (invite only with a new person). */
export type PersonInput = Required<Omit<FromSchema<typeof newPerson>, 'invite'>>;
export type PeoplePage = FromSchema<(typeof peoplePage)[200]>;
export type Company = FromSchema<typeof company>;
export type AuditEntry = FromSchema<typeof auditEntry>;
export type AuditPage = FromSchema<(typeof auditPage)[200]>;
export type NewKey = FromSchema<typeof newKey>;
export type MadeKey = FromSchema<typeof madeKey>;
export type ApiKey = FromSchema<typeof apiKey>;
export type KeyScope = ApiKey['scope'];
