// The client's support ticket (/help), testimonial and referral, and the crash screen's error report: their
// bodies and answers, and the types the help screens send and read.
import type { FromSchema } from 'json-schema-to-ts';
import { dateTime, list, text } from './client.js';
import { requestAnswer } from './coach.js';
import {
  boolean,
  closed,
  email,
  integer,
  line,
  multiLine,
  optionalLine,
  singleLine,
  string,
} from './pieces.js';

export const ticketCategories = ['general', 'technical', 'account', 'billing', 'coaching'] as const;

export const ticketInput = closed(
  {
    subject: text(200),
    message: text(10_000, multiLine),
    category: { type: 'string', enum: ticketCategories, ...singleLine },
  },
  ['subject', 'message'],
);

export const filedTicket = closed({
  id: integer,
  category: string,
  subject: string,
  message: string,
  created_at: dateTime,
});

/** A ticket with where the coach is with it and their answers, oldest first (each was mailed too). */
export const ticket = closed({
  id: integer,
  category: string,
  subject: string,
  message: string,
  status: { type: 'string', enum: ['new', 'in_progress', 'done'] },
  created_at: dateTime,
  status_changed_at: { anyOf: [{ type: 'null' }, dateTime] },
  answers: list(requestAnswer),
});

export const testimonialInput = closed({
  testimonial: { ...text(5000, multiLine), minLength: 20 },
  // How the testimonial may be signed when published, e.g. "Rachel K., Evanston".
  display_name: text(100),
  // Consent to publish: the API refuses a testimonial without it.
  consent: boolean,
});

export const addedTestimonial = closed({ id: integer, created_at: dateTime });

export const referralInput = closed(
  {
    first_name: text(100),
    last_name: text(100),
    email,
    note: { type: 'string', maxLength: 2000, ...multiLine },
  },
  ['first_name', 'last_name', 'email'],
);

export const addedReferral = closed({
  id: integer,
  first_name: string,
  last_name: string,
  email: string,
  created_at: dateTime,
});

/** SPEC §3's error report; user_id is the hashids-encoded id, null when nobody is signed in. */
export const errorReportBody = closed(
  {
    url: line(2048),
    host: line(255),
    pathname: line(2048),
    user_id: optionalLine(64),
    message: { type: 'string', maxLength: 20_000, ...multiLine },
    subject: line(300),
  },
  ['url', 'host', 'pathname', 'message', 'subject'],
);

/** The /help form always sends a category (the API files a ticket without one as general). */
export type TicketInput = Required<FromSchema<typeof ticketInput>>;
export type Ticket = FromSchema<typeof ticket>;
export type TestimonialInput = FromSchema<typeof testimonialInput>;
/** The referral form always sends its note, empty when the client wrote none. */
export type ReferralInput = Required<FromSchema<typeof referralInput>>;
export type ErrorReport = FromSchema<typeof errorReportBody>;
