// Generated from user.schema.json by `npm run contracts:types`: edit the schema, not this file.
import type { FromSchema } from 'json-schema-to-ts';
import { flagsSchema } from './flags.js';

/** The logged-in user of SPEC §3 (user.schema.json). */
export const userSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://schemas.portal.local/user.schema.json',
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'first_name',
    'last_name',
    'email',
    'company',
    'company_id',
    'website',
    'role_id',
    'profile_pic',
    'title',
    'location',
    'time_zone',
    'phone_number',
    'birthday',
    'facebook',
    'twitter',
    'linkedin',
    'trainings',
    'access_token',
    'pas_token',
  ],
  properties: {
    id: { type: 'integer', minimum: 1 },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    email: { type: 'string' },
    company: { type: ['string', 'null'] },
    company_id: { type: ['integer', 'null'] },
    website: { type: ['string', 'null'] },
    role_id: { type: 'integer', description: '1 is an admin (SPEC §4).' },
    profile_pic: { type: ['string', 'null'] },
    title: { type: ['string', 'null'] },
    location: { type: ['string', 'null'] },
    time_zone: { type: ['string', 'null'] },
    phone_number: { type: ['string', 'null'] },
    birthday: { type: ['string', 'null'] },
    facebook: { type: ['string', 'null'] },
    twitter: { type: ['string', 'null'] },
    linkedin: { type: ['string', 'null'] },
    trainings: {
      ...flagsSchema.$defs.filledFlags,
      description:
        "The training flags of flags.schema.json, each filled in from the tenant's defaultFlags when the user has none.",
    },
    access_token: { type: 'string', minLength: 1 },
    pas_token: {
      type: 'string',
      description: 'Equals access_token: the app compares them to detect a tampered stored session.',
    },
  },
} as const;

/** The logged-in user of SPEC §3. */
export type User = FromSchema<typeof userSchema>;
