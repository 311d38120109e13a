import type { Person, PersonRole, PersonStatus } from '../api/get-people';
import type { PersonInput } from '../api/save-person';

export const ROLE_LABELS: Record<PersonRole, string> = { client: 'Client', coach: 'Coach', admin: 'Admin' };
export const ROLE_IDS: Record<PersonRole, PersonInput['role_id']> = { admin: 1, coach: 2, client: 3 };

export const STATUS_LABELS: Record<PersonStatus, string> = {
  active: 'Active',
  pending: 'Invitation pending',
  deactivated: 'Deactivated',
};

/** What the status column says: a pending person's invitation may be out, expired, or not sent yet. */
export function statusText(person: Pick<Person, 'status' | 'invitation'>): string {
  if (person.status !== 'pending') return STATUS_LABELS[person.status];
  if (!person.invitation) return 'Not invited yet';
  return person.invitation.expired ? 'Invitation expired' : STATUS_LABELS.pending;
}

export const fullName = (person: Pick<Person, 'first_name' | 'last_name' | 'email'>) =>
  `${person.first_name} ${person.last_name}`.trim() || person.email;
