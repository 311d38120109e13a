// Migrations are imported statically (not discovered on disk) so they work the same under tsx, vitest and a
// bundled build; add new ones to the list in order.
import { Migrator } from 'kysely';
import type { Kysely, Migration, MigrationResultSet } from 'kysely';
import * as initial from './migrations/0001-initial.js';
import * as clientWork from './migrations/0100-client-work.js';
import * as profilePhotos from './migrations/0200-profile-photos.js';
import * as errorReports from './migrations/0300-error-reports.js';
import * as mailbox from './migrations/0400-mailbox.js';
import * as supportAndFeedback from './migrations/0500-support-and-feedback.js';
import * as companyFiles from './migrations/0600-company-files.js';
import * as metrics from './migrations/0610-metrics.js';
import * as assessments from './migrations/0620-assessments.js';
import * as groupsAndLessons from './migrations/0700-groups-and-lessons.js';
import * as flashCoaching from './migrations/0710-flash-coaching.js';
import * as payments from './migrations/0720-payments.js';
import * as mailOutbox from './migrations/0800-mail-outbox.js';
import * as rateLimits from './migrations/0810-rate-limits.js';
import * as lessonMeetingGroups from './migrations/0820-lesson-meeting-groups.js';
import * as analyticsChangeIds from './migrations/0830-analytics-change-ids.js';
import * as flagsAsData from './migrations/0900-flags-as-data.js';
import * as coachNotes from './migrations/0910-coach-notes.js';
import * as requestStatus from './migrations/0950-request-status.js';
import * as companyFileRecipient from './migrations/0960-company-file-recipient.js';
import * as meetingInvitations from './migrations/0980-meeting-invitations.js';
import * as events from './migrations/0990-events.js';
import * as webhooks from './migrations/1200-webhooks.js';
import * as peopleAdmin from './migrations/1000-people-admin.js';
import * as coachProgramme from './migrations/1400-coach-programme.js';
import * as brandedMail from './migrations/1500-branded-mail.js';
import * as sessionMemberOnce from './migrations/1700-session-member-once.js';
import * as lessonFiles from './migrations/1600-lesson-files.js';
import * as coachAuthoring from './migrations/1300-coach-authoring.js';
import * as apiKeys from './migrations/1100-api-keys.js';
import * as lessonChecklists from './migrations/1650-lesson-checklists.js';
import * as keysLastAdmin from './migrations/1830-keys-last-admin.js';
import * as keysMessageContent from './migrations/1840-keys-message-content.js';
import * as identityEmailChanges from './migrations/1820-identity-email-changes.js';
import * as outboundWebhookSecretGrace from './migrations/1850-outbound-webhook-secret-grace.js';
import * as clientIndividualFiles from './migrations/1800-client-individual-files.js';
import * as clientRequestAnswers from './migrations/1810-client-request-answers.js';
import * as dbtypesColumnNotes from './migrations/1860-dbtypes-column-notes.js';

const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0100-client-work': clientWork,
  '0200-profile-photos': profilePhotos,
  '0300-error-reports': errorReports,
  '0400-mailbox': mailbox,
  '0500-support-and-feedback': supportAndFeedback,
  '0600-company-files': companyFiles,
  '0610-metrics': metrics,
  '0620-assessments': assessments,
  '0700-groups-and-lessons': groupsAndLessons,
  '0710-flash-coaching': flashCoaching,
  '0720-payments': payments,
  '0800-mail-outbox': mailOutbox,
  '0810-rate-limits': rateLimits,
  '0820-lesson-meeting-groups': lessonMeetingGroups,
  '0830-analytics-change-ids': analyticsChangeIds,
  '0900-flags-as-data': flagsAsData,
  '0910-coach-notes': coachNotes,
  '0950-request-status': requestStatus,
  '0960-company-file-recipient': companyFileRecipient,
  '0980-meeting-invitations': meetingInvitations,
  '0990-events': events,
  '1200-webhooks': webhooks,
  '1000-people-admin': peopleAdmin,
  '1400-coach-programme': coachProgramme,
  '1500-branded-mail': brandedMail,
  '1700-session-member-once': sessionMemberOnce,
  '1300-coach-authoring': coachAuthoring,
  '1100-api-keys': apiKeys,
  '1650-lesson-checklists': lessonChecklists,
  '1600-lesson-files': lessonFiles,
  '1830-keys-last-admin': keysLastAdmin,
  '1840-keys-message-content': keysMessageContent,
  '1820-identity-email-changes': identityEmailChanges,
  '1850-outbound-webhook-secret-grace': outboundWebhookSecretGrace,
  '1800-client-individual-files': clientIndividualFiles,
  '1810-client-request-answers': clientRequestAnswers,
  '1860-dbtypes-column-notes': dbtypesColumnNotes,
};

function migrator<DB>(db: Kysely<DB>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

function unwrap(result: MigrationResultSet): string[] {
  if (result.error) throw result.error;
  return (result.results ?? []).map((r) => `${r.direction} ${r.migrationName}: ${r.status}`);
}

export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  return unwrap(await migrator(db).migrateToLatest());
}

/** Migrations this code knows that the database has not run yet: none means the schema is current. */
export async function pendingMigrations<DB>(db: Kysely<DB>): Promise<string[]> {
  return (await migrator(db).getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}

/** Runs migrations up or down until `name` is the last one applied: a test's way to hold old data. */
export async function migrateTo<DB>(db: Kysely<DB>, name: string): Promise<string[]> {
  return unwrap(await migrator(db).migrateTo(name));
}

export async function migrateDown<DB>(db: Kysely<DB>): Promise<string[]> {
  return unwrap(await migrator(db).migrateDown());
}
