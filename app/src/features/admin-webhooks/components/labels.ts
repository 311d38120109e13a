import { EVENT_TYPES, type EventType } from '../../../../../contracts/events';

/** Each event type in the admin's words, in contracts/events.ts's order. */
const LABELS: Record<EventType, string> = {
  'message.created': 'A message is sent',
  'file.shared': 'A file is shared',
  'ticket.created': 'A support ticket is filed',
  'testimonial.created': 'A testimonial is sent',
  'referral.created': 'A client refers someone',
  'payment.succeeded': 'A payment succeeds',
  'person.invited': 'A person is invited',
  'person.activated': 'A person is activated',
  'person.deactivated': 'A person is deactivated',
  'lesson.completed': 'A lesson is completed',
};

export const EVENT_CHOICES = EVENT_TYPES.map((type) => ({ type, label: LABELS[type] }));

export const STATUS_LABELS = { pending: 'Trying', delivered: 'Delivered', failed: 'Failed' } as const;
