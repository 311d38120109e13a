// What a column means where its name and type do not say it, kept in the schema itself (psql's \d+ shows it),
// so the generated Kysely types carry it as the column's doc comment (generated-types.ts, npm run db:types).
// These are the notes the hand-kept database.ts had; a new column's note goes in its own migration.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';

const NOTES: Record<string, string> = {
  'tenants.default_flags': "tenant.json's defaultFlags, every flag filled (migration 0900).",
  'tenants.integration_message_content':
    "tenant.json's integrationApi.messageContent: the integration feed carries subjects and bodies.",
  'users.flags': "The flags the user has set (migration 0900); one left out takes the tenant's default.",
  'users.password_hash': 'null: the account cannot sign in with a password (e.g. a coach record).',
  'users.deactivated_at': 'Set by an admin (migration 1000): the person keeps their data but cannot sign in.',
  'emails.parent_id': "The thread's first message; null on that message itself.",
  'emails.previous_id': 'The message this one answers.',
  'emails.deleted_by_sender': 'Each party hides a message for themselves only (migration 0400).',
  'emails.deleted_by_recipient': 'Each party hides a message for themselves only (migration 0400).',
  'mail_attachments.email_id':
    'null until the uploader sends it with a message (unsent uploads are purged after a day).',
  'access_tokens.last_used_at': 'Written at most once a minute (session-service.ts).',
  'otp_challenges.public_id': 'The opaque reference the client holds; the row id never leaves the server.',
  'otp_challenges.failed_attempts':
    'Tries used on the current code, counted before comparing (reserveTry); reset by a resend.',
  'login_links.public_id':
    "Returned to the client as loginotpfbs' data.otp; the token itself is only in the mail.",
  'auth_events.kind': 'captcha_passed: one login attempt past the account limit is allowed per row.',
  'auth_events.subject':
    'login_failure: the lowercased email; otp_sent, reset_sent: the user id; captcha_passed: the IP.',
  'meetings.place': 'Where the meeting takes place when it is not online (migration 0980).',
  'meetings.sequence':
    "The calendar invitation's SEQUENCE: raised on every reschedule or edit (migration 0980).",
  'lesson_meetings.group_id': 'The group whose lesson it is (migration 0820); null outside any group.',
  'lesson_meetings.session_id':
    "The group's live session this member's row is of (migration 1400); null for older rows.",
  'action_steps.status': "The API's code (SPEC §4), never a stage name.",
  'commitments.status': "The API's code (SPEC §4), never a stage name.",
  'support_tickets.status': 'Where the coach is with it (migration 0950): new, in_progress or done.',
  'testimonials.status': 'Where the coach is with it (migration 0950): new, in_progress or done.',
  'referrals.status': 'Where the coach is with it (migration 0950): new, in_progress or done.',
  'testimonials.approved': 'The coach approved it for publication (migration 0950).',
  'referrals.invited':
    'Whether this referral mailed the invitation (an address is invited at most once a day per tenant).',
  'request_answers.client_id': 'The client whose request it answers: the row is theirs (access/scope.ts).',
  'assessment_areas.focus_rank':
    'Set (1 first): a focus area, the "priority" of the implementation calls; null: an analysis line.',
  'implementation_steps.action_step_id': 'The action step this step was put on the board as, if any.',
  'groups.payment_frequency': 'one_time or monthly.',
  'groups.status': 'upcoming, active or completed.',
  'groups.group_type': 'free or paid.',
  'groups.capacity': 'Members at most; null: no limit.',
  'groups.state': 'draft (hidden from members), open or closed (no one new joins).',
  'user_groups.id': "The SPEC's user_group_id.",
  'user_groups.status': 'active, pending or cancelled.',
  'lessons.full_desc': "The coach's HTML, sanitised when read.",
  'lessons.coach_id': 'The coach who authors it; null for content without one (a deleted coach).',
  'lesson_resources.sort_order': "The SPEC's order.",
  'member_group_lessons.lesson_length': 'In minutes.',
  'member_group_lessons.lesson_access': '1 open, 0 locked.',
  'lesson_analytics.user_group_id': 'null for an academy lesson.',
  'lesson_analytics.field_times':
    'Per-field client times of the latest applied change (epoch ms), keyed by field name.',
  'lesson_analytics.field_ids': 'Per-field client id of the change that set it (migration 0830).',
  'company_files.company_id':
    'null only for a sending to one client alone who has no company (migration 1800).',
  'company_files.recipient_id':
    "The one client a sending is for (migration 0960); null: the whole company's.",
  'assessment_progress.path':
    "A lesson's slug: the lesson is one of the assessment's flash-coaching lessons.",
  'assessment_progress.access': '1 opens the lesson.',
  'group_payments.idempotency_key': "The client's Idempotency-Key: one row per purchase attempt.",
  'group_payments.status': 'pending, succeeded or failed; only a verified webhook changes it.',
  'mail_outbox.attachments': 'Its attachments as JSON text (migration 0980); null when it has none.',
  'mail_outbox.html': 'The HTML body (migration 1500); null for a mail queued before it.',
  'mail_outbox.message_id': 'The Message-ID (migration 1500); null for a mail queued before it.',
  'webhook_endpoints.events': 'null: every event type.',
  'webhook_endpoints.previous_secret':
    'The secret a rotation replaced (migration 1850), signing beside the new until previous_secret_until.',
  'webhook_deliveries.next_attempt_at':
    'When the next try is due (or, while an instance sends it, its lease); null once delivered or failed.',
  'api_keys.prefix': "The key's first characters, shown in the admin's list to tell keys apart.",
  'api_keys.last_used_at': 'Written at most once a minute per key (api-keys/api-key-service.ts).',
  'group_sessions.sequence': "The calendar invitation's SEQUENCE: raised on every move.",
  'coach_resources.url': "A link's address; null for a file.",
  'resource_shares.target_id': "The client, company or group id; null for 'all'.",
  'lesson_checklist_ticks.user_group_id': 'null: the academy.',
  'lesson_checklist_ticks.changed_at': "The client's time of the tick, in epoch ms.",
  'lesson_files.kind': 'file (a resource) or video (at most one a lesson).',
  'lesson_file_tickets.token_hash': "A short-lived play ticket's SHA-256.",
};

const notes = (note: (text: string) => string | null) =>
  Object.entries(NOTES).map(
    ([column, text]) => sql`comment on column ${sql.ref(column)} is ${sql.lit(note(text))}`,
  );

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of notes((text) => text)) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of notes(() => null)) await statement.execute(db);
}
