// Generated from flags.schema.json by `npm run schemas:types`: edit the schema, not this file.
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
  },
} as const;

/** The training flags (flags.schema.json): each flag with its title, description and default. */
export const flagsSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://schemas.portal.local/flags.schema.json',
  title: 'Training flags',
  description:
    "The one list of training flags (SPEC §6). Each property is a flag: its name, what it opens (title, the training's name in the app's and the API's refusals), what it does (description) and its default for a tenant that does not set it. tenant.json's defaultFlags, the baked config's defaultFlags and the user's trainings refer here; the API stores, merges and serves exactly these, the app reads exactly these. A new flag is a property here and its name in filledFlags.required, then `npm run schemas:types`.",
  $defs: {
    flags: { ...flags },
    filledFlags: {
      ...flags,
      type: 'object',
      required: ['group_coaching', 'flash_coaching', 'business_academy'],
    },
  },
} as const;

/** Every training flag, set: a user's trainings, a baked config's defaultFlags. */
export type Flags = FromSchema<typeof flagsSchema.$defs.filledFlags>;
