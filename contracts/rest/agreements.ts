// Coaching agreements: the client's Agreement page, their signature, the coach's view of a client's,
// the editor an admin (the tenant's) or a coach (their own) publishes versions from, and the integration API's
// list. `body_html` is rich text cut to contracts/rich-text.ts; `text_sha256` is the hex sha256 of it (UTF-8).
import type { FromSchema } from 'json-schema-to-ts';
import { dateTime, id, list, text } from './client.js';
import { boolean, closed, integer, multiLine, string } from './pieces.js';

/** The `reason` of the 403 a door answers while the client has not signed: the app links to the Agreement page. */
export const AGREEMENT_REQUIRED = 'agreement_required';

const sha256 = { type: 'string', pattern: '^[0-9a-f]{64}$' } as const;

export const agreementVersion = closed({
  version_id: integer,
  agreement_id: integer,
  version: integer,
  title: string,
  body_html: string,
  text_sha256: string,
  published_at: dateTime,
  /** The client's coach's own agreement (true), or the tenant's. */
  own_coach: boolean,
});

export const signature = closed({ id: integer, typed_name: string, signed_at: dateTime });
const nullableSignature = { anyOf: [signature, { type: 'null' }] } as const;

/** One agreement that applies to the client, and their signature of its current version (null: to sign). */
export const clientAgreement = closed({ ...agreementVersion.properties, signature: nullableSignature });
export const clientAgreements = list(clientAgreement);

export const signInput = closed({
  version_id: id,
  typed_name: text(200),
  agreed: boolean,
  /** The hash of the text the client read: a text published meanwhile is a 409, never signed unread. */
  text_sha256: { ...sha256, plainText: 'single-line' },
});

export const coachClientAgreement = closed({
  agreement: { anyOf: [agreementVersion, { type: 'null' }] },
  signature: nullableSignature,
});

export const agreementEditor = closed({
  /** tenant: an admin's, every coach's clients sign it unless their coach has their own; coach: the coach's. */
  scope: { type: 'string', enum: ['tenant', 'coach'] },
  current: { anyOf: [agreementVersion, { type: 'null' }] },
  /** A coach without their own: the tenant's, which their clients sign meanwhile. */
  inherited: { anyOf: [agreementVersion, { type: 'null' }] },
  versions: list(closed({ id: integer, version: integer, title: string, published_at: dateTime })),
});

export const newVersion = closed({
  title: text(200),
  body_html: { type: 'string', minLength: 1, maxLength: 100_000, ...multiLine },
});

/** The integration API's row: a client's signature of a version. */
export const signatureRow = closed({
  id: integer,
  client_id: integer,
  agreement_id: integer,
  version: integer,
  typed_name: string,
  signed_at: dateTime,
  ip_address: string,
  user_agent: string,
  text_sha256: string,
});

export type ClientAgreement = FromSchema<typeof clientAgreement>;
export type AgreementEditor = FromSchema<typeof agreementEditor>;
export type CoachClientAgreement = FromSchema<typeof coachClientAgreement>;
