// Generated from portal-config.schema.json by `npm run schemas:types`: edit the schema, not this file.
import type { FromSchema } from 'json-schema-to-ts';
import { flagsSchema } from './flags.js';

/** The config `portal build` bakes into each page (portal-config.schema.json). */
export const portalConfigSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://schemas.portal.local/portal-config.schema.json',
  title: 'Baked portal config',
  description:
    "The tenant's config that `portal build` writes into index.html as <script type=\"application/json\" id=\"portal-config\"> and the app reads at start (app/src/boot/config.ts). The CLI checks every page against this schema before writing it; the app checks each field's type when reading and falls back to its default (schemas/tenant-defaults.json for the tenant fields) where one does not conform. Each field means what its source in tenant.schema.json means (tenantId is tenant.json's id, sent as X-Tenant-Id); version is the build's, compared with /meta.json; environment is 'development' only under `npm run dev`. Field descriptions live in the top description only: the app bundles the properties.",
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
