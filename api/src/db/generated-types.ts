// Generated from the migrations by `npm run db:types` (api/src/db/db-types.ts): do not edit. A new
// migration: run it, then database.ts's Database has the change; api/test/db-types.test.ts fails until then.
import type {
  AccessFlag,
  ApiKeyScope,
  AuthEventKind,
  BillingTax,
  BookedBy,
  BookingRooms,
  Buyer,
  Bytes,
  Channel,
  ClientMs,
  ClockTime,
  DayKind,
  DefaultMeetingTypes,
  DeliveryStatus,
  EventTypes,
  FieldIds,
  FieldTimes,
  FormAnswers,
  FormLayout,
  FormSchema,
  FormSendStatus,
  GrantSource,
  GroupState,
  InvoiceKind,
  InvoiceLines,
  LessonFileKind,
  MeetingAudience,
  MeetingLocation,
  MetricDirection,
  NotificationChannels,
  NotificationKind,
  Nullable,
  OfferingAudience,
  OfferingKind,
  PaymentStatus,
  PayMethod,
  PurchaseStatus,
  QueuedAttachments,
  QueuedHeaders,
  QueuedText,
  QuietHours,
  ReminderMinutes,
  RequestKind,
  RequestStatus,
  Seller,
  SentKind,
  ShareAudience,
  StoredFlags,
  SubscriptionInterval,
  SubscriptionStatus,
  WrittenOnceJson,
} from './column-types.js';
import type { ColumnType } from 'kysely';

export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U>
    ? ColumnType<S, I | undefined, U>
    : ColumnType<T, T | undefined, T>;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface AcademyLessons {
  id: Generated<number>;
  lesson_id: number;
  lesson_length: Generated<number>;
  lesson_order: number;
  module_id: number;
  tenant_id: number;
}

export interface AcademyModules {
  coach_id: number | null;
  description: Generated<string>;
  id: Generated<number>;
  module_order: number;
  tenant_id: number;
  title: string;
}

export interface AccessTokens {
  client_label: string | null;
  created_at: ClockTime;
  expires_at: ClockTime;
  id: Generated<number>;
  /**
   * Written at most once a minute (session-service.ts).
   */
  last_used_at: ClockTime;
  revoked_at: ClockTime | null;
  tenant_id: number;
  token_hash: string;
  user_id: number;
}

export interface ActionSteps {
  client_id: number;
  created_at: ClockTime;
  description: Generated<string>;
  due_date: string | null;
  /**
   * The goal the step serves; null: none.
   */
  goal_id: number | null;
  id: Generated<number>;
  /**
   * The recap the step was made from; null: none.
   */
  recap_id: number | null;
  /**
   * The API's code (SPEC §4), never a stage name.
   */
  status: Generated<number>;
  tenant_id: number;
  title: string;
  updated_at: ClockTime;
}

export interface Agreements {
  /**
   * The coach whose own agreement this is; null: the tenant's, for every other coach.
   */
  coach_id: number | null;
  created_at: ClockTime;
  id: Generated<number>;
  tenant_id: number;
}

export interface AgreementSignatures {
  agreed: boolean;
  client_id: number;
  id: Generated<number>;
  ip_address: string;
  signed_at: ClockTime;
  tenant_id: number;
  /**
   * The hash of the text the client was shown: the version's at signing.
   */
  text_sha256: string;
  /**
   * The signer's zone when they signed: the PDF tells the time in it.
   */
  time_zone: string;
  /**
   * The name the client typed to sign.
   */
  typed_name: string;
  user_agent: string;
  version_id: number;
}

export interface AgreementVersions {
  agreement_id: number;
  /**
   * Sanitised rich text (contracts/rich-text.ts), exactly as shown and signed.
   */
  body_html: string;
  id: Generated<number>;
  published_at: ClockTime;
  published_by: number | null;
  tenant_id: number;
  /**
   * Hex sha256 of body_html as UTF-8: what a signature binds.
   */
  text_sha256: string;
  title: string;
  /**
   * 1, 2, … per agreement: the newest is the current one.
   */
  version: number;
}

export interface ApiKeys {
  created_at: ClockTime;
  created_by: number;
  id: Generated<number>;
  key_hash: string;
  /**
   * Written at most once a minute per key (api-keys/api-key-service.ts).
   */
  last_used_at: ClockTime | null;
  name: string;
  /**
   * The key's first characters, shown in the admin's list to tell keys apart.
   */
  prefix: string;
  revoked_at: ClockTime | null;
  scope: ApiKeyScope;
  tenant_id: number;
}

export interface AssessmentAreas {
  assessment_id: number;
  client_id: number;
  current_amount: number;
  /**
   * Set (1 first): a focus area, the "priority" of the implementation calls; null: an analysis line.
   */
  focus_rank: number | null;
  goal: Generated<string>;
  id: Generated<number>;
  name: string;
  position: number;
  potential_amount: number;
  score: number;
  tenant_id: number;
}

export interface AssessmentProgress {
  /**
   * 1 opens the lesson.
   */
  access: Generated<AccessFlag>;
  assessment_id: number;
  created_at: ClockTime;
  id: Generated<number>;
  /**
   * A lesson's slug: the lesson is one of the assessment's flash-coaching lessons.
   */
  path: string;
  position: Generated<number>;
  tenant_id: number;
  updated_at: ClockTime;
}

export interface Assessments {
  assessed_on: string;
  client_id: number;
  company_id: number | null;
  created_at: ClockTime;
  currency_id: number;
  id: Generated<number>;
  tenant_id: number;
  title: string;
  updated_at: ClockTime;
}

export interface AuditLog {
  action: string;
  actor_key_id: number | null;
  actor_name: string;
  actor_user_id: number | null;
  after: Nullable<WrittenOnceJson>;
  at: ClockTime;
  before: Nullable<WrittenOnceJson>;
  id: Generated<number>;
  person_id: number | null;
  subject_id: number;
  subject_type: string;
  summary: string;
  tenant_id: number;
}

export interface AuthEvents {
  created_at: ClockTime;
  id: Generated<number>;
  ip: string;
  /**
   * captcha_passed: one login attempt past the account limit is allowed per row.
   */
  kind: AuthEventKind;
  /**
   * login_failure: the lowercased email; otp_sent, reset_sent: the user id; captcha_passed: the IP.
   */
  subject: string;
  tenant_id: number;
}

export interface AvailabilityDays {
  coach_id: number;
  /**
   * YYYY-MM-DD on the coach's calendar.
   */
  date: string;
  end_time: string | null;
  id: Generated<number>;
  /**
   * off: no hours that day; extra: these hours besides (or instead of) the week.
   */
  kind: DayKind;
  start_time: string | null;
  tenant_id: number;
}

export interface AvailabilityRanges {
  coach_id: number;
  /**
   * HH:mm on the coach's wall clock; 24:00 is midnight at the day's end.
   */
  end_time: string;
  id: Generated<number>;
  /**
   * HH:mm on the coach's wall clock (users.time_zone).
   */
  start_time: string;
  tenant_id: number;
  /**
   * ISO: 1 Monday … 7 Sunday.
   */
  weekday: number;
}

export interface BookingSettings {
  buffer_after_minutes: Generated<number>;
  buffer_before_minutes: Generated<number>;
  coach_id: number;
  horizon_days: Generated<number>;
  /**
   * At most this many meetings on one of the coach's days; null: no cap.
   */
  max_per_day: number | null;
  min_notice_minutes: Generated<number>;
  tenant_id: number;
}

export interface CalendarBusy {
  connection_id: number;
  ends_at: ClockTime;
  starts_at: ClockTime;
}

export interface CalendarConnections {
  coach_id: number;
  created_at: ClockTime;
  host: string;
  id: Generated<number>;
  label: string;
  last_attempt_at: ClockTime | null;
  /**
   * The last fetch that replaced the busy times; null: none yet.
   */
  last_success_at: ClockTime | null;
  /**
   * Why the last fetch failed, as the coach reads it; null when it worked.
   */
  problem: string | null;
  tenant_id: number;
  /**
   * The calendar's secret subscription address (migration 1880): fetched, never answered ("host" is).
   */
  url: string;
}

export interface CalendarFeedTokens {
  created_at: ClockTime;
  id: Generated<number>;
  tenant_id: number;
  /**
   * The feed address's token, SHA-256 (migration 1880); its row deleted when revoked.
   */
  token_hash: string;
  user_id: number;
}

export interface CoachClients {
  client_id: number;
  coach_id: number;
  since: ClockTime;
  tenant_id: number;
}

export interface Coaches {
  bio: string;
  booking_url: string | null;
  certifications: string;
  id: Generated<number>;
  /**
   * The coach gets a summary of the day's work by mail each morning.
   */
  morning_summary: Generated<boolean>;
  /**
   * The coach's fixed video room, for tenant.json's booking.rooms kind coach.
   */
  room_url: string | null;
  specialties: string;
  tenant_id: number;
  user_id: number;
  years_experience: number;
}

export interface CoachNotes {
  author_id: number;
  body: string;
  client_id: number;
  created_at: ClockTime;
  id: Generated<number>;
  meeting_id: number | null;
  tenant_id: number;
  updated_at: ClockTime;
}

export interface CoachResources {
  coach_id: number;
  content_type: string | null;
  created_at: Generated<ClockTime>;
  file_name: string | null;
  id: Generated<number>;
  object_key: string | null;
  size: number | null;
  tenant_id: number;
  title: string;
  /**
   * A link's address; null for a file.
   */
  url: string | null;
}

export interface Commitments {
  client_id: number;
  created_at: ClockTime;
  description: Generated<string>;
  due_date: string | null;
  id: Generated<number>;
  /**
   * The API's code (SPEC §4), never a stage name.
   */
  status: Generated<number>;
  tenant_id: number;
  title: string;
  updated_at: ClockTime;
}

export interface Companies {
  id: Generated<number>;
  industry: string | null;
  name: string;
  tenant_id: number;
  website: string | null;
}

export interface CompanyFileItems {
  company_file_id: number;
  content_type: string;
  created_at: ClockTime;
  id: Generated<number>;
  name: string;
  object_key: string;
  size: number;
}

export interface CompanyFiles {
  /**
   * null only for a sending to one client alone who has no company (migration 1800).
   */
  company_id: number | null;
  created_at: ClockTime;
  description: Generated<string>;
  id: Generated<number>;
  /**
   * The one client a sending is for (migration 0960); null: the whole company's.
   */
  recipient_id: number | null;
  tenant_id: number;
  updated_at: ClockTime;
  uploader_id: number;
}

export interface CreditGrants {
  actor_id: number | null;
  client_id: number;
  created_at: ClockTime;
  expires_at: ClockTime | null;
  id: Generated<number>;
  /**
   * The type its credits book; null: any of the client's types that need one.
   */
  meeting_type_id: number | null;
  /**
   * The subscription period it is for; null for a package's one grant.
   */
  period_start: ClockTime | null;
  purchase_id: number | null;
  /**
   * Credits given; below zero only for an adjustment down (reason and actor set).
   */
  quantity: number;
  reason: string | null;
  source: GrantSource;
  tenant_id: number;
}

export interface CreditUses {
  created_at: ClockTime;
  grant_id: number;
  id: Generated<number>;
  meeting_id: number;
  /**
   * A cancellation within the notice gave the credit back.
   */
  returned_at: ClockTime | null;
}

export interface Currencies {
  code: string;
  id: Generated<number>;
  name: string;
}

export interface EmailChanges {
  cancelled_at: ClockTime | null;
  created_at: ClockTime;
  expires_at: ClockTime;
  id: Generated<number>;
  new_email: string;
  tenant_id: number;
  token_hash: string;
  used_at: ClockTime | null;
  user_id: number;
}

export interface Emails {
  body: string;
  created_at: ClockTime;
  /**
   * Each party hides a message for themselves only (migration 0400).
   */
  deleted_by_recipient: Generated<boolean>;
  /**
   * Each party hides a message for themselves only (migration 0400).
   */
  deleted_by_sender: Generated<boolean>;
  from_user_id: number;
  id: Generated<number>;
  /**
   * The thread's first message; null on that message itself.
   */
  parent_id: number | null;
  /**
   * The message this one answers.
   */
  previous_id: number | null;
  read: Generated<boolean>;
  subject: string;
  tenant_id: number;
  to_user_id: number;
  updated_at: ClockTime;
}

export interface ErrorReports {
  created_at: ClockTime;
  host: string;
  id: Generated<number>;
  ip: string;
  message: string;
  pathname: string;
  request_id: string;
  subject: string;
  tenant_id: number;
  url: string;
  user_id: string | null;
}

export interface Events {
  created_at: Generated<ClockTime>;
  data: WrittenOnceJson;
  id: string;
  tenant_id: number;
  type: string;
}

export interface FlashAnalytics {
  assessment_id: number;
  field_times: Generated<FieldTimes>;
  id: Generated<number>;
  lesson_id: number;
  notes: Generated<string>;
  profit_impact: Generated<string>;
  taken_quiz: Generated<boolean>;
  tenant_id: number;
  updated_at: ClockTime;
  user_id: number;
}

export interface Forms {
  archived_at: ClockTime | null;
  created_at: ClockTime;
  id: Generated<number>;
  /**
   * The tenant's intake form: sent once to each new client (one per tenant).
   */
  intake: Generated<boolean>;
  /**
   * The coach whose form it is; null: the tenant's (an admin's), for every coach to send.
   */
  owner_id: number | null;
  tenant_id: number;
  title: string;
  updated_at: ClockTime;
}

export interface FormSends {
  answers: Generated<FormAnswers>;
  client_id: number;
  due_on: Timestamp | null;
  form_id: number;
  group_id: number | null;
  id: Generated<number>;
  /**
   * The meeting it prepares for, if any.
   */
  meeting_id: number | null;
  saved_at: ClockTime | null;
  sent_at: ClockTime;
  /**
   * The coach or admin who sent it; null: sent automatically (intake, session prep).
   */
  sent_by: number | null;
  /**
   * draft (saved as the client types) or submitted (once; never changed after).
   */
  status: Generated<FormSendStatus>;
  submitted_at: ClockTime | null;
  tenant_id: number;
  version_id: number;
}

export interface FormVersions {
  /**
   * JSON Schema (2020-12) of the answers, built from the layout (contracts/forms.ts).
   */
  answers_schema: FormSchema;
  created_at: ClockTime;
  form_id: number;
  id: Generated<number>;
  /**
   * Sections, question order, help text and "shown when" conditions.
   */
  layout: FormLayout;
  tenant_id: number;
  version: number;
}

export interface GoalMilestones {
  client_id: number;
  created_at: ClockTime;
  done: Generated<boolean>;
  goal_id: number;
  id: Generated<number>;
  tenant_id: number;
  title: string;
}

export interface Goals {
  author_id: number;
  client_id: number;
  completed_at: ClockTime | null;
  created_at: ClockTime;
  id: Generated<number>;
  /**
   * open, completed or dropped.
   */
  status: Generated<string>;
  /**
   * YYYY-MM-DD (a calendar day, as action steps keep their due dates); null: none.
   */
  target_date: string | null;
  tenant_id: number;
  title: string;
  updated_at: ClockTime;
  /**
   * Why the client wants it (plain text).
   */
  why: Generated<string>;
}

export interface GroupPayments {
  amount: number;
  created_at: ClockTime;
  currency: string;
  group_id: number;
  id: Generated<number>;
  /**
   * The client's Idempotency-Key: one row per purchase attempt.
   */
  idempotency_key: string;
  intent_id: string;
  paid_at: ClockTime | null;
  receipt_mailed_at: ClockTime | null;
  /**
   * pending, succeeded or failed; only a verified webhook changes it.
   */
  status: PaymentStatus;
  tenant_id: number;
  updated_at: ClockTime;
  user_id: number;
}

export interface Groups {
  active: Generated<boolean>;
  /**
   * Members at most; null: no limit.
   */
  capacity: number | null;
  coach_id: number | null;
  created_at: ClockTime;
  currency: Generated<string>;
  description: Generated<string>;
  end_date: string | null;
  final_date: string | null;
  group_img: string | null;
  /**
   * free or paid.
   */
  group_type: Generated<string>;
  id: Generated<number>;
  intro_video: string | null;
  meets_on: Generated<string>;
  name: string;
  /**
   * one_time or monthly.
   */
  payment_frequency: Generated<string>;
  price: Generated<number>;
  schedule: Generated<string>;
  slug: string;
  start_date: string | null;
  /**
   * draft (hidden from members), open or closed (no one new joins).
   */
  state: Generated<GroupState>;
  /**
   * upcoming, active or completed.
   */
  status: Generated<string>;
  stripe_id: string | null;
  template: Generated<boolean>;
  tenant_id: number;
  title: string;
  updated_at: ClockTime;
}

export interface GroupSessions {
  created_at: Generated<ClockTime>;
  duration_minutes: number;
  group_id: number;
  id: Generated<number>;
  meeting_url: string | null;
  /**
   * The calendar invitation's SEQUENCE: raised on every move.
   */
  sequence: Generated<number>;
  starts_at: ClockTime;
  tenant_id: number;
  time_zone: string;
  title: string;
}

export interface ImplementationSteps {
  /**
   * The action step this step was put on the board as, if any.
   */
  action_step_id: number | null;
  area_id: number;
  client_id: number;
  created_at: ClockTime;
  description: Generated<string>;
  due_date: string | null;
  id: Generated<number>;
  tenant_id: number;
  title: string;
  updated_at: ClockTime;
}

export interface Invitations {
  created_at: ClockTime;
  expires_at: ClockTime;
  id: Generated<number>;
  tenant_id: number;
  token_hash: string;
  used_at: ClockTime | null;
  user_id: number;
}

export interface Invoices {
  buyer: Buyer;
  client_id: number;
  currency: string;
  id: Generated<number>;
  issued_at: ClockTime;
  kind: InvoiceKind;
  /**
   * [{ description, quantity, amount }] as issued (amount tax included, minor units).
   */
  lines: InvoiceLines;
  /**
   * The printed number: the prefix and the sequence, e.g. INV-000042.
   */
  number: string;
  payment_id: number;
  refund_id: number | null;
  seller: Seller;
  /**
   * The tenant's invoice sequence: 1, 2, 3 … with no gap (credit notes share it).
   */
  seq: number;
  subtotal: number;
  tax: number;
  tax_label: string | null;
  tax_rate_bp: number | null;
  tenant_id: number;
  total: number;
}

export interface InvoiceSequences {
  last: Generated<number>;
  tenant_id: number;
}

export interface LessonAnalytics {
  attend_meeting: Generated<boolean>;
  /**
   * Per-field client id of the change that set it (migration 0830).
   */
  field_ids: Generated<FieldIds>;
  /**
   * Per-field client times of the latest applied change (epoch ms), keyed by field name.
   */
  field_times: Generated<FieldTimes>;
  id: Generated<number>;
  lesson_id: number;
  meeting_worksheet: Generated<boolean>;
  notes: Generated<string>;
  post_meeting: Generated<boolean>;
  pre_meeting: Generated<boolean>;
  profit_impact: Generated<string>;
  taken_quiz: Generated<boolean>;
  tenant_id: number;
  updated_at: ClockTime;
  /**
   * null for an academy lesson.
   */
  user_group_id: number | null;
  user_id: number;
}

export interface LessonChecklistItems {
  created_at: Generated<ClockTime>;
  id: Generated<number>;
  lesson_id: number;
  sort_order: number;
  tenant_id: number;
  text: string;
}

export interface LessonChecklistTicks {
  change_id: string;
  /**
   * The client's time of the tick, in epoch ms.
   */
  changed_at: ClientMs;
  id: Generated<number>;
  item_id: number;
  lesson_id: number;
  tenant_id: number;
  ticked: boolean;
  updated_at: ClockTime;
  /**
   * null: the academy.
   */
  user_group_id: number | null;
  user_id: number;
}

export interface LessonFiles {
  content_type: string;
  created_at: Generated<ClockTime>;
  id: Generated<number>;
  /**
   * file (a resource) or video (at most one a lesson).
   */
  kind: LessonFileKind;
  lesson_id: number;
  name: string;
  object_key: string;
  size: number;
  tenant_id: number;
}

export interface LessonFileTickets {
  access_token_id: number;
  expires_at: ClockTime;
  file_id: number;
  tenant_id: number;
  /**
   * A short-lived play ticket's SHA-256.
   */
  token_hash: string;
  user_id: number;
}

export interface LessonMeetings {
  client_id: number;
  /**
   * The group whose lesson it is (migration 0820); null outside any group.
   */
  group_id: number | null;
  id: Generated<number>;
  meeting_time: ClockTime;
  meeting_url: string | null;
  /**
   * The group's live session this member's row is of (migration 1400); null for older rows.
   */
  session_id: number | null;
  tenant_id: number;
  time_zone: string;
  title: string;
}

export interface LessonRecordings {
  duration_minutes: Generated<number>;
  group_id: number;
  id: Generated<number>;
  lesson_id: number | null;
  recorded_at: ClockTime;
  recording_url: string;
  tenant_id: number;
  title: string;
}

export interface LessonResources {
  id: Generated<number>;
  lesson_id: number;
  /**
   * The SPEC's order.
   */
  sort_order: Generated<number>;
  tenant_id: number;
  title: string;
  type_id: number;
  url: string;
}

export interface LessonResourceTypes {
  id: Generated<number>;
  name: string;
  owner: Generated<string>;
  tenant_id: number;
}

export interface Lessons {
  /**
   * The coach who authors it; null for content without one (a deleted coach).
   */
  coach_id: number | null;
  created_at: ClockTime;
  free_lesson: Generated<boolean>;
  /**
   * The coach's HTML, sanitised when read.
   */
  full_desc: Generated<string>;
  id: Generated<number>;
  lesson_img: string | null;
  lesson_video: string | null;
  price: Generated<number>;
  published: Generated<boolean>;
  quiz_url: string | null;
  short_desc: Generated<string>;
  slug: string;
  tenant_id: number;
  title: string;
  updated_at: ClockTime;
}

export interface LoginLinks {
  created_at: ClockTime;
  expires_at: ClockTime;
  id: Generated<number>;
  /**
   * Returned to the client as loginotpfbs' data.otp; the token itself is only in the mail.
   */
  public_id: string;
  tenant_id: number;
  token_hash: string;
  used_at: ClockTime | null;
  user_id: number;
}

export interface MailAttachments {
  content_type: string;
  created_at: ClockTime;
  /**
   * null until the uploader sends it with a message (unsent uploads are purged after a day).
   */
  email_id: number | null;
  id: Generated<number>;
  name: string;
  object_key: string;
  size: number;
  tenant_id: number;
  uploader_id: number;
}

export interface MailOutbox {
  /**
   * Its attachments as JSON text (migration 0980); null when it has none.
   */
  attachments: Nullable<QueuedAttachments>;
  attempts: Generated<number>;
  body: string;
  created_at: ClockTime;
  from_address: string;
  /**
   * A notification's List-Unsubscribe and List-Unsubscribe-Post headers; null: a mail without them.
   */
  headers: Nullable<QueuedHeaders>;
  /**
   * The HTML body (migration 1500); null for a mail queued before it.
   */
  html: Nullable<QueuedText>;
  id: Generated<number>;
  last_error: string;
  /**
   * The Message-ID (migration 1500); null for a mail queued before it.
   */
  message_id: Nullable<QueuedText>;
  subject: string;
  to_address: string;
}

export interface MeetingNotes {
  body: string;
  client_id: number;
  created_at: ClockTime;
  id: Generated<number>;
  meeting_date: string | null;
  tenant_id: number;
  title: string;
  updated_at: ClockTime;
}

export interface Meetings {
  agenda: Generated<string>;
  /**
   * coach (scheduled by the coach), client (booked in the portal) or integration (a key).
   */
  booked_by: Generated<BookedBy>;
  client_id: number;
  /**
   * What the client wrote when booking.
   */
  client_note: Generated<string>;
  coach_id: number | null;
  duration_minutes: number;
  id: Generated<number>;
  meeting_type_id: number | null;
  meeting_url: string | null;
  /**
   * Where the meeting takes place when it is not online (migration 0980).
   */
  place: string | null;
  /**
   * The calendar invitation's SEQUENCE: raised on every reschedule or edit (migration 0980).
   */
  sequence: Generated<number>;
  starts_at: ClockTime;
  tenant_id: number;
  time_zone: string;
  title: string;
}

export interface MeetingTypes {
  /**
   * false: archived (a type with meetings is never deleted).
   */
  active: Generated<boolean>;
  /**
   * clients (all the coach's), group (group_id's members) or flag (who holds flag).
   */
  audience: Generated<MeetingAudience>;
  coach_id: number;
  created_at: ClockTime;
  description: Generated<string>;
  duration_minutes: number;
  flag: string | null;
  group_id: number | null;
  id: Generated<number>;
  location: MeetingLocation;
  name: string;
  needs_credit: Generated<boolean>;
  /**
   * Move or cancel up to this many hours before; null: tenant.json's noticeHours.
   */
  notice_hours: number | null;
  place: string | null;
  /**
   * A form sent to the client when a meeting of this type is booked.
   */
  prep_form_id: number | null;
  tenant_id: number;
}

export interface MemberGroupLessons {
  group_id: number;
  id: Generated<number>;
  /**
   * 1 open, 0 locked.
   */
  lesson_access: Generated<AccessFlag>;
  lesson_id: number;
  /**
   * In minutes.
   */
  lesson_length: Generated<number>;
  lesson_order: number;
  tenant_id: number;
}

export interface Metrics {
  client_id: number;
  created_at: ClockTime;
  direction: MetricDirection;
  id: Generated<number>;
  name: string;
  target: number | null;
  tenant_id: number;
  unit: Generated<string>;
  updated_at: ClockTime;
}

export interface MetricShares {
  client_id: number;
  created_at: ClockTime;
  id: Generated<number>;
  tenant_id: number;
  to_email: string;
}

export interface MetricValues {
  client_id: number;
  created_at: ClockTime;
  id: Generated<number>;
  metric_id: number;
  note: Generated<string>;
  period: string;
  tenant_id: number;
  updated_at: ClockTime;
  value: number;
}

export interface NotificationPreferences {
  channel: Channel;
  /**
   * The person's own choice for the kind on the channel; no row: the tenant's default.
   */
  enabled: boolean;
  kind: NotificationKind;
  user_id: number;
}

export interface Notifications {
  body: string | null;
  created_at: ClockTime;
  /**
   * The event (events.id) that raised it; null for a reminder.
   */
  event_id: string | null;
  id: Generated<number>;
  /**
   * A kind of contracts/notifications.ts.
   */
  kind: NotificationKind;
  /**
   * The app's page it opens (a path), for the person it is for.
   */
  link: string;
  /**
   * When its person opened it or marked it read; null: unread.
   */
  read_at: ClockTime | null;
  tenant_id: number;
  title: string;
  user_id: number;
}

export interface OfferingInvitations {
  client_id: number;
  offering_id: number;
  tenant_id: number;
}

export interface Offerings {
  /**
   * false: archived, no longer sold (what was bought stays).
   */
  active: Generated<boolean>;
  audience: Generated<OfferingAudience>;
  /**
   * The coach who sells it; null: the tenant's own (an admin's), for every coach.
   */
  coach_id: number | null;
  created_at: Generated<ClockTime>;
  currency: string;
  description: Generated<string>;
  group_id: number | null;
  id: Generated<number>;
  /**
   * A payment plan's number of monthly instalments (its price is the total).
   */
  instalments: number | null;
  /**
   * A subscription's (or a plan's instalments') period: month or quarter.
   */
  interval: Nullable<SubscriptionInterval>;
  kind: OfferingKind;
  meeting_type_id: number | null;
  /**
   * What the client pays, tax included, in minor units: the total, or per period.
   */
  price: number;
  /**
   * Credits it gives: 1 a session, N a package, N a period (null: none) a subscription.
   */
  sessions: number | null;
  stripe_price_id: string | null;
  tenant_id: number;
  title: string;
  /**
   * A package's credits expire this many months after the purchase.
   */
  valid_months: number | null;
}

export interface OtpChallenges {
  code_hash: string;
  consumed_at: ClockTime | null;
  created_at: ClockTime;
  expires_at: ClockTime;
  /**
   * Tries used on the current code, counted before comparing (reserveTry); reset by a resend.
   */
  failed_attempts: Generated<number>;
  id: Generated<number>;
  /**
   * The opaque reference the client holds; the row id never leaves the server.
   */
  public_id: string;
  tenant_id: number;
  user_id: number;
}

export interface PasswordResets {
  created_at: ClockTime;
  expires_at: ClockTime;
  id: Generated<number>;
  tenant_id: number;
  token_hash: string;
  used_at: ClockTime | null;
  user_id: number;
}

export interface Payments {
  amount: number;
  client_id: number;
  currency: string;
  id: Generated<number>;
  method: PayMethod;
  note: string | null;
  paid_at: ClockTime;
  purchase_id: number;
  /**
   * The admin who recorded an offline payment; null for a card payment.
   */
  recorded_by: number | null;
  refunded_amount: Generated<number>;
  /**
   * Stripe's PaymentIntent (one-off) or Invoice (renewal) id; null when offline.
   */
  stripe_ref: string | null;
  /**
   * The tax inside amount (prices include tax), as its invoice shows it.
   */
  tax_amount: Generated<number>;
  tenant_id: number;
}

export interface ProfilePhotos {
  bytes: Bytes;
  content_type: string;
  public_id: string;
  tenant_id: number;
  updated_at: ClockTime;
  user_id: number;
}

export interface Purchases {
  /**
   * The price as it was sold, in minor units (the total, or per period).
   */
  amount: number;
  client_id: number;
  created_at: ClockTime;
  currency: string;
  id: Generated<number>;
  /**
   * The client's Idempotency-Key: a retried buy answers the same purchase.
   */
  idempotency_key: string;
  method: PayMethod;
  offering_id: number;
  paid_at: ClockTime | null;
  status: Generated<PurchaseStatus>;
  stripe_payment_intent: string | null;
  stripe_subscription_id: string | null;
  tenant_id: number;
}

export interface PushSubscriptions {
  auth: string;
  created_at: ClockTime;
  /**
   * The push service's address for one device's subscription (dropped when it answers 404 or 410).
   */
  endpoint: string;
  id: Generated<number>;
  last_success_at: ClockTime | null;
  p256dh: string;
  tenant_id: number;
  user_agent: string | null;
  user_id: number;
}

export interface RateLimitHits {
  count: number;
  key: string;
  window_ends_at: ClockTime;
}

export interface RecapComments {
  author_id: number;
  body: string;
  /**
   * The recap's client: the comment is read by whoever may read the recap.
   */
  client_id: number;
  created_at: ClockTime;
  id: Generated<number>;
  recap_id: number;
  tenant_id: number;
}

export interface Recaps {
  author_id: number;
  /**
   * Rich text, cut to contracts/rich-text.ts before it is stored.
   */
  body: string;
  client_id: number;
  created_at: ClockTime;
  id: Generated<number>;
  meeting_id: number;
  /**
   * When the coach shared it with the client; null: a draft only the coach sees.
   */
  shared_at: ClockTime | null;
  tenant_id: number;
  updated_at: ClockTime;
}

export interface ReferralInvitations {
  email: string;
  mailed_at: ClockTime;
  tenant_id: number;
}

export interface Referrals {
  created_at: ClockTime;
  email: string;
  first_name: string;
  id: Generated<number>;
  /**
   * Whether this referral mailed the invitation (an address is invited at most once a day per tenant).
   */
  invited: boolean;
  last_name: string;
  note: string;
  request_id: string;
  /**
   * Where the coach is with it (migration 0950): new, in_progress or done.
   */
  status: Generated<RequestStatus>;
  status_changed_at: ClockTime | null;
  tenant_id: number;
  user_id: number;
}

export interface Refunds {
  actor_id: number | null;
  amount: number;
  created_at: ClockTime;
  id: Generated<number>;
  payment_id: number;
  reason: string;
  stripe_refund_id: string | null;
  tenant_id: number;
}

export interface ReminderSends {
  /**
   * What was reminded, to whom and for when (a meeting, its start and the offset; a day of steps): sent once.
   */
  key: string;
  kind: SentKind;
  sent_at: ClockTime;
  tenant_id: number;
  user_id: number;
}

export interface RequestAnswers {
  author_id: number;
  body: string;
  /**
   * The client whose request it answers: the row is theirs (access/scope.ts).
   */
  client_id: number;
  created_at: ClockTime;
  id: Generated<number>;
  kind: RequestKind;
  request_id: number;
  tenant_id: number;
}

export interface ResourceShares {
  audience: ShareAudience;
  created_at: Generated<ClockTime>;
  id: Generated<number>;
  resource_id: number;
  /**
   * The client, company or group id; null for 'all'.
   */
  target_id: number | null;
  tenant_id: number;
}

export interface StripeEvents {
  id: string;
  received_at: ClockTime;
  type: string;
}

export interface Subscriptions {
  cancel_at_period_end: Generated<boolean>;
  current_period_end: ClockTime;
  current_period_start: ClockTime;
  /**
   * A payment plan's instalments paid so far (it ends at the last).
   */
  instalments_paid: Generated<number>;
  /**
   * When a renewal failed and stayed unpaid; null: paid up.
   */
  past_due_since: ClockTime | null;
  purchase_id: number;
  status: SubscriptionStatus;
}

export interface SupportTickets {
  category: string;
  created_at: ClockTime;
  id: Generated<number>;
  message: string;
  request_id: string;
  /**
   * Where the coach is with it (migration 0950): new, in_progress or done.
   */
  status: Generated<RequestStatus>;
  status_changed_at: ClockTime | null;
  subject: string;
  tenant_id: number;
  user_id: number;
}

export interface Tasks {
  client_id: number;
  created_at: ClockTime;
  deadline: ClockTime | null;
  file_name: string | null;
  id: Generated<number>;
  note: Generated<string>;
  responsibility: Generated<string>;
  status: Generated<number>;
  team_member_id: number | null;
  tenant_id: number;
  title: string;
  updated_at: ClockTime;
}

export interface TaskShares {
  client_id: number;
  created_at: ClockTime;
  id: Generated<number>;
  tenant_id: number;
  to_email: string;
}

export interface TeamMembers {
  client_id: number;
  created_at: ClockTime;
  email: string | null;
  first_name: string;
  id: Generated<number>;
  last_name: string;
  tenant_id: number;
  updated_at: ClockTime;
}

export interface Tenants {
  /**
   * tenant.json's agreements.required: booking and joining a group need the current version signed.
   */
  agreement_required: Generated<boolean>;
  /**
   * tenant.json's billing.currency, lower case: what offerings are priced in.
   */
  billing_currency: Generated<string>;
  /**
   * Days a failed renewal keeps booking open (tenant.json billing.graceDays).
   */
  billing_grace_days: Generated<number>;
  /**
   * What invoice numbers start with (tenant.json billing.invoicePrefix).
   */
  billing_invoice_prefix: Generated<string>;
  /**
   * How to pay without cards (tenant.json billing.offlinePayment); null: not said.
   */
  billing_offline: string | null;
  /**
   * tenant.json's billing.seller: { name, address[], taxId?, email? }.
   */
  billing_seller: Nullable<Seller>;
  /**
   * tenant.json's billing.tax as { label, rateBp } (basis points); null: no tax shown.
   */
  billing_tax: Nullable<BillingTax>;
  /**
   * tenant.json's billing.timeZone (IANA): the months the admin's revenue counts in.
   */
  billing_time_zone: Generated<string>;
  /**
   * tenant.json's booking.meetingTypes: the types a coach starts with.
   */
  booking_meeting_types: Generated<DefaultMeetingTypes>;
  /**
   * tenant.json's booking.noticeHours.
   */
  booking_notice_hours: Generated<number>;
  /**
   * tenant.json's booking.rooms: { kind: none | jitsi (with baseUrl) | coach }.
   */
  booking_rooms: Generated<BookingRooms>;
  /**
   * tenant.json's defaultFlags, every flag filled (migration 0900).
   */
  default_flags: Generated<StoredFlags>;
  domain: string;
  id: number;
  /**
   * tenant.json's integrationApi.messageContent: the integration feed carries subjects and bodies.
   */
  integration_message_content: Generated<boolean>;
  name: string;
  /**
   * tenant.json's notifications.channels: kind → the channels it uses.
   */
  notification_channels: Generated<NotificationChannels>;
  /**
   * tenant.json's notifications.quietHours: { from, to } as HH:mm.
   */
  quiet_hours: Generated<QuietHours>;
  /**
   * tenant.json's notifications.meetingReminders: minutes before a meeting.
   */
  reminder_minutes: Generated<ReminderMinutes>;
  slug: string;
}

export interface Testimonials {
  /**
   * The coach approved it for publication (migration 0950).
   */
  approved: Generated<boolean>;
  consented_at: ClockTime;
  created_at: ClockTime;
  display_name: string;
  id: Generated<number>;
  request_id: string;
  /**
   * Where the coach is with it (migration 0950): new, in_progress or done.
   */
  status: Generated<RequestStatus>;
  status_changed_at: ClockTime | null;
  tenant_id: number;
  testimonial: string;
  user_id: number;
}

export interface TrustedDevices {
  client_label: string | null;
  created_at: ClockTime;
  expires_at: ClockTime;
  id: Generated<number>;
  revoked_at: ClockTime | null;
  tenant_id: number;
  token_hash: string;
  user_id: number;
}

export interface UserGroups {
  group_id: number;
  /**
   * The SPEC's user_group_id.
   */
  id: Generated<number>;
  joined_at: ClockTime;
  paid: Generated<boolean>;
  /**
   * active, pending or cancelled.
   */
  status: Generated<string>;
  tenant_id: number;
  updated_at: ClockTime;
  user_id: number;
}

export interface Users {
  birthday: string | null;
  company_id: number | null;
  created_at: ClockTime;
  /**
   * Set by an admin (migration 1000): the person keeps their data but cannot sign in.
   */
  deactivated_at: ClockTime | null;
  email: string;
  facebook: string | null;
  first_name: string;
  /**
   * The flags the user has set (migration 0900); one left out takes the tenant's default.
   */
  flags: Generated<StoredFlags>;
  id: Generated<number>;
  last_name: string;
  linkedin: string | null;
  location: string | null;
  /**
   * null: the account cannot sign in with a password (e.g. a coach record).
   */
  password_hash: string | null;
  phone_number: string | null;
  profile_pic: string | null;
  /**
   * HH:mm in the person's zone: no mail or push from then; null: the tenant's hours.
   */
  quiet_from: string | null;
  /**
   * HH:mm in the person's zone: the quiet hours end.
   */
  quiet_to: string | null;
  role_id: Generated<number>;
  /**
   * The client's Stripe Customer, made at their first subscription.
   */
  stripe_customer_id: string | null;
  tenant_id: number;
  time_zone: string | null;
  title: string | null;
  twitter: string | null;
  updated_at: ClockTime;
  website: string | null;
}

export interface WebhookDeliveries {
  attempts: Generated<number>;
  created_at: Generated<ClockTime>;
  endpoint_id: number;
  event_id: string;
  id: Generated<number>;
  last_attempt_at: ClockTime | null;
  last_error: string | null;
  last_status_code: number | null;
  /**
   * When the next try is due (or, while an instance sends it, its lease); null once delivered or failed.
   */
  next_attempt_at: ClockTime | null;
  status: Generated<DeliveryStatus>;
  tenant_id: number;
  trying_since: Generated<ClockTime>;
}

export interface WebhookEndpoints {
  created_at: ClockTime;
  enabled: Generated<boolean>;
  /**
   * null: every event type.
   */
  events: Nullable<EventTypes>;
  id: Generated<number>;
  /**
   * The secret a rotation replaced (migration 1850), signing beside the new until previous_secret_until.
   */
  previous_secret: string | null;
  previous_secret_until: ClockTime | null;
  secret: string;
  secret_rotated_at: ClockTime | null;
  tenant_id: number;
  url: string;
}

export interface DB {
  academy_lessons: AcademyLessons;
  academy_modules: AcademyModules;
  access_tokens: AccessTokens;
  action_steps: ActionSteps;
  agreement_signatures: AgreementSignatures;
  agreement_versions: AgreementVersions;
  agreements: Agreements;
  api_keys: ApiKeys;
  assessment_areas: AssessmentAreas;
  assessment_progress: AssessmentProgress;
  assessments: Assessments;
  audit_log: AuditLog;
  auth_events: AuthEvents;
  availability_days: AvailabilityDays;
  availability_ranges: AvailabilityRanges;
  booking_settings: BookingSettings;
  calendar_busy: CalendarBusy;
  calendar_connections: CalendarConnections;
  calendar_feed_tokens: CalendarFeedTokens;
  coach_clients: CoachClients;
  coach_notes: CoachNotes;
  coach_resources: CoachResources;
  coaches: Coaches;
  commitments: Commitments;
  companies: Companies;
  company_file_items: CompanyFileItems;
  company_files: CompanyFiles;
  credit_grants: CreditGrants;
  credit_uses: CreditUses;
  currencies: Currencies;
  email_changes: EmailChanges;
  emails: Emails;
  error_reports: ErrorReports;
  events: Events;
  flash_analytics: FlashAnalytics;
  form_sends: FormSends;
  form_versions: FormVersions;
  forms: Forms;
  goal_milestones: GoalMilestones;
  goals: Goals;
  group_payments: GroupPayments;
  group_sessions: GroupSessions;
  groups: Groups;
  implementation_steps: ImplementationSteps;
  invitations: Invitations;
  invoice_sequences: InvoiceSequences;
  invoices: Invoices;
  lesson_analytics: LessonAnalytics;
  lesson_checklist_items: LessonChecklistItems;
  lesson_checklist_ticks: LessonChecklistTicks;
  lesson_file_tickets: LessonFileTickets;
  lesson_files: LessonFiles;
  lesson_meetings: LessonMeetings;
  lesson_recordings: LessonRecordings;
  lesson_resource_types: LessonResourceTypes;
  lesson_resources: LessonResources;
  lessons: Lessons;
  login_links: LoginLinks;
  mail_attachments: MailAttachments;
  mail_outbox: MailOutbox;
  meeting_notes: MeetingNotes;
  meeting_types: MeetingTypes;
  meetings: Meetings;
  member_group_lessons: MemberGroupLessons;
  metric_shares: MetricShares;
  metric_values: MetricValues;
  metrics: Metrics;
  notification_preferences: NotificationPreferences;
  notifications: Notifications;
  offering_invitations: OfferingInvitations;
  offerings: Offerings;
  otp_challenges: OtpChallenges;
  password_resets: PasswordResets;
  payments: Payments;
  profile_photos: ProfilePhotos;
  purchases: Purchases;
  push_subscriptions: PushSubscriptions;
  rate_limit_hits: RateLimitHits;
  recap_comments: RecapComments;
  recaps: Recaps;
  referral_invitations: ReferralInvitations;
  referrals: Referrals;
  refunds: Refunds;
  reminder_sends: ReminderSends;
  request_answers: RequestAnswers;
  resource_shares: ResourceShares;
  stripe_events: StripeEvents;
  subscriptions: Subscriptions;
  support_tickets: SupportTickets;
  task_shares: TaskShares;
  tasks: Tasks;
  team_members: TeamMembers;
  tenants: Tenants;
  testimonials: Testimonials;
  trusted_devices: TrustedDevices;
  user_groups: UserGroups;
  users: Users;
  webhook_deliveries: WebhookDeliveries;
  webhook_endpoints: WebhookEndpoints;
}
