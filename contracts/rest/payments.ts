// Paid groups (SPEC §7 /integrations/stripe/create-intent, /users/studentpaid/, /users/studentemail/): the client
// names only the group; the amount is the server's (in the currency's minor unit: 4900 is $49.00).
import type { FromSchema } from 'json-schema-to-ts';
import { id } from './client.js';
import { boolean, closed, integer, string } from './pieces.js';

export const byGroup = closed({ group_id: id });

export const paymentIntent = closed({
  group_id: integer,
  payment_intent_id: string,
  client_secret: string,
  amount: integer,
  currency: string,
});

/** The group's price and where the client's purchase stands; paid is the webhook's to set. */
export const purchase = closed({
  group_id: integer,
  title: string,
  amount: integer,
  currency: string,
  paid: boolean,
  status: { type: 'string', enum: ['none', 'pending', 'succeeded', 'failed'] },
  paid_at: { type: ['string', 'null'], format: 'date-time' },
});

export const receipt = closed({
  group_id: integer,
  mailed: boolean,
  mailed_at: { type: ['string', 'null'], format: 'date-time' },
});

export type PaymentIntent = FromSchema<typeof paymentIntent>;
export type Purchase = FromSchema<typeof purchase>;
export type Receipt = FromSchema<typeof receipt>;
