// The domain services, wired once per app from its dependencies. Routes and GraphQL resolvers receive this
// object and never touch the database directly.
import Hashids from 'hashids';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';
import { createAcademyService } from './academy/academy-service.js';
import { createAgreementsService } from './agreements/agreements-service.js';
import { createApiKeyService } from './api-keys/api-key-service.js';
import { createIntegrationService } from './integration/integration-service.js';
import { createPeopleImport } from './integration/people-import.js';
import { createActionStepsService } from './action-steps/action-steps-service.js';
import { createAssessmentsService } from './assessments/assessments-service.js';
import { createCoachAssessmentsService } from './assessments/coach-assessments.js';
import { createCaptchaService } from './auth/captcha-service.js';
import { createCalendarFeed } from './calendars/calendar-feed.js';
import { createCalendarsService } from './calendars/calendars-service.js';
import { createAcademyAuthoring } from './authoring/academy-authoring.js';
import { createGroupsAuthoring } from './authoring/groups-authoring.js';
import { createLessonsAuthoring } from './authoring/lessons-authoring.js';
import { createAvailabilityService } from './booking/availability.js';
import { createBookingService } from './booking/booking-service.js';
import { createMeetingTypesService } from './booking/meeting-types.js';
import { createCoachService } from './coach/coach-service.js';
import { createMeetingsService } from './coach/meetings-service.js';
import { createRequestsService } from './coach/requests-service.js';
import { createCompanyFilesService } from './company-files/company-files-service.js';
import type { CaptchaOptions } from './auth/captcha-service.js';
import { createLoginService } from './auth/login-service.js';
import { createOtpService } from './auth/otp-service.js';
import { createPasswordResetService } from './auth/password-reset-service.js';
import { createEmailChangeService } from './people/email-change.js';
import { createOrganisationService } from './people/organisation-service.js';
import { createPeopleService } from './people/people-service.js';
import { createOperatorAdmins } from './people/operator-admins.js';
import { createProfileService } from './profile/profile-service.js';
import { createSessionService } from './auth/session-service.js';
import { createGroupsService } from './groups/groups-service.js';
import { createAnalyticsService } from './lesson-analytics/analytics-service.js';
import type { Mailer } from './mail/mailer.js';
import type { GuardedClient } from './outbound/guarded-client.js';
import { createMailboxService } from './mailbox/mailbox-service.js';
import { createMetricsService } from './metrics/metrics-service.js';
import { createFormsService } from './forms/forms-service.js';
import { createCoachFlashService } from './flash-coaching/coach-flash.js';
import { createFlashCoachingService } from './flash-coaching/flash-service.js';
import { createNotesService } from './notes/notes-service.js';
import { createPaymentsService } from './payments/payments-service.js';
import type { StripeOptions } from './payments/stripe-client.js';
import { createProgressService } from './programme/progress-service.js';
import { createResourcesService } from './programme/resources-service.js';
import { createLessonFilesService } from './lesson-files/lesson-files-service.js';
import { createSessionsService } from './programme/sessions-service.js';
import { createScheduleService } from './schedule/schedule-service.js';
import type { Storage } from './storage/storage.js';
import { createErrorReportService } from './support/error-report-service.js';
import { createReferralService } from './support/referral-service.js';
import { createTestimonialService } from './support/testimonial-service.js';
import { createTicketService } from './support/ticket-service.js';
import { createCoachNotice } from './support/coach-notice.js';
import { createPushService } from './push/push-service.js';
import { sendPush, type PushNotice } from './push/send-push.js';
import type { VapidKeys } from '../config.js';
import { createTenantService } from './tenants/tenant-service.js';
import type { TenantConfig } from './tenants/tenant-files.js';
import { createTeamService } from './team/team-service.js';
import { createThrottleService } from './throttle/throttle-service.js';
import { createNotificationCentre } from './notifications/notification-centre.js';
import { createNotificationPreferences } from './notifications/preferences.js';
import { createUnsubscribe } from './notifications/unsubscribe.js';
import { LOCAL_UNSUBSCRIBE_SECRET } from './notifications/unsubscribe-token.js';
import { createWebhooksService } from './webhooks/webhooks-service.js';
import { createChecklistAuthoring } from './authoring/lesson-checklist.js';
import { createRecapsService } from './recaps/recaps-service.js';
import { createGoalsService } from './goals/goals-service.js';
import { createOfferingsService } from './billing/offerings-service.js';
import { createBuyingService } from './billing/buying-service.js';
import { createCreditsService } from './billing/credits-service.js';
import { createInvoicePdfService } from './billing/invoice-pdf-service.js';
import { createRefundsService } from './billing/refunds-service.js';
import { createBillingReports } from './billing/revenue-service.js';

interface ServiceDeps {
  db: Kysely<Database>;
  now: () => Date;
  mailer: Mailer;
  storage: Storage;
  tenants: TenantConfig[];
  captcha: CaptchaOptions;
  stripe: StripeOptions;
  /** Production refuses plain-http webhook endpoints and calendars (outbound/guarded-client.ts). */
  production: boolean;
  /** Every fetch of an address a tenant or a user chose goes through it (webhooks, calendars). */
  outbound: GuardedClient;
  /** Signs and checks the mails' unsubscribe links (UNSUBSCRIBE_SECRET); unset: the local stack's fixed key. */
  unsubscribeSecret?: string | undefined;
  log: {
    error(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
  };
  /** Web Push's keys (config.ts); unset: push is off. */
  vapid?: VapidKeys | undefined;
  /** How long after a fetch an outside calendar's next is due (15 minutes unless given; tests shorten it). */
  calendarEveryMs?: number | undefined;
}

export async function createServices(deps: ServiceDeps) {
  const { db, now, mailer } = deps;
  const throttle = createThrottleService(db, now);
  const sessions = createSessionService(db, now);
  const otp = createOtpService({ db, now, mailer, throttle });
  // The user id in its public, hashed form (SPEC's `encoded`), salted per tenant as the app's build is.
  const hashids = new Map(deps.tenants.map((t) => [t.id, new Hashids(t.hashidsSalt, 8)]));
  // A tenant's CAPTCHA counts only when this API holds the secret to verify its answers.
  const captchaTenants = new Set(
    deps.captcha.secret ? deps.tenants.filter((t) => t.captcha).map((t) => t.id) : [],
  );
  const login = createLoginService({ db, now, mailer, throttle, sessions, otp, captchaTenants });
  const groups = createGroupsService(db);
  const mailbox = createMailboxService({ db, now, mailer, storage: deps.storage, log: deps.log });
  const academy = createAcademyService(db);
  const coach = createCoachService({ db, now, mailbox });
  const tellCoach = createCoachNotice({ db, mailer, log: deps.log });
  const meetings = createMeetingsService({ db, now, mailer });
  const people = createPeopleService({ db, now, mailer });
  const organisation = createOrganisationService({ db, now });
  const peopleImport = createPeopleImport({ db, people, organisation });
  return {
    tenants: await createTenantService(db, deps.tenants),
    sessions,
    login,
    otp,
    resets: createPasswordResetService({ db, now, mailer, throttle, log: deps.log }),
    captcha: createCaptchaService(deps.captcha, throttle.captchaPassed),
    encodeId: (tenantId: number, id: number) => (hashids.get(tenantId) ?? new Hashids('', 8)).encode(id),
    // Client work: each answers only for the caller's own rows (another client's id is a 404).
    schedule: createScheduleService(db, now),
    notes: createNotesService(db, now),
    actionSteps: createActionStepsService(db, now),
    team: createTeamService({ db, now, mailer }),
    metrics: createMetricsService({ db, now, mailer }),
    // Assessments, their analysis and implementation plans (steps may go on the action-steps board).
    assessments: createAssessmentsService(db, now),
    // Profile, picture and coach; the crash screen's error reports.
    profile: createProfileService(db, now, login),
    // A person's devices for Web Push, and the push to them (a no-op while this server has no VAPID keys).
    push: {
      ...createPushService({ db, now, vapid: deps.vapid, production: deps.production }),
      send: (userId: number, notice: PushNotice) =>
        deps.vapid
          ? sendPush(db, { vapid: deps.vapid, client: deps.outbound, log: deps.log, now }, userId, notice)
          : Promise.resolve({ sent: 0, dropped: 0, failed: 0 }),
    },
    errorReports: createErrorReportService(db, now),
    // The bell of every role, each person's channels per kind, and a mail's one-click unsubscribe.
    notifications: createNotificationCentre(db, now),
    notificationPreferences: createNotificationPreferences(db),
    unsubscribe: createUnsubscribe(db, deps.unsubscribeSecret ?? LOCAL_UNSUBSCRIBE_SECRET),
    // The mailbox between a client and their coach, with its attachments.
    mailbox,
    // The coach's workspace: their clients' work, as the coach's scope of access/scope.ts reaches it.
    coach,
    // The coach's meetings with their clients, each change mailed to the client with its invitation.
    meetings,
    // Booking: the coach's hours and meeting types, the free slots, and a client's booking, move and cancel
    // (the app's and the integration API's doors alike), each mailed to both with its invitation.
    availability: createAvailabilityService(db),
    meetingTypes: createMeetingTypesService({ db, now }),
    booking: createBookingService({ db, now, mailer }),
    // The coach's requests: their clients' tickets, testimonials and referrals, answered by mail.
    coachRequests: createRequestsService({ db, now, mailer }),
    // The company's files (/resources), kept like mail attachments.
    companyFiles: createCompanyFilesService({ db, now, mailer, storage: deps.storage, log: deps.log }),
    // Support tickets, testimonials and referrals: limited per user, rows kept with the caller and tenant.
    // Each new one is mailed to the client's coach.
    tickets: createTicketService(db, now, tellCoach),
    testimonials: createTestimonialService(db, now, tellCoach),
    referrals: createReferralService({ db, now, mailer, tellCoach }),
    // Flash-coaching lessons (SPEC §6 access rule) and their analytics batches.
    flashCoaching: createFlashCoachingService(db, now),
    // Paid groups: the PaymentIntent from the group's price, the verified webhook, the receipt mail.
    payments: createPaymentsService({ db, now, mailer, stripe: deps.stripe, log: deps.log }),
    // Group coaching, the business academy and the lesson analytics of both: each needs its training flag.
    groups,
    academy,
    analytics: createAnalyticsService({ db, now, groups, academy }),
    // The tenant admin's webhook endpoints and their delivery history (the `webhook` jobs send: webhook-sender.ts).
    webhooks: createWebhooksService({ db, now, production: deps.production }),
    // A coach's outside calendars read in as busy times (the schedule is calendar-schedule.ts's), and each
    // client's and coach's own meetings as a calendar feed out.
    calendars: createCalendarsService({
      db,
      now,
      production: deps.production,
      client: deps.outbound,
      everyMs: deps.calendarEveryMs,
    }),
    calendarFeed: createCalendarFeed({ db, now, tenants: deps.tenants }),
    // The tenant admin's people, companies and coach assignments (also the integration API's and the CSV
    // import's): every change audited in its own transaction.
    people,
    organisation,
    // A tenant's admin invited by the operator of the deployment (OPS_TOKEN): a new tenant's first one.
    operatorAdmins: createOperatorAdmins({ db, people, tenants: deps.tenants }),
    // A login email change waiting for the new address: its confirmation, and the admin's cancel and resend.
    emailChanges: createEmailChangeService({ db, now, mailer }),
    // The coach's programme: their groups' live sessions and progress, flash lessons opened to a client, and
    // the library of files and links they share.
    groupSessions: createSessionsService({ db, now, mailer }),
    groupProgress: createProgressService(db),
    coachFlash: createCoachFlashService(db, now),
    coachAssessments: createCoachAssessmentsService(db, now),
    resources: createResourcesService({ db, now, storage: deps.storage, log: deps.log }),
    // The coach authors their groups, lessons and academy modules (only their own).
    groupsAuthoring: createGroupsAuthoring(db, now),
    lessonsAuthoring: createLessonsAuthoring(db, now),
    academyAuthoring: createAcademyAuthoring(db, now),
    // A lesson's checklist, which members tick beside the lesson's steps.
    checklistAuthoring: createChecklistAuthoring(db, now),
    // Files and videos uploaded to lessons, in private storage; a client's by the lesson's own access rule.
    lessonFiles: createLessonFilesService({ db, now, storage: deps.storage, groups, academy, log: deps.log }),
    ping: async () => {
      await db.selectFrom('tenants').select('id').limit(1).execute();
    },
    pendingMigrations: () => pendingMigrations(db),
    // A meeting's recap, shared by the coach with the client, with both's comments and the steps made from it.
    recaps: createRecapsService({ db, now, mailer }),
    // A client's goals with milestones and linked steps, written by the client or their coach.
    goals: createGoalsService({ db, now }),
    // The tenant's API keys, made by its admin, and the integration API's caller from one.
    apiKeys: createApiKeyService(db, now),
    // The integration API: the coach's services driven by a key, and what the tenant's clients did.
    integration: createIntegrationService({ db, meetings, coach, organisation, peopleImport }),
    // A batch of people rows (a CSV's) upserted by email: the admin's Import screen and the integration API.
    peopleImport,
    // Forms: the coach's and admin's library (each edit a version), sends to clients, drafts and submissions.
    forms: createFormsService({ db, now, log: deps.log }),
    // A read whose one rule is whom the caller may see (the scope of access/scope.ts, inside the repository's
    // query): a route passes the repository function and its arguments, so a new list needs no key here.
    read: <A extends unknown[], R>(query: (db: Kysely<Database>, ...args: A) => Promise<R>, ...args: A) =>
      query(db, ...args),
    // Coaching agreements: versions published by an admin (or a coach, their own), signed by clients.
    agreements: createAgreementsService({ db, now, mailer }),
    // Getting paid: what a coach or admin sells, and a client's buying of it (Stripe or offline).
    billingOfferings: createOfferingsService({ db, now }),
    billingBuying: createBuyingService({ db, now, stripe: deps.stripe, log: deps.log }),
    // Session credits: a client's balance for their coach and an admin, and an admin's adjustment.
    billingCredits: createCreditsService({ db, now }),
    // Invoice and credit note PDFs, drawn from the issued rows in the tenant's brand.
    billingInvoices: createInvoicePdfService({ db, tenants: deps.tenants }),
    // An admin's refunds: the money back, a credit note, the credits it paid for taken back; audited.
    billingRefunds: createRefundsService({ db, now, stripe: deps.stripe, log: deps.log }),
    // Billing's admin reports: revenue by month, offering and coach, the payments list and its CSV (read-only).
    billingReports: createBillingReports(db, now),
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
