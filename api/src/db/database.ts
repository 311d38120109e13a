// The Kysely view of the schema. Timestamps are always written from the injected clock (never SQL now()), so
// tests can move time and every instance of a cluster agrees on what "expired" means.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { MailMessage } from '../../../schemas/mail-message.js';
import type { MailTopic } from '../../../schemas/mail/mail-topics.js';
import type { Flags } from '../../../schemas/training-flags.js';

type Timestamp = ColumnType<Date, Date, Date>;
type Serial = Generated<number>;
// A JSON object of training flags (schemas/flags.schema.json), written as its JSON text. Read back it may lack
// a flag, or hold one the schema has since dropped: schemas/training-flags.ts's fillFlags reads it.
type StoredFlags = ColumnType<Partial<Flags>, string, string>;

interface TenantsTable {
  id: number;
  slug: string;
  name: string;
  domain: string;
  /** tenant.json's defaultFlags, every flag filled (migration 0900). */
  default_flags: StoredFlags;
  /** tenant.json's integrationApi.messageContent: the integration feed carries subjects and bodies. */
  integration_message_content: ColumnType<boolean, boolean | undefined, boolean>;
}

interface CompaniesTable {
  id: Serial;
  tenant_id: number;
  name: string;
  website: string | null;
  industry: string | null;
}

interface UsersTable {
  id: Serial;
  tenant_id: number;
  email: string;
  first_name: string;
  last_name: string;
  company_id: number | null;
  website: string | null;
  role_id: Generated<number>;
  profile_pic: string | null;
  title: string | null;
  location: string | null;
  time_zone: string | null;
  phone_number: string | null;
  birthday: string | null;
  facebook: string | null;
  twitter: string | null;
  linkedin: string | null;
  // The flags the user has set (migration 0900); one left out takes the tenant's default.
  flags: ColumnType<Partial<Flags>, string | undefined, string>;
  // null: the account cannot log in with a password (e.g. a coach record).
  password_hash: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  // Set by an admin (migration 1000): the person keeps their data but cannot sign in.
  deactivated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

interface CoachesTable {
  id: Serial;
  tenant_id: number;
  user_id: number;
  bio: string;
  specialties: string;
  certifications: string;
  years_experience: number;
  booking_url: string | null;
}

interface CoachClientsTable {
  coach_id: number;
  client_id: number;
  tenant_id: number;
  since: Timestamp;
}

interface EmailsTable {
  id: Serial;
  tenant_id: number;
  // The thread's first message (null on that message itself) and the message this one answers.
  parent_id: number | null;
  previous_id: Generated<number | null>;
  from_user_id: number;
  to_user_id: number;
  subject: string;
  body: string;
  read: boolean;
  // Each party hides a message for themselves only (migration 0400).
  deleted_by_sender: Generated<boolean>;
  deleted_by_recipient: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// A mail attachment (migration 0400): the file is in the storage module under object_key; email_id is null
// until the uploader sends it with a message (unsent uploads are purged after a day).
interface MailAttachmentsTable {
  id: Serial;
  tenant_id: number;
  uploader_id: number;
  email_id: number | null;
  object_key: string;
  name: string;
  size: number;
  content_type: string;
  created_at: Timestamp;
}

interface TrustedDevicesTable {
  id: Serial;
  tenant_id: number;
  user_id: number;
  token_hash: string;
  client_label: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

interface AccessTokensTable extends TrustedDevicesTable {
  // Written at most once a minute (see session-service.ts).
  last_used_at: Timestamp;
}

interface OtpChallengesTable {
  id: Serial;
  // The opaque reference the client holds; the row id never leaves the server.
  public_id: string;
  tenant_id: number;
  user_id: number;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  // Tries used on the current code, counted before comparing (see reserveTry); reset by a resend.
  failed_attempts: Generated<number>;
  consumed_at: Timestamp | null;
}

// Password resets and sign-in links: single-use tokens handed out by mail.
interface PasswordResetsTable {
  id: Serial;
  tenant_id: number;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

// An invitation's set-password link (migration 1000): the same life as a reset link, a week long.
type InvitationsTable = PasswordResetsTable;

// A pending change of an activated person's login email (migration 1820): it takes effect when
// the new address opens its link; a newer change or the admin's cancel marks it cancelled.
interface EmailChangesTable extends PasswordResetsTable {
  new_email: string;
  cancelled_at: Timestamp | null;
}

interface LoginLinksTable extends PasswordResetsTable {
  // Returned to the client as loginotpfbs' data.otp; the token itself is only in the mail.
  public_id: string;
}

// Throttling state lives in the database, not in process memory, so limits hold across API instances and
// follow the injected clock. kind: login_failure (subject = lowercased email), otp_sent / reset_sent
// (subject = user id), captcha_passed (subject = the IP; each allows one login attempt past the account limit).
export interface AuthEventsTable {
  id: Serial;
  tenant_id: number;
  kind: 'login_failure' | 'otp_sent' | 'reset_sent' | 'captcha_passed';
  subject: string;
  ip: string;
  created_at: Timestamp;
}

// Client work (migration 0100): everything below belongs to one client (client_id) of one tenant.
interface MeetingsTable {
  id: Serial;
  tenant_id: number;
  client_id: number;
  coach_id: number | null;
  title: string;
  agenda: Generated<string>;
  starts_at: Timestamp;
  duration_minutes: number;
  time_zone: string;
  meeting_url: string | null;
  // Where the meeting takes place when it is not online (migration 0980).
  place: Generated<string | null>;
  // The calendar invitation's SEQUENCE: raised on every reschedule or edit (migration 0980).
  sequence: Generated<number>;
}

interface LessonMeetingsTable {
  id: Serial;
  tenant_id: number;
  client_id: number;
  title: string;
  meeting_time: Timestamp;
  time_zone: string;
  meeting_url: string | null;
  /** The group whose lesson it is (migration 0820); null outside any group. */
  group_id: number | null;
  /** The group's live session this member's row is of (migration 1400); null for older rows. */
  session_id: Generated<number | null>;
}

interface MeetingNotesTable {
  id: Serial;
  tenant_id: number;
  client_id: number;
  title: string;
  body: string;
  meeting_date: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// Action steps and commitments share a shape; status is the API's code (SPEC §4), never a stage name.
interface ActionStepsTable {
  id: Serial;
  tenant_id: number;
  client_id: number;
  title: string;
  description: Generated<string>;
  status: Generated<number>;
  due_date: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

type CommitmentsTable = ActionStepsTable;

interface TeamMembersTable {
  id: Serial;
  tenant_id: number;
  client_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TasksTable {
  id: Serial;
  tenant_id: number;
  client_id: number;
  team_member_id: number | null;
  title: string;
  responsibility: Generated<string>;
  deadline: Timestamp | null;
  file_name: string | null;
  status: Generated<number>;
  note: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface TaskSharesTable {
  id: Serial;
  tenant_id: number;
  client_id: number;
  to_email: string;
  created_at: Timestamp;
}

// Profile pictures (migration 0200): one per user, served by its random public_id.
interface ProfilePhotosTable {
  user_id: number;
  tenant_id: number;
  public_id: string;
  content_type: string;
  bytes: Uint8Array;
  updated_at: Timestamp;
}

// Crash-screen error reports (migration 0300), for the support team; message cut to a few KB.
interface ErrorReportsTable {
  id: Serial;
  tenant_id: number;
  request_id: string;
  user_id: string | null;
  url: string;
  host: string;
  pathname: string;
  subject: string;
  message: string;
  ip: string;
  created_at: Timestamp;
}

// Support tickets, testimonials and referrals (migration 0500): who sent them, and the request id they were
// answered under, so support can match a row with the log.
interface SubmissionColumns {
  id: Serial;
  tenant_id: number;
  user_id: number;
  request_id: string;
  created_at: Timestamp;
  /** Where the coach is with it (migration 0950): 'new', 'in_progress' or 'done'. */
  status: Generated<RequestStatus>;
  status_changed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type RequestStatus = 'new' | 'in_progress' | 'done';

/** A coach's answer to a client's ticket, testimonial or referral (migration 1810), as mailed to the client. */
interface RequestAnswersTable {
  id: Serial;
  tenant_id: number;
  /** The client whose request it answers: the row is theirs (access/scope.ts). */
  client_id: number;
  author_id: number;
  kind: 'tickets' | 'testimonials' | 'referrals';
  request_id: number;
  body: string;
  created_at: Timestamp;
}

interface SupportTicketsTable extends SubmissionColumns {
  category: string;
  subject: string;
  message: string;
}

interface TestimonialsTable extends SubmissionColumns {
  testimonial: string;
  display_name: string;
  consented_at: Timestamp;
  /** The coach approved it for publication (migration 0950). */
  approved: Generated<boolean>;
}

interface ReferralsTable extends SubmissionColumns {
  first_name: string;
  last_name: string;
  email: string;
  note: string;
  /** Whether this referral mailed the invitation (an address is invited at most once a day per tenant). */
  invited: boolean;
}

// Business metrics (migration 0610): a metric of one client and one value per month ('YYYY-MM').
export interface MetricsTable {
  id: Serial;
  tenant_id: number;
  client_id: number;
  name: string;
  unit: Generated<string>;
  target: number | null;
  direction: 'up' | 'down';
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface MetricValuesTable {
  id: Serial;
  tenant_id: number;
  client_id: number;
  metric_id: number;
  period: string;
  value: number;
  note: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface ReferralInvitationsTable {
  tenant_id: number;
  email: string;
  mailed_at: Timestamp;
}

// Assessments and implementation (migration 0620). Currencies are shared by every tenant; the rest belongs
// to one client (client_id) of one tenant. Amounts are whole units of the assessment's currency.
interface CurrenciesTable {
  id: Serial;
  code: string;
  name: string;
}

interface AssessmentsTable {
  id: Serial;
  tenant_id: number;
  client_id: number;
  company_id: number | null;
  title: string;
  currency_id: number;
  assessed_on: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// An analysis line; one with a focus_rank (1 first) is a focus area, the "priority" of the implementation calls.
interface AssessmentAreasTable {
  id: Serial;
  tenant_id: number;
  client_id: number;
  assessment_id: number;
  position: number;
  name: string;
  score: number;
  current_amount: number;
  potential_amount: number;
  focus_rank: number | null;
  goal: Generated<string>;
}

interface ImplementationStepsTable {
  id: Serial;
  tenant_id: number;
  client_id: number;
  area_id: number;
  title: string;
  description: Generated<string>;
  due_date: string | null;
  // The action step this step was put on the board as, if any.
  action_step_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// Group coaching, lessons and the business academy (migration 0700). Prices are integers in the currency's
// minor unit; dates are 'YYYY-MM-DD' text.
interface GroupsTable {
  id: Serial;
  tenant_id: number;
  coach_id: number | null;
  title: string;
  name: string;
  slug: string;
  description: Generated<string>;
  group_img: string | null;
  intro_video: string | null;
  price: Generated<number>;
  currency: Generated<string>;
  /** 'one_time' or 'monthly'. */
  payment_frequency: Generated<string>;
  active: Generated<boolean>;
  template: Generated<boolean>;
  meets_on: Generated<string>;
  schedule: Generated<string>;
  start_date: string | null;
  end_date: string | null;
  final_date: string | null;
  /** 'upcoming', 'active' or 'completed'. */
  status: Generated<string>;
  /** 'free' or 'paid'. */
  group_type: Generated<string>;
  stripe_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Members at most; null: no limit. */
  capacity: number | null;
  /** 'draft' (hidden from members), 'open' or 'closed' (no one new joins). */
  state: Generated<string>;
}

/** A membership; id is the SPEC's user_group_id. status: 'active', 'pending' or 'cancelled'. */
interface UserGroupsTable {
  id: Serial;
  tenant_id: number;
  group_id: number;
  user_id: number;
  status: Generated<string>;
  paid: Generated<boolean>;
  joined_at: Timestamp;
  updated_at: Timestamp;
}

interface LessonsTable {
  id: Serial;
  tenant_id: number;
  title: string;
  slug: string;
  short_desc: Generated<string>;
  /** The coach's HTML, sanitised when read. */
  full_desc: Generated<string>;
  lesson_img: string | null;
  lesson_video: string | null;
  quiz_url: string | null;
  published: Generated<boolean>;
  free_lesson: Generated<boolean>;
  price: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The coach who authors it; null for content without one (a deleted coach). */
  coach_id: number | null;
}

interface LessonResourceTypesTable {
  id: Serial;
  tenant_id: number;
  name: string;
  owner: Generated<string>;
}

interface LessonResourcesTable {
  id: Serial;
  tenant_id: number;
  lesson_id: number;
  type_id: number;
  title: string;
  url: string;
  /** The SPEC's order. */
  sort_order: Generated<number>;
}

/** A group's lesson: lesson_length in minutes, lesson_access 1 open, 0 locked. */
interface MemberGroupLessonsTable {
  id: Serial;
  tenant_id: number;
  group_id: number;
  lesson_id: number;
  lesson_order: number;
  lesson_length: Generated<number>;
  lesson_access: Generated<number>;
}

interface LessonRecordingsTable {
  id: Serial;
  tenant_id: number;
  group_id: number;
  lesson_id: number | null;
  title: string;
  recording_url: string;
  duration_minutes: Generated<number>;
  recorded_at: Timestamp;
}

/** A file the coach uploaded to a lesson: kind 'file' (a resource) or 'video' (at most one a lesson). */
interface LessonFilesTable {
  id: Serial;
  tenant_id: number;
  lesson_id: number;
  kind: 'file' | 'video';
  name: string;
  object_key: string;
  size: number;
  content_type: string;
  created_at: Generated<Date>;
}

/** A short-lived play ticket of one member for one lesson file, stored as the token's SHA-256. */
interface LessonFileTicketsTable {
  token_hash: string;
  tenant_id: number;
  user_id: number;
  access_token_id: number;
  file_id: number;
  expires_at: Timestamp;
}

/** Per-field client times of the latest applied change (epoch ms), keyed by field name. */
type AnalyticsFieldTimes = Record<string, number>;

/** One row per member, lesson and user group (null for academy lessons). */
interface LessonAnalyticsTable {
  id: Serial;
  tenant_id: number;
  user_id: number;
  lesson_id: number;
  user_group_id: number | null;
  profit_impact: Generated<string>;
  pre_meeting: Generated<boolean>;
  attend_meeting: Generated<boolean>;
  meeting_worksheet: Generated<boolean>;
  taken_quiz: Generated<boolean>;
  post_meeting: Generated<boolean>;
  notes: Generated<string>;
  field_times: ColumnType<AnalyticsFieldTimes, string | undefined, string>;
  /** Per-field client id of the change that set it (migration 0830). */
  field_ids: ColumnType<Record<string, string>, string | undefined, string>;
  updated_at: Timestamp;
}

interface AcademyModulesTable {
  id: Serial;
  tenant_id: number;
  title: string;
  description: Generated<string>;
  module_order: number;
  coach_id: number | null;
}

interface AcademyLessonsTable {
  id: Serial;
  tenant_id: number;
  module_id: number;
  lesson_id: number;
  lesson_order: number;
  lesson_length: Generated<number>;
}

// Company files (migration 0600): a sending to the coach (or from them) with its description; its files are in
// the storage module under object_key, like mail attachments.
interface CompanyFilesTable {
  id: Serial;
  tenant_id: number;
  /** Null only for a sending to one client alone who has no company (migration 1800). */
  company_id: number | null;
  uploader_id: number;
  /** The one client a sending is for (migration 0960); null: the whole company's. */
  recipient_id: Generated<number | null>;
  description: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface CompanyFileItemsTable {
  id: Serial;
  company_file_id: number;
  object_key: string;
  name: string;
  size: number;
  content_type: string;
  created_at: Timestamp;
}

// Flash coaching (migration 0710): a progress record (SPEC §3) makes a lesson, by its slug in path, one of an
// assessment's flash-coaching lessons; access 1 opens it. Analytics: one row per client, assessment and lesson.
interface AssessmentProgressTable {
  id: Serial;
  tenant_id: number;
  assessment_id: number;
  path: string;
  access: Generated<number>;
  position: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface FlashAnalyticsTable {
  id: Serial;
  tenant_id: number;
  user_id: number;
  assessment_id: number;
  lesson_id: number;
  taken_quiz: Generated<boolean>;
  profit_impact: Generated<string>;
  notes: Generated<string>;
  field_times: ColumnType<AnalyticsFieldTimes, string | undefined, string>;
  updated_at: Timestamp;
}

// Paid groups (migration 0720): one row per purchase attempt, keyed by the client's Idempotency-Key; status is
// 'pending', 'succeeded' or 'failed', and only a verified webhook changes it. Amounts in the minor unit.
interface GroupPaymentsTable {
  id: Serial;
  tenant_id: number;
  user_id: number;
  group_id: number;
  idempotency_key: string;
  intent_id: string;
  amount: number;
  currency: string;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: Timestamp | null;
  receipt_mailed_at: Timestamp | null;
}

/** A webhook event already processed: its id is never processed again. */
interface StripeEventsTable {
  id: string;
  type: string;
  received_at: Timestamp;
}

// Mail waiting to be sent again (migration 0800): attempts so far, when the next is due, why the last failed.
interface MailOutboxTable {
  id: Serial;
  // The message (schemas/mail-message.schema.json), a column per field.
  to_address: MailMessage['to'];
  from_address: MailMessage['from'];
  subject: MailMessage['subject'];
  body: MailMessage['text'];
  // Its attachments as JSON text (migration 0980); null when it has none.
  attachments: ColumnType<MailMessage['attachments'] | null, string | null | undefined, never>;
  // The HTML body and the Message-ID (migration 1500); null for a mail queued before them.
  html: ColumnType<string | null, string | null | undefined, never>;
  message_id: ColumnType<string | null, string | null | undefined, never>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string;
  created_at: Timestamp;
}

// A topic of notifications a user turned off by mail (migration 1500); a topic without a row is mailed.
interface MailMutedTable {
  user_id: number;
  topic: MailTopic;
}

// What happened in a tenant, for webhooks out (migration 0990); `id` is the id a receiver de-duplicates on.
interface EventsTable {
  id: string;
  tenant_id: number;
  type: string;
  data: ColumnType<Record<string, unknown>, string, never>;
  created_at: Generated<Date>;
}

// Webhooks out (migration 1200): where a tenant's events go, and each event's delivery to each endpoint.
interface WebhookEndpointsTable {
  id: Serial;
  tenant_id: number;
  url: string;
  // null: every event type.
  events: ColumnType<string[] | null, string | null, string | null>;
  secret: string;
  enabled: Generated<boolean>;
  created_at: Timestamp;
  secret_rotated_at: Timestamp | null;
  // The secret a rotation replaced, signing beside the new one until previous_secret_until (migration 1850).
  previous_secret: string | null;
  previous_secret_until: Timestamp | null;
}

interface WebhookDeliveriesTable {
  id: Serial;
  tenant_id: number;
  endpoint_id: number;
  event_id: string;
  status: ColumnType<
    'pending' | 'delivered' | 'failed',
    'pending' | undefined,
    'pending' | 'delivered' | 'failed'
  >;
  attempts: Generated<number>;
  // When the next try is due (or, while an instance sends it, its lease); null once delivered or failed.
  next_attempt_at: Timestamp | null;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: Timestamp | null;
  trying_since: Generated<Date>;
  created_at: Generated<Date>;
}

// A tenant's API key for the integration API (migration 1100): the key itself is never stored, only its hash.
interface ApiKeysTable {
  id: Serial;
  tenant_id: number;
  name: string;
  scope: ApiKeyScope;
  /** The key's first characters, shown in the admin's list to tell keys apart. */
  prefix: string;
  key_hash: string;
  created_by: number;
  created_at: Timestamp;
  /** Written at most once a minute per key (api-keys/api-key-service.ts). */
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export type ApiKeyScope = 'read' | 'read-write';

// The flood guard's counters (migration 0810): requests of one route and address in the window ending then.
interface RateLimitHitsTable {
  key: string;
  count: number;
  window_ends_at: Timestamp;
}

// A coach's private notes about a client (migration 0910), never shown to the client.
interface CoachNotesTable {
  id: Serial;
  tenant_id: number;
  client_id: number;
  author_id: number;
  body: string;
  meeting_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// Every change an admin or an integration made (migration 1000); before and after are the changed fields.
interface AuditLogTable {
  id: Serial;
  tenant_id: number;
  at: Timestamp;
  actor_user_id: number | null;
  actor_key_id: number | null;
  actor_name: string;
  action: string;
  subject_type: string;
  subject_id: number;
  person_id: number | null;
  summary: string;
  before: ColumnType<Record<string, unknown> | null, string | null, never>;
  after: ColumnType<Record<string, unknown> | null, string | null, never>;
}

// The coach's programme (migration 1400): a group's live sessions, and the coach's library with its shares.
interface GroupSessionsTable {
  id: Serial;
  tenant_id: number;
  group_id: number;
  title: string;
  starts_at: Timestamp;
  duration_minutes: number;
  time_zone: string;
  meeting_url: string | null;
  /** The calendar invitation's SEQUENCE: raised on every move. */
  sequence: Generated<number>;
  created_at: Generated<Date>;
}

interface CoachResourcesTable {
  id: Serial;
  tenant_id: number;
  coach_id: number;
  title: string;
  /** A link's address; null for a file. */
  url: string | null;
  object_key: string | null;
  file_name: string | null;
  size: number | null;
  content_type: string | null;
  created_at: Timestamp;
}

/** A lesson's checklist item, in the coach's order (migration 1650). */
interface LessonChecklistItemsTable {
  id: Serial;
  tenant_id: number;
  lesson_id: number;
  text: string;
  sort_order: number;
  created_at: Generated<Date>;
}

/** A member's tick of a checklist item, per membership (null: the academy); changed_at is the client's ms. */
interface LessonChecklistTicksTable {
  id: Serial;
  tenant_id: number;
  user_id: number;
  lesson_id: number;
  user_group_id: number | null;
  item_id: number;
  ticked: boolean;
  changed_at: ColumnType<string, number, number>;
  change_id: string;
  updated_at: Timestamp;
}

interface ResourceSharesTable {
  id: Serial;
  tenant_id: number;
  resource_id: number;
  audience: 'client' | 'company' | 'group' | 'all';
  /** The client, company or group id; null for 'all'. */
  target_id: number | null;
  created_at: Timestamp;
}

export interface Database {
  tenants: TenantsTable;
  companies: CompaniesTable;
  users: UsersTable;
  coaches: CoachesTable;
  coach_clients: CoachClientsTable;
  emails: EmailsTable;
  access_tokens: AccessTokensTable;
  trusted_devices: TrustedDevicesTable;
  otp_challenges: OtpChallengesTable;
  login_links: LoginLinksTable;
  password_resets: PasswordResetsTable;
  auth_events: AuthEventsTable;
  meetings: MeetingsTable;
  lesson_meetings: LessonMeetingsTable;
  meeting_notes: MeetingNotesTable;
  action_steps: ActionStepsTable;
  commitments: CommitmentsTable;
  team_members: TeamMembersTable;
  tasks: TasksTable;
  task_shares: TaskSharesTable;
  profile_photos: ProfilePhotosTable;
  error_reports: ErrorReportsTable;
  mail_attachments: MailAttachmentsTable;
  support_tickets: SupportTicketsTable;
  testimonials: TestimonialsTable;
  referrals: ReferralsTable;
  referral_invitations: ReferralInvitationsTable;
  metrics: MetricsTable;
  metric_values: MetricValuesTable;
  metric_shares: TaskSharesTable;
  currencies: CurrenciesTable;
  assessments: AssessmentsTable;
  assessment_areas: AssessmentAreasTable;
  implementation_steps: ImplementationStepsTable;
  groups: GroupsTable;
  user_groups: UserGroupsTable;
  lessons: LessonsTable;
  lesson_resource_types: LessonResourceTypesTable;
  lesson_resources: LessonResourcesTable;
  member_group_lessons: MemberGroupLessonsTable;
  mail_outbox: MailOutboxTable;
  lesson_recordings: LessonRecordingsTable;
  lesson_analytics: LessonAnalyticsTable;
  coach_notes: CoachNotesTable;
  academy_modules: AcademyModulesTable;
  academy_lessons: AcademyLessonsTable;
  company_files: CompanyFilesTable;
  company_file_items: CompanyFileItemsTable;
  request_answers: RequestAnswersTable;
  assessment_progress: AssessmentProgressTable;
  flash_analytics: FlashAnalyticsTable;
  group_payments: GroupPaymentsTable;
  stripe_events: StripeEventsTable;
  rate_limit_hits: RateLimitHitsTable;
  events: EventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  invitations: InvitationsTable;
  email_changes: EmailChangesTable;
  audit_log: AuditLogTable;
  group_sessions: GroupSessionsTable;
  coach_resources: CoachResourcesTable;
  resource_shares: ResourceSharesTable;
  mail_muted: MailMutedTable;
  api_keys: ApiKeysTable;
  lesson_checklist_items: LessonChecklistItemsTable;
  lesson_checklist_ticks: LessonChecklistTicksTable;
  lesson_files: LessonFilesTable;
  lesson_file_tickets: LessonFileTicketsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Tenant = Selectable<TenantsTable>;
export type NewErrorReport = Insertable<ErrorReportsTable>;
