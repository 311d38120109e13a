import { EVENTS, EVENT_TYPES } from '../../../../../contracts/events';

/** Each event type in the admin's words (contracts/events.ts's labels), in its order. */
export const EVENT_CHOICES = EVENT_TYPES.map((type) => ({ type, label: EVENTS[type].label }));

export const STATUS_LABELS = { pending: 'Trying', delivered: 'Delivered', failed: 'Failed' } as const;
