import type { RequestKind, RequestStatus } from '../api/get-requests';

/** A request's kind as one row names it. */
export const KIND_LABELS: Record<RequestKind, string> = {
  tickets: 'Ticket',
  testimonials: 'Testimonial',
  referrals: 'Referral',
};

export const STATUS_LABELS: Record<RequestStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  done: 'Done',
};
