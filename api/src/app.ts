// The API as one function of its dependencies: infrastructure plugins -> domain services -> routes.
// Everything a test or the server needs to vary (database, clock, mail, tenants, logger) comes in here;
// nothing reads the environment below this line (server.ts does that).
import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import type { TrustProxy } from './config.js';
import type { Database } from './db/database.js';
import { defaultPressureLimits, registerInfrastructure } from './infrastructure.js';
import type { PressureLimits } from './infrastructure.js';
import { registerRequestContext } from './request-context.js';
import { graphqlPath } from './routes/index.js';
import { registerRoutes } from './routes/register-routes.js';
import { registerOpenApi } from './routes/openapi.js';
import { plainTextKeyword, requirePlainText } from './routes/plain-text.js';
import { webAddressKeyword } from './routes/web-address.js';
import { mismatchKeyword } from './validation-errors.js';
import type { CaptchaOptions } from './services/auth/captcha-service.js';
import { createServices } from './services/index.js';
import type { VapidKeys } from './config.js';
import type { StripeOptions } from './services/payments/stripe-client.js';
import { schedulePurge } from './services/housekeeping/purge-expired.js';
import { createGuardedClient } from './services/outbound/guarded-client.js';
import { calendarFetchHandler, scheduleCalendarPlanning } from './services/calendars/calendar-schedule.js';
import { FETCH_EVERY_MS } from './services/calendars/connections-repository.js';
import type { PushJob } from './services/notifications/notify.js';
import { runJobs } from './services/jobs/job-queue.js';
import type { RunOptions } from './services/jobs/job-queue.js';
import { meetingReminderHandler } from './services/reminders/meeting-reminders.js';
import {
  groupSessionReminderHandler,
  isGroupSessionReminder,
} from './services/reminders/group-session-reminders.js';
import { createReminderRunner } from './services/reminders/reminders.js';
import { formReminderHandler } from './services/reminders/form-reminders.js';
import { paymentNoticeHandler } from './services/billing/subscriptions-notice.js';
import { dailyHandler, scheduleDailySweep } from './services/reminders/daily-reminders.js';
import { morningSummarySender, stepsDigestSender } from './services/reminders/daily-mail.js';
import { createWebhookSender } from './services/webhooks/webhook-sender.js';
import type { WebhookSenderOptions } from './services/webhooks/webhook-sender.js';
import { databaseRateLimitStore } from './services/throttle/rate-limit-store.js';
import { createMailer } from './services/mail/mailer.js';
import type { MailJob } from './services/mail/outbox-repository.js';
import type { Storage } from './services/storage/storage.js';
import { loadTenantFiles } from './services/tenants/tenant-files.js';
import { invoiceMailHandler } from './services/billing/invoice-mail.js';
import { scheduleCreditExpiry } from './services/billing/credits.js';
import { corsOrigins } from './services/tenants/tenant-service.js';

export interface AppOptions {
  db: Kysely<Database>;
  /** tenants/: one folder per tenant with its tenant.json. */
  tenantsDir: string;
  /**
   * retryDelayMs: how long a mail that failed waits for its next try, doubled at each (15 s by default; the
   * `mail` queue's jobs run it, so only where `jobs` is set); linkOrigin: a local stack's
   * origin for the mails' links (MAIL_LINK_ORIGIN); unsubscribeSecret: signs the unsubscribe links
   * (UNSUBSCRIBE_SECRET; a fixed local key when unset, which production refuses).
   */
  mail: {
    smtpUrl?: string | undefined;
    mailDir: string;
    retryDelayMs?: number;
    linkOrigin?: string | undefined;
    unsubscribeSecret?: string | undefined;
  };
  /** Private files (mail attachments): storage.ts's createStorage(MAIL_STORAGE). */
  storage: Storage;
  /** The clock every expiry is measured with. */
  now?: () => Date;
  captcha?: CaptchaOptions;
  /** Stripe keys (and, in tests, the stand-in's URL); without a secret key payments are off. */
  stripe?: StripeOptions;
  /**
   * Webhooks out (sent by the `webhook` jobs, so where `jobs` is set): how long a receiver may take, and (tests)
   * the backoff's jitter source and first wait, and a resolver answering names of their own (the system's
   * otherwise).
   */
  webhooks?: { lookup?: LookupFunction } & Pick<
    WebhookSenderOptions,
    'timeoutMs' | 'random' | 'retryDelayMs'
  >;
  /**
   * Outside calendars: how long after a fetch the next is due (15 minutes unless given; tests shorten it). The
   * fetches are jobs (`calendar` queue), run where `jobs` is set.
   */
  calendars?: { everyMs?: number };
  /**
   * The job queue's workers (services/jobs/): reminders, pushes, webhook deliveries, queued mail, calendar
   * fetches, and the sweeps that start the daily ones and plan calendars without a job. Unset, this instance runs
   * none, though it still sends jobs (they wait in the database for an instance that runs them); the server sets
   * it, tests when they test it.
   */
  jobs?: RunOptions;
  /** Production drops the localhost CORS origins and plain-http webhook endpoints, and sends none to loopback. */
  production?: boolean;
  authRequestsPerMinute?: number;
  /** Requests a minute each integration API key may make (300 unless given). */
  keyRequestsPerMinute?: number;
  /** The deployment operator's token (OPS_TOKEN), for `portal admin invite`; unset, its calls answer 403. */
  opsToken?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: TrustProxy;
  /** When the process sheds load with 503 (infrastructure.ts): defaultPressureLimits() unless given. */
  pressure?: PressureLimits;
  /** Web Push's VAPID keys (config.ts); without them push is off and GET /api/v1/push/key answers null. */
  vapid?: VapidKeys | undefined;
}

/**
 * Secrets no log line may hold, whatever a serializer or a log call adds: the bearer token, GraphQL's token
 * header and the cookies. Fastify's own request lines carry no headers, so this guards the day someone logs
 * them while debugging (bodies are not logged).
 */
const REDACT = {
  paths: ['authorization', 'token', 'cookie', 'set-cookie'].flatMap((name) => [
    `req.headers["${name}"]`,
    `headers["${name}"]`,
    `res.headers["${name}"]`,
  ]),
  censor: '[redacted]',
};

/**
 * The one secret that travels in a URL: a video's play ticket (a <video> element cannot send a header), so every
 * logged request URL has it masked. Short-lived and tied to its session, it would still play the video for
 * anyone reading the log within the hour. The mask follows the route the router matched, not the URL's spelling:
 * `/lesson-files/pl%61y/<ticket>` reaches the same route, and a pattern written against the raw URL missed it.
 * A route's `:token` parameter is the secret; a request no route matched is masked by its decoded path.
 */
const SECRET_PARAM = 'token';
const PLAY_TICKET = /(\/lesson-files\/play\/)[^/?#]+/g;

type RequestLike = {
  method: string;
  url: string;
  headers?: Record<string, unknown>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
  routeOptions?: { url?: string | undefined };
  params?: unknown;
};

const decoded = (url: string): string => {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
};

function maskUrl(req: RequestLike, url: string): string {
  const pattern = req.routeOptions?.url;
  if (pattern?.includes(`:${SECRET_PARAM}`)) {
    const params = (req.params ?? {}) as Record<string, unknown>;
    const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
    const path = pattern.replace(/:(\w+)/g, (_, name: string) =>
      name === SECRET_PARAM ? '[redacted]' : encodeURIComponent(String(params[name] ?? '')),
    );
    return `${path}${query}`;
  }
  const plain = decoded(url);
  const masked = plain.replace(PLAY_TICKET, '$1[redacted]');
  return masked === plain ? url : masked;
}

type ReqSerializer = (req: RequestLike) => Record<string, unknown>;
/** Fastify's own request serializer, reproduced so its lines keep their shape with the URL masked. */
const fastifyReq: ReqSerializer = (req) => ({
  method: req.method,
  url: req.url,
  version: req.headers?.['accept-version'],
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});
const maskingReq =
  (serialize: ReqSerializer): ReqSerializer =>
  (req) => {
    const out = serialize(req);
    return typeof out.url === 'string' ? { ...out, url: maskUrl(req, out.url) } : out;
  };

const withRedaction = (logger: AppOptions['logger']): AppOptions['logger'] => {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  const given = (options.serializers as { req?: ReqSerializer } | undefined)?.req;
  return {
    ...options,
    redact: REDACT,
    serializers: { ...options.serializers, req: maskingReq(given ?? fastifyReq) },
  };
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withRedaction(options.logger),
    bodyLimit: 100 * 1024,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    trustProxy: options.trustProxy ?? false,
    // In-flight requests finish on close; new ones are refused with 503 meanwhile.
    return503OnClosing: true,
    genReqId: () => randomUUID(),
    // Keep unknown properties so `additionalProperties: false` rejects them (Fastify strips them by default).
    // verbose: each error carries its schema, whose `mismatch` sentence validation-errors.ts answers with.
    ajv: {
      // allowUnionTypes: a form's answer is a string, number, boolean or list (contracts/rest/forms.ts), one type
      // list so coercion keeps each value's own type; strict mode would otherwise warn of it on every start.
      customOptions: { removeAdditional: false, allErrors: true, verbose: true, allowUnionTypes: true },
      plugins: [plainTextKeyword, mismatchKeyword, webAddressKeyword],
    },
  });
  // Before any route: every route registered after this is checked (plain-text.ts); /gapi is GraphQL's own.
  requirePlainText(app, [graphqlPath]);

  const tenants = await loadTenantFiles(options.tenantsDir, app.log);
  await registerInfrastructure(app, {
    origins: corsOrigins(tenants),
    allowLocalOrigins: !options.production,
    pressure: options.pressure ?? defaultPressureLimits(),
    rateLimitStore: databaseRateLimitStore(options.db),
  });

  const now = options.now ?? (() => new Date());
  const mailer = createMailer({ ...options.mail, log: app.log, db: options.db, now, tenants });
  const { lookup, ...sending } = options.webhooks ?? {};
  // The one guarded client for addresses a tenant or a user chose (outbound/guarded-client.ts).
  const client = createGuardedClient({ production: options.production ?? false, lookup });
  const services = await createServices({
    db: options.db,
    now,
    mailer,
    storage: options.storage,
    tenants,
    captcha: options.captcha ?? {},
    stripe: options.stripe ?? {},
    production: options.production ?? false,
    outbound: client,
    log: app.log,
    unsubscribeSecret: options.mail.unsubscribeSecret,
    vapid: options.vapid,
    calendarEveryMs: options.calendars?.everyMs,
  });
  app.addHook('onClose', async () => mailer.close());
  schedulePurge(app, options.db, now, services.mailbox);

  if (options.jobs) {
    const reminderDeps = { db: options.db, mailer, now, log: app.log, push: services.push.send };
    const meetingReminder = meetingReminderHandler(reminderDeps);
    const groupSessionReminder = groupSessionReminderHandler(reminderDeps);
    const daily = { db: options.db, now, log: app.log };
    const stepsDigest = stepsDigestSender({ db: options.db, mailer, push: services.push.send });
    const calendarDeps = {
      db: options.db,
      now,
      client,
      everyMs: options.calendars?.everyMs ?? FETCH_EVERY_MS,
    };
    await runJobs(
      app,
      options.db,
      {
        reminder: createReminderRunner({
          // A group's live session is reminded as a meeting is; its job's data names the session.
          meeting_reminder: (job) =>
            isGroupSessionReminder(job) ? groupSessionReminder(job) : meetingReminder(job),
          steps_digest: dailyHandler('steps_digest', daily, stepsDigest),
          morning_summary: dailyHandler(
            'morning_summary',
            daily,
            morningSummarySender({ db: options.db, mailer }),
          ),
          // A form not submitted, the day before it is due (form-reminders.ts).
          form: formReminderHandler(reminderDeps),
          // A subscription's renewal that failed, told to the client (billing/subscriptions-notice.ts).
          payment: paymentNoticeHandler(reminderDeps),
          // An invoice or credit note issued, mailed with its PDF (billing/invoice-mail.ts).
          invoice: invoiceMailHandler({ db: options.db, mailer, tenants, now }),
        }),
        // A notification to the person's devices (notify.ts queues it); one tag a link, so a newer one of
        // the same thread replaces the older on a device.
        push: async (job: PushJob) => void (await services.push.send(job.userId, { ...job, tag: job.link })),
        // A try of a webhook delivery; the next try, after a failure, is a job it sends itself.
        webhook: createWebhookSender({ db: options.db, now, log: app.log, client, ...sending }),
        // A mail the server refused, tried again (mailer.ts); the outbox row is what the job is about.
        mail: (job: MailJob) => mailer.sendQueued(job),
        // An outside calendar's fetch; it plans the next one (calendar-schedule.ts).
        calendar: calendarFetchHandler(calendarDeps),
      },
      options.jobs,
    );
    scheduleDailySweep(app, options.db, now);
    scheduleCreditExpiry(app, options.db, now);
    scheduleCalendarPlanning(app, calendarDeps);
  }

  registerRequestContext(app, services);
  await registerOpenApi(app);
  await registerRoutes(app, services, {
    authRequestsPerMinute: options.authRequestsPerMinute ?? 60,
    keyRequestsPerMinute: options.keyRequestsPerMinute ?? 300,
    opsToken: options.opsToken,
  });
  return app;
}
