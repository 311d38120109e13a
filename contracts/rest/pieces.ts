// JSON Schema pieces shared by the routes. Every object is closed (additionalProperties: false) and ajv is
// configured not to strip extras, so an unknown field is a 422, never silently accepted: nobody can slip
// role_id, company_id, flags or pas_token into a body. The pieces keep their literal types (`const` type
// parameters), so each handler's request type is derived from its schema (route.ts) instead of written twice.
import type { JSONSchema } from 'json-schema-to-ts';
import { userSchema } from '../user.js';

export const nullableString = { type: ['string', 'null'] } as const;
// The plain types of an answer's fields (an answer is ours: no length or plain-text rule to check).
export const integer = { type: 'integer' } as const;
export const string = { type: 'string' } as const;
export const boolean = { type: 'boolean' } as const;

// What a request's string may hold (see plain-text.ts): every string schema of a request carries one of these.
export const singleLine = { plainText: 'single-line' } as const;
export const multiLine = { plainText: 'multi-line' } as const;

type Extra = Readonly<Record<string, unknown>>;

/** A one-line string of at most maxLength characters. */
export const line = <const E extends Extra = Record<never, never>>(maxLength: number, extra?: E) =>
  ({ type: 'string', maxLength, ...singleLine, ...extra }) as const;

/** A one-line string of at most maxLength characters, or null. */
export const optionalLine = <const E extends Extra = Record<never, never>>(maxLength: number, extra?: E) =>
  ({ type: ['string', 'null'], maxLength, ...singleLine, ...extra }) as const;

export const tenantHeaders = {
  type: 'object',
  required: ['x-tenant-id'],
  properties: { 'x-tenant-id': { type: 'string', pattern: '^[1-9][0-9]{0,8}$', ...singleLine } },
} as const;

type Properties = Readonly<Record<string, JSONSchema>>;
type Closed<P extends Properties, R extends readonly string[]> = {
  readonly type: 'object';
  readonly additionalProperties: false;
  readonly required: R;
  readonly properties: P;
};

/** An object with exactly these properties; all of them required unless `required` names some. */
export function closed<const P extends Properties>(properties: P): Closed<P, readonly (keyof P & string)[]>;
export function closed<const P extends Properties, const R extends readonly (keyof P & string)[]>(
  properties: P,
  required: R,
): Closed<P, R>;
export function closed(properties: Properties, required: readonly string[] = Object.keys(properties)) {
  return { type: 'object', additionalProperties: false, required, properties };
}

export const email = line(254, { format: 'email' });
/** An http(s) address a person typed (a meeting, recording or shared link). */
export const webLink = (max: number) => line(max, { minLength: 1, pattern: '^https?://\\S+$' });
export const newPassword = line(128, { minLength: 8 });
export const opaque = line(128, { minLength: 1 });
export const label = line(200);
export const userId = { type: 'integer', minimum: 1 } as const;

// The user's fields are the shared schema's (contracts/user.schema.json), so the answer and the app cannot drift.
const { access_token: _access, pas_token: _pas, ...profileProperties } = userSchema.properties;
export const profile = closed(profileProperties);
export const sessionUser = closed(userSchema.properties);

/** The 200 answer of calls that sign in and also trust the device (verifyOTP, fbslogin). */
export const signedIn = closed({
  data: sessionUser,
  device_token: string,
  device_expires_at: { type: 'string', format: 'date-time' },
});

export const ok = <const D extends JSONSchema, const X extends Properties = Record<never, never>>(
  data: D,
  extra?: X,
) => ({
  // `extra` as X, not X | undefined: spread from an optional parameter, its fields would be optional in the type
  // (FromSchema would not require them), though the schema requires every one.
  200: closed({ data, ...(extra ?? ({} as X)) }),
});
