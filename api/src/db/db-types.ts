// `npm run db:types` (db-types-cli.ts): writes generated-types.ts, the Kysely types of every table, from a
// database the migrations built, so the types are the migrations' and no hand copy can drift from them.
// kysely-codegen reads the tables, column types, nullability and defaults; COLUMN_TYPES names the value of the
// columns it cannot know (column-types.ts), and this file wraps each in `Nullable<>` and `Generated<>` as the
// schema says. api/test/db-types.test.ts fails when the committed file is not what this writes.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { PostgresDialect, serializeFromMetadata } from 'kysely-codegen';
import type { PostgresDB } from 'kysely-codegen';
import { format, resolveConfig } from 'prettier';

export const typesFile = fileURLToPath(new URL('./generated-types.ts', import.meta.url));

/** `table.column` -> its type in column-types.ts, without null or Generated (the schema's to say). */
const COLUMN_TYPES: Record<string, string> = {
  'tenants.default_flags': 'StoredFlags',
  'users.flags': 'StoredFlags',
  'lesson_analytics.field_times': 'FieldTimes',
  'lesson_analytics.field_ids': 'FieldIds',
  'flash_analytics.field_times': 'FieldTimes',
  'events.data': 'WrittenOnceJson',
  'audit_log.before': 'WrittenOnceJson',
  'audit_log.after': 'WrittenOnceJson',
  'mail_outbox.attachments': 'QueuedAttachments',
  'mail_outbox.headers': 'QueuedHeaders',
  'mail_outbox.html': 'QueuedText',
  'mail_outbox.message_id': 'QueuedText',
  'webhook_endpoints.events': 'EventTypes',
  'webhook_deliveries.status': 'DeliveryStatus',
  'lesson_checklist_ticks.changed_at': 'ClientMs',
  'profile_photos.bytes': 'Bytes',
  'auth_events.kind': 'AuthEventKind',
  'support_tickets.status': 'RequestStatus',
  'testimonials.status': 'RequestStatus',
  'referrals.status': 'RequestStatus',
  'request_answers.kind': 'RequestKind',
  'metrics.direction': 'MetricDirection',
  'lesson_files.kind': 'LessonFileKind',
  'resource_shares.audience': 'ShareAudience',
  'api_keys.scope': 'ApiKeyScope',
  'groups.state': 'GroupState',
  'group_payments.status': 'PaymentStatus',
  'assessment_progress.access': 'AccessFlag',
  'member_group_lessons.lesson_access': 'AccessFlag',
  'tenants.booking_rooms': 'BookingRooms',
  'tenants.booking_meeting_types': 'DefaultMeetingTypes',
  'meeting_types.location': 'MeetingLocation',
  'meeting_types.audience': 'MeetingAudience',
  'meetings.booked_by': 'BookedBy',
  'availability_days.kind': 'DayKind',
  'notifications.kind': 'NotificationKind',
  'notification_preferences.kind': 'NotificationKind',
  'notification_preferences.channel': 'Channel',
  'reminder_sends.kind': 'SentKind',
  'tenants.reminder_minutes': 'ReminderMinutes',
  'tenants.quiet_hours': 'QuietHours',
  'tenants.notification_channels': 'NotificationChannels',
  'tenants.billing_tax': 'BillingTax',
  'tenants.billing_seller': 'Seller',
  'offerings.kind': 'OfferingKind',
  'offerings.audience': 'OfferingAudience',
  'offerings.interval': 'SubscriptionInterval',
  'purchases.status': 'PurchaseStatus',
  'purchases.method': 'PayMethod',
  'subscriptions.status': 'SubscriptionStatus',
  'credit_grants.source': 'GrantSource',
  'payments.method': 'PayMethod',
  'invoices.kind': 'InvoiceKind',
  'invoices.seller': 'Seller',
  'invoices.buyer': 'Buyer',
  'invoices.lines': 'InvoiceLines',
  'form_versions.layout': 'FormLayout',
  'form_versions.answers_schema': 'FormSchema',
  'form_sends.answers': 'FormAnswers',
  'form_sends.status': 'FormSendStatus',
};

const HEADER = `// Generated from the migrations by \`npm run db:types\` (api/src/db/db-types.ts): do not edit. A new
// migration: run it, then database.ts's Database has the change; api/test/db-types.test.ts fails until then.
`;

/** generated-types.ts as the migrated database `db` and COLUMN_TYPES make it. */
export async function dbTypesSource(db: Kysely<PostgresDB>): Promise<string> {
  const dialect = new PostgresDialect();
  const all = await dialect.introspector.introspect({ db });
  // The API's tables only: the job queue's own (schema pgboss, migration 1895) are pg-boss's to read and write.
  const metadata = { ...all, tables: all.tables.filter((t) => t.schema === 'public') };
  // A JSON column would type as any JSON at all: its shape is one only this file can give.
  const untypedJson = metadata.tables.flatMap((t) =>
    t.columns
      .filter((c) => ['json', 'jsonb'].includes(c.dataType) && !(`${t.name}.${c.name}` in COLUMN_TYPES))
      .map((c) => `${t.name}.${c.name}`),
  );
  if (untypedJson.length > 0)
    throw new Error(`JSON columns without a type in db-types.ts's COLUMN_TYPES: ${untypedJson.join(', ')}.`);
  const columns: Record<string, string> = {};
  const custom = new Set<string>(['ClockTime', 'Nullable']);
  for (const [path, type] of Object.entries(COLUMN_TYPES)) {
    const [tableName, columnName] = path.split('.');
    const column = metadata.tables
      .find((t) => t.name === tableName)
      ?.columns.find((c) => c.name === columnName);
    if (!column) throw new Error(`db-types.ts names ${path}, which the migrated schema does not have.`);
    const value = column.isNullable ? `Nullable<${type}>` : type;
    columns[path] = column.hasDefaultValue ? `Generated<${value}>` : value;
    custom.add(type);
  }
  const source = serializeFromMetadata({
    metadata,
    dialect,
    overrides: { columns },
    typeMapping: { timestamptz: 'ClockTime' },
    customImports: Object.fromEntries([...custom].map((name) => [name, `./column-types.js#${name}`])),
    skipAutogeneratedFileComment: true,
  });
  return format(HEADER + source, { ...(await resolveConfig(typesFile)), filepath: typesFile });
}

/** The committed generated-types.ts. */
export const committedTypes = () => readFile(typesFile, 'utf8');
