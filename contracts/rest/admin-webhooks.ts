// The tenant admin's webhooks out (/api/v1/admin/webhooks): an endpoint, its events ('all', or the chosen types
// of contracts/events.ts), the one answer that shows its secret, and its deliveries; and the app's types of them.
import type { FromSchema } from 'json-schema-to-ts';
import { EVENT_TYPES } from '../events.js';
import { dateTime, list } from './client.js';
import { boolean, closed, integer, line, nullableString, singleLine, string } from './pieces.js';

export const events = {
  anyOf: [
    { type: 'string', const: 'all', ...singleLine },
    {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'string', enum: EVENT_TYPES, ...singleLine },
    },
  ],
  mismatch: 'Choose all events or at least one.',
} as const;

export const newWebhook = closed({ url: line(2000, { minLength: 1, pattern: '^\\S+$' }), events });
/** Its events, or enabled / disabled: at least one of them. */
export const webhookChange = { ...closed({ events, enabled: boolean }, []), minProperties: 1 } as const;

export const endpoint = closed({
  id: integer,
  url: string,
  events,
  enabled: boolean,
  created_at: dateTime,
  secret_rotated_at: { type: ['string', 'null'], format: 'date-time' },
  // After a rotation, until when the old secret signs too (null: it no longer does).
  old_secret_expires_at: { type: ['string', 'null'], format: 'date-time' },
});

/** The answer of the calls that make a secret (add, rotate): the one time it is shown. */
export const withSecret = closed({ endpoint, secret: string });

export const delivery = closed({
  id: integer,
  event_id: string,
  type: string,
  status: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
  attempts: integer,
  last_status_code: { type: ['integer', 'null'] },
  last_error: nullableString,
  last_attempt_at: { type: ['string', 'null'], format: 'date-time' },
  next_attempt_at: { type: ['string', 'null'], format: 'date-time' },
  created_at: dateTime,
});

/** An endpoint as listed, with how many of its deliveries were given up. */
export const listedEndpoint = closed({ ...endpoint.properties, failed: integer });

export const deliveryPage = closed({
  deliveries: list(delivery),
  page: integer,
  pages: integer,
  total: integer,
});

export type NewWebhook = FromSchema<typeof newWebhook>;
export type WebhookChange = FromSchema<typeof webhookChange>;
export type WebhookEndpoint = FromSchema<typeof endpoint>;
/** Every event type (also those added later), or the chosen ones. */
export type WebhookEvents = WebhookEndpoint['events'];
export type ListedEndpoint = FromSchema<typeof listedEndpoint>;
export type WithSecret = FromSchema<typeof withSecret>;
export type Delivery = FromSchema<typeof delivery>;
export type DeliveryPage = FromSchema<typeof deliveryPage>;
