// Generated from flags.schema.json by `npm run contracts:types`: edit the schema, not this file.
import type { FromSchema } from 'json-schema-to-ts';

const flags = {
  type: 'object',
  additionalProperties: false,
  properties: {
    group_coaching: {
      type: 'boolean',
      default: false,
      title: 'Group coaching',
      description: 'Shows My Groups and makes /groups the home page.',
    },
    flash_coaching: {
      type: 'boolean',
      default: false,
      title: 'Flash coaching',
      description: 'Shows My Lessons.',
    },
    business_academy: {
      type: 'boolean',
      default: false,
      title: 'The Business Academy',
      description: 'Shows Business Academy and allows its route.',
    },
    booking: {
      type: 'boolean',
      default: false,
      title: 'Booking',
      description:
        "Shows Book a session: the client books, moves and cancels meetings in their coach's free time.",
    },
  },
} as const;

/** The training flags (flags.schema.json): each flag with its title, description and default. */
export const flagsSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://schemas.portal.local/flags.schema.json',
  $defs: {
    flags: { ...flags },
    filledFlags: {
      ...flags,
      type: 'object',
      required: ['group_coaching', 'flash_coaching', 'business_academy', 'booking'],
    },
  },
} as const;

/** Every training flag, set: a user's trainings, a baked config's defaultFlags. */
export type Flags = FromSchema<typeof flagsSchema.$defs.filledFlags>;
