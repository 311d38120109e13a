// Generated from portal-config.schema.json by `npm run contracts:types`: edit the schema, not this file.
import type { FromSchema } from 'json-schema-to-ts';
import { flagsSchema } from './flags.js';
import { footer } from './tenant.js';

/** The config `portal build` bakes into each page (portal-config.schema.json). */
export const portalConfigSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://schemas.portal.local/portal-config.schema.json',
  type: 'object',
  additionalProperties: false,
  required: [
    'tenantId',
    'version',
    'name',
    'domain',
    'apiUrl',
    'themeUrl',
    'hashidsSalt',
    'footer',
    'defaultFlags',
    'integrations',
    'environment',
  ],
  properties: {
    tenantId: { type: 'integer', minimum: 1 },
    version: { type: 'string', minLength: 1 },
    name: { type: 'string', minLength: 1 },
    domain: { type: 'string', minLength: 1 },
    apiUrl: { type: 'string', minLength: 1 },
    themeUrl: { type: 'string', minLength: 1 },
    hashidsSalt: { type: 'string', minLength: 1 },
    footer: { ...footer },
    defaultFlags: { ...flagsSchema.$defs.filledFlags },
    integrations: {
      type: 'object',
      additionalProperties: false,
      required: [
        'analyticsContainerId',
        'analyticsConsent',
        'captchaSiteKey',
        'stripePublishableKey',
        'avatarService',
      ],
      properties: {
        analyticsContainerId: { type: ['string', 'null'], minLength: 1 },
        analyticsConsent: { enum: ['required', 'implied'] },
        captchaSiteKey: { type: ['string', 'null'], minLength: 1 },
        stripePublishableKey: { type: ['string', 'null'], minLength: 1 },
        avatarService: { type: 'boolean' },
      },
    },
    environment: { enum: ['production', 'development'] },
  },
} as const;

/** The baked config, every field filled. */
export type PortalConfig = FromSchema<typeof portalConfigSchema>;
