// Whole `data` of the events the webhook tests record by hand: recordEvent takes exactly what the event's schema
// in contracts/events.ts says, as the services do.
import type { EventData } from '../../../contracts/events.js';

const at = '2026-11-20T10:00:00.000Z';

export const ticket = (ticketId: number): EventData<'ticket.created'> => ({
  ticket_id: ticketId,
  user_id: 1,
  category: 'Other',
  created_at: at,
});

export const referral = (referralId: number): EventData<'referral.created'> => ({
  referral_id: referralId,
  user_id: 1,
  first_name: 'Dana',
  last_name: 'Lee',
  email: 'dana@example.com',
  created_at: at,
});

export const fileShared = (fileId: number): EventData<'file.shared'> => ({
  file_id: fileId,
  company_id: null,
  recipient_id: 1,
  from_user_id: 2,
  from_role: 'coach',
  files: 1,
  created_at: at,
});
