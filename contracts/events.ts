// What the portal tells a coaching business's own systems (webhooks out, DESIGN Roles): one catalogue, read by
// the API (which records each event with its data, typed by the schema here) and the admin's screens (which let
// an endpoint pick events by their label). A new event is its entry here and the service that records it.
import type { FromSchema } from 'json-schema-to-ts';
import { closed, integer, string } from './rest/pieces.js';

const id = integer;
const nullableId = { type: ['integer', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;
const role = { type: 'string', enum: ['client', 'coach', 'admin'] } as const;
const person = closed({ person_id: id, email: string });
/**
 * Who made a meeting, moved or cancelled it: the client booking in the portal, the tenant's system (a key), or
 * the coach scheduling it for their client (then its type is null).
 */
const bookedBy = { type: 'string', enum: ['client', 'integration', 'coach'] } as const;
/** A booked meeting as the booking events carry it: coach_id and client_id are the people's user ids. */
const meeting = {
  meeting_id: id,
  coach_id: id,
  client_id: id,
  type_id: nullableId,
  starts_at: time,
  ends_at: time,
  by: bookedBy,
} as const;

export const EVENTS = {
  'message.created': {
    label: 'A message is sent',
    data: closed({
      message_id: id,
      thread_id: id,
      from_user_id: id,
      from_role: role,
      to_user_id: id,
      attachments: integer,
      created_at: time,
    }),
  },
  'file.shared': {
    label: 'A file is shared',
    data: closed({
      file_id: id,
      company_id: nullableId,
      recipient_id: nullableId,
      from_user_id: id,
      from_role: role,
      files: integer,
      created_at: time,
    }),
  },
  'ticket.created': {
    label: 'A support ticket is filed',
    data: closed({ ticket_id: id, user_id: id, category: string, created_at: time }),
  },
  'ticket.answered': {
    label: 'A coach answers a support ticket',
    data: closed({ ticket_id: id, user_id: id, coach_id: id, answered_at: time }),
  },
  'testimonial.created': {
    label: 'A testimonial is sent',
    data: closed({ testimonial_id: id, user_id: id, display_name: string, created_at: time }),
  },
  'referral.created': {
    label: 'A client refers someone',
    data: closed({
      referral_id: id,
      user_id: id,
      first_name: string,
      last_name: string,
      email: string,
      created_at: time,
    }),
  },
  // A paid group's place (group_id, its payment in the group payments) or a purchase of an offering (purchase_id,
  // offering_id; payment_id is then the billing payment's, method stripe or offline). Exactly one of group_id and
  // purchase_id is set.
  'payment.succeeded': {
    label: 'A payment succeeds',
    data: closed({
      payment_id: id,
      user_id: id,
      group_id: nullableId,
      purchase_id: nullableId,
      offering_id: nullableId,
      amount: integer,
      currency: string,
      method: { type: 'string', enum: ['stripe', 'offline'] },
      stripe_payment_intent: { type: ['string', 'null'] },
      paid_at: time,
    }),
  },
  'person.invited': { label: 'A person is invited', data: person },
  'person.activated': { label: 'A person is activated', data: person },
  'person.deactivated': { label: 'A person is deactivated', data: person },
  'lesson.completed': {
    label: 'A lesson is completed',
    data: closed({ user_id: id, lesson_id: id, user_group_id: nullableId, completed_at: time }),
  },
  'lesson.published': {
    label: 'A group lesson is published',
    data: closed({ lesson_id: id, group_id: id, coach_id: id, published_at: time }),
  },
  'meeting.booked': { label: 'A meeting is booked or scheduled', data: closed(meeting) },
  'meeting.rescheduled': {
    label: 'A meeting is moved',
    data: closed({ ...meeting, previous_starts_at: time }),
  },
  'meeting.cancelled': { label: 'A meeting is cancelled', data: closed(meeting) },
  'recap.shared': {
    label: "A coach shares a meeting's recap",
    data: closed({ recap_id: id, meeting_id: id, client_id: id, coach_id: id, shared_at: time }),
  },
  'goal.completed': {
    label: 'A client completes a goal',
    data: closed({ goal_id: id, client_id: id, title: string, by_user_id: id, completed_at: time }),
  },
  'agreement.signed': {
    label: 'A client signs the coaching agreement',
    data: closed({
      signature_id: id,
      client_id: id,
      agreement_id: id,
      version: integer,
      text_sha256: string,
      signed_at: time,
    }),
  },
  'form.submitted': {
    label: 'A client submits a form',
    data: closed({
      send_id: id,
      form_id: id,
      version: integer,
      client_id: id,
      meeting_id: nullableId,
      submitted_at: time,
      // By question id: text, a number, true or false, or the choices ticked (contracts/forms.ts).
      answers: { type: 'object' },
    }),
  },
  'invoice.issued': {
    label: 'An invoice or credit note is issued',
    data: closed({
      invoice_id: id,
      kind: { type: 'string', enum: ['invoice', 'credit_note'] },
      number: string,
      client_id: id,
      payment_id: id,
      // Minor units (4500 is 45.00 EUR, 4500 JPY is 4500 yen); a credit note's are positive too.
      total: integer,
      tax: integer,
      currency: string,
      issued_at: time,
    }),
  },
  'subscription.updated': {
    label: 'A subscription or payment plan changes (renewed, past due, cancelled, plan changed)',
    data: closed({
      purchase_id: id,
      client_id: id,
      offering_id: id,
      status: { type: 'string', enum: ['active', 'past_due', 'cancelled', 'ended'] },
      current_period_end: time,
      cancel_at_period_end: { type: 'boolean' },
      past_due_since: { type: ['string', 'null'], format: 'date-time' },
    }),
  },
  'credit.changed': {
    label: "A client's session credits change",
    data: closed({
      client_id: id,
      // +N granted (a purchase, a renewal, a cancellation within notice giving one back, an admin's adjustment),
      // −N spent, expired or adjusted down.
      change: integer,
      balance: integer,
      reason: {
        type: 'string',
        enum: ['purchase', 'renewal', 'spent', 'returned', 'expired', 'adjustment', 'refund'],
      },
      meeting_id: nullableId,
      purchase_id: nullableId,
    }),
  },
} as const;

export type EventType = keyof typeof EVENTS;
export const EVENT_TYPES = Object.keys(EVENTS) as EventType[];
// Each event's `data`, as its schema above says: one alias an event, so the checker derives each once, on its own,
// rather than all of them at once wherever a caller of the generic recordEvent makes it (past its depth limit).
type Data<T extends EventType> = FromSchema<(typeof EVENTS)[T]['data']>;
type MessageCreated = Data<'message.created'>;
type FileShared = Data<'file.shared'>;
type TicketCreated = Data<'ticket.created'>;
type TicketAnswered = Data<'ticket.answered'>;
type TestimonialCreated = Data<'testimonial.created'>;
type ReferralCreated = Data<'referral.created'>;
type PaymentSucceeded = Data<'payment.succeeded'>;
type PersonChanged = Data<'person.invited'>;
type LessonCompleted = Data<'lesson.completed'>;
type LessonPublished = Data<'lesson.published'>;
type MeetingBooked = Data<'meeting.booked'>;
type MeetingRescheduled = Data<'meeting.rescheduled'>;
type RecapShared = Data<'recap.shared'>;
type GoalCompleted = Data<'goal.completed'>;
type AgreementSigned = Data<'agreement.signed'>;
type FormSubmitted = Data<'form.submitted'>;
type InvoiceIssued = Data<'invoice.issued'>;
type SubscriptionUpdated = Data<'subscription.updated'>;
type CreditChanged = Data<'credit.changed'>;
interface EventDataOf {
  'message.created': MessageCreated;
  'file.shared': FileShared;
  'ticket.created': TicketCreated;
  'ticket.answered': TicketAnswered;
  'testimonial.created': TestimonialCreated;
  'referral.created': ReferralCreated;
  'payment.succeeded': PaymentSucceeded;
  'person.invited': PersonChanged;
  'person.activated': PersonChanged;
  'person.deactivated': PersonChanged;
  'lesson.completed': LessonCompleted;
  'lesson.published': LessonPublished;
  'meeting.booked': MeetingBooked;
  'meeting.rescheduled': MeetingRescheduled;
  'meeting.cancelled': MeetingBooked;
  'recap.shared': RecapShared;
  'goal.completed': GoalCompleted;
  'agreement.signed': AgreementSigned;
  'form.submitted': FormSubmitted;
  'invoice.issued': InvoiceIssued;
  'subscription.updated': SubscriptionUpdated;
  'credit.changed': CreditChanged;
}
export type EventData<T extends EventType> = EventDataOf[T];
