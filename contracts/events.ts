// What the portal tells a coaching business's own systems (webhooks out, DESIGN Roles): one list, read by the
// API (which records the events) and the admin's screens (which let an endpoint pick them).

export const EVENT_TYPES = [
  'message.created',
  'file.shared',
  'ticket.created',
  'testimonial.created',
  'referral.created',
  'payment.succeeded',
  'person.invited',
  'person.activated',
  'person.deactivated',
  'lesson.completed',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
