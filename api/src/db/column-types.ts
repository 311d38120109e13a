// What a column holds where the schema cannot say it: the generator (db-types.ts) reads types, nullability
// and defaults from the migrated database, and takes these for the columns it names (a JSON column's shape,
// the few values the code writes to a text column). generated-types.ts imports them; they say nothing of null
// or a default, which the generator adds from the schema.
import type { ColumnType } from 'kysely';
import type { MailMessage } from '../../../contracts/mail-message.js';
import type { EventType } from '../../../contracts/events.js';
import type { Channel, NotificationKind } from '../../../contracts/notifications.js';
import type {
  OfferingAudience,
  OfferingKind,
  PurchaseStatus,
  SubscriptionInterval,
} from '../../../contracts/billing.js';
import type { Flags } from '../../../contracts/training-flags.js';
import type { Answers, Layout } from '../../../contracts/forms.js';
import type { TenantConfig } from '../../../contracts/tenant.js';

/**
 * A nullable column of one of these types: null read, written and set, except where the type is never set.
 * (`T | null` would make a never-updated column's update type `null`.)
 */
export type Nullable<T> =
  T extends ColumnType<infer S, infer I, infer U>
    ? ColumnType<S | null, I | null, [U] extends [never] ? never : U | null>
    : T | null;

/**
 * Every timestamptz column. Timestamps are written from the injected clock as a Date, never as SQL now() or a
 * string, so tests can move time and every instance of a cluster agrees on what "expired" means.
 */
export type ClockTime = ColumnType<Date, Date, Date>;

/**
 * A JSON object of training flags (contracts/flags.schema.json), written as its JSON text. Read back it may lack
 * a flag, or hold one the schema has since dropped: contracts/training-flags.ts's fillFlags reads it.
 */
export type StoredFlags = ColumnType<Partial<Flags>, string, string>;

/** Per-field client times of the latest applied change (epoch ms), keyed by field name, as JSON text. */
export type FieldTimes = ColumnType<Record<string, number>, string, string>;

/** Per-field client id of the change that set it (migration 0830), as JSON text. */
export type FieldIds = ColumnType<Record<string, string>, string, string>;

/** A JSON object written once as its text and never changed: an event's data, an audit entry's fields. */
export type WrittenOnceJson = ColumnType<Record<string, unknown>, string, never>;

/** A queued mail's attachments as JSON text (migration 0980), never changed once queued. */
export type QueuedAttachments = ColumnType<NonNullable<MailMessage['attachments']>, string, never>;

/** A queued notification's unsubscribe headers as JSON text (migration 1891), never changed once queued. */
export type QueuedHeaders = ColumnType<NonNullable<MailMessage['headers']>, string, never>;

/** Set when a mail is queued (migration 1500), never changed. */
export type QueuedText = ColumnType<string, string, never>;

/** A webhook endpoint's event types as JSON text (migration 1200). */
export type EventTypes = ColumnType<EventType[], string, string>;

/** A checklist tick's client time in epoch ms: a bigint, which pg reads back as text and PGlite as a number. */
export type ClientMs = ColumnType<string | number, number, number>;

/** A profile photo's bytes: PGlite reads bytea as a Uint8Array, pg as a Buffer (a Uint8Array too). */
export type Bytes = Uint8Array;

export type AuthEventKind = 'login_failure' | 'otp_sent' | 'reset_sent' | 'captcha_passed';

/** Where the coach is with a client's request (migration 0950). */
export type RequestStatus = 'new' | 'in_progress' | 'done';

export type RequestKind = 'tickets' | 'testimonials' | 'referrals';

export type MetricDirection = 'up' | 'down';

export type LessonFileKind = 'file' | 'video';

export type ShareAudience = 'client' | 'company' | 'group' | 'all';

export type ApiKeyScope = 'read' | 'read-write';

/** A group: draft (hidden from members), open, or closed (no one new joins). */
export type GroupState = 'draft' | 'open' | 'closed';

/** A group payment: pending until a verified webhook says succeeded or failed. */
export type PaymentStatus = 'pending' | 'succeeded' | 'failed';

/** A lesson's lock as the SPEC's payloads carry it: 1 open, 0 locked. */
export type AccessFlag = 0 | 1;

/** A delivery is inserted pending; only the sender marks it delivered or failed. */
export type DeliveryStatus = ColumnType<
  'pending' | 'delivered' | 'failed',
  'pending',
  'pending' | 'delivered' | 'failed'
>;

type TenantBooking = NonNullable<TenantConfig['booking']>;

/** tenant.json's booking.rooms: how a booked video meeting gets its room. */
export type Rooms = NonNullable<TenantBooking['rooms']>;

/** tenant.json's booking.rooms (migration 1870), as JSON text. */
export type BookingRooms = ColumnType<Rooms, string, string>;

/** tenant.json's booking.meetingTypes (migration 1870), as JSON text: the types a coach starts with. */
export type DefaultMeetingTypes = ColumnType<NonNullable<TenantBooking['meetingTypes']>, string, string>;

/** Where a meeting type takes place (migration 1870). */
export type MeetingLocation = 'video' | 'place' | 'phone';

/** Who may book a meeting type (migration 1870). */
export type MeetingAudience = 'clients' | 'group' | 'flag';

/** Who put a meeting in the calendar (migration 1870): the coach, the client booking, or a key booking. */
export type BookedBy = 'coach' | 'client' | 'integration';

/** A day exception (migration 1870). */
export type DayKind = 'off' | 'extra';

type TenantNotifications = NonNullable<TenantConfig['notifications']>;

/** tenant.json's notifications.meetingReminders (migration 1890), as JSON text: minutes before a meeting. */
export type ReminderMinutes = ColumnType<number[], string, string>;

/** tenant.json's notifications.quietHours (migration 1890), as JSON text. */
export type QuietHours = ColumnType<NonNullable<TenantNotifications['quietHours']>, string, string>;

/** tenant.json's notifications.channels (migration 1890), as JSON text: kind → the channels it uses. */
export type NotificationChannels = ColumnType<NonNullable<TenantNotifications['channels']>, string, string>;

export type { Channel, NotificationKind };

/**
 * What a reminder_sends row did once: a notification kind's reminder, an invoice's mail (billing/invoice-mail.ts)
 * or the news of a credit grant's expiry (billing/credits.ts).
 */
export type SentKind = NotificationKind | 'invoice' | 'credit_expiry';

/** What an offering is, who may buy it, how often a subscription renews (migration 1940, contracts/billing.ts). */
export type { OfferingAudience, OfferingKind, PurchaseStatus, SubscriptionInterval };

/** How a purchase or payment was paid (migration 1940). */
export type PayMethod = 'stripe' | 'offline';

/** A subscription's state (migration 1940). */
export type SubscriptionStatus = 'active' | 'past_due' | 'cancelled' | 'ended';

/** Where a credit grant came from (migration 1940). */
export type GrantSource = 'purchase' | 'renewal' | 'adjustment';

/** An invoice, or a refund's credit note (migration 1940). */
export type InvoiceKind = 'invoice' | 'credit_note';

/** tenant.json's billing.tax as counted (migration 1940), as JSON text. */
export type BillingTax = ColumnType<{ label: string; rateBp: number }, string, string>;

/** tenant.json's billing.seller (migration 1940), as JSON text; an invoice's seller as it was issued. */
export type Seller = ColumnType<NonNullable<NonNullable<TenantConfig['billing']>['seller']>, string, string>;

/** An invoice's buyer as it was issued (migration 1940), as JSON text. */
export type Buyer = ColumnType<{ name: string; email: string; address?: string[] }, string, string>;

/** An invoice's lines as issued (migration 1940), as JSON text: amounts tax included, in minor units. */
export type InvoiceLines = ColumnType<
  { description: string; quantity: number; amount: number }[],
  string,
  string
>;

/** A form version's layout (migration 1910), as JSON text: written once, with its version. */
export type FormLayout = ColumnType<Layout, string, never>;

/** A form version's JSON Schema of its answers (migration 1910), as JSON text: written once. */
export type FormSchema = ColumnType<Record<string, unknown>, string, never>;

/** A send's answers (migration 1910), as JSON text; a draft's change as the client types. */
export type FormAnswers = ColumnType<Answers, string | undefined, string>;

/** A send's state (migration 1910): a draft until it is submitted, once. */
export type FormSendStatus = 'draft' | 'submitted';
