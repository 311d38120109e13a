// Process configuration, read from the environment in one place.
import { join, resolve } from 'node:path';
import type { StripeOptions } from './services/payments/stripe-client.js';
import type { DbTimeouts } from './db/create-db.js';
import { defaultPressureLimits, type PressureLimits } from './infrastructure.js';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  pgliteDir: string;
  /** How long a request waits for a PostgreSQL connection and for one statement before it answers 503. */
  databaseTimeouts: DbTimeouts;
  smtpUrl: string | undefined;
  mailDir: string;
  /** A local stack's origin for the mails' links, `{slug}` standing for the tenant (branded-mail.ts). */
  mailLinkOrigin: string | undefined;
  /** Signs the unsubscribe links of notification mails (UNSUBSCRIBE_SECRET); required in production. */
  unsubscribeSecret: string | undefined;
  /** Where mail attachments are kept: a folder, or `s3://bucket/prefix`. */
  mailStorage: string;
  captchaSecret: string | undefined;
  /** The deployment operator's bearer token for `portal admin invite` (a tenant's first admin); unset: off. */
  opsToken: string | undefined;
  captchaVerifyUrl: string | undefined;
  /** Card payments (paid groups): unset secret key means payments are off. */
  stripe: StripeOptions;
  tenantsDir: string;
  production: boolean;
  trustProxy: TrustProxy;
  logLevel: string;
  /** When the process sheds load with 503 (infrastructure.ts). */
  pressure: PressureLimits;
  /** Web Push's VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT); unset: push is off. */
  vapid: VapidKeys | undefined;
}

/** The server's identity to the push services: a P-256 key pair (base64url) and a contact (mailto: or https:). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Which proxies may name the client in X-Forwarded-For: none, all, or these addresses/CIDRs. */
export type TrustProxy = boolean | string[];

// Behind a load balancer every connection comes from the balancer, so without this all clients share one IP
// and its per-IP limits. Naming the balancer's addresses is safer than `true`, which believes whatever a client
// writes at the start of X-Forwarded-For when the balancer appends to that header.
function trustProxy(value: string | undefined): TrustProxy {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive number of milliseconds, got "${env[name]}".`);
  return value;
}

// 0 turns the event-loop check off: for a process that shares its machine with others by design (the browser
// tests run several stacks side by side), where a lag is the neighbours' work rather than this server's load.
function eventLoopLimit(env: NodeJS.ProcessEnv, fallback: number): number {
  const value = Number(env.MAX_EVENT_LOOP_DELAY_MS ?? fallback);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(
      `MAX_EVENT_LOOP_DELAY_MS must be a number of milliseconds (0 turns the check off), got "${env.MAX_EVENT_LOOP_DELAY_MS}".`,
    );
  return value;
}

/** A token guessed in a lifetime of tries is no secret: at least 32 characters, as `openssl rand -base64 32` gives. */
function opsToken(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 32)
    throw new Error(
      'OPS_TOKEN must be at least 32 characters long, such as `openssl rand -base64 32` prints.',
    );
  return value;
}

/** Mail that links to a local address never reaches a real person: production refuses it. */
function mailLinkOrigin(value: string | undefined, production: boolean): string | undefined {
  if (!value) return undefined;
  if (production) throw new Error('MAIL_LINK_ORIGIN is for a local stack: unset it in production.');
  if (!/^https?:\/\/[^\s/]+$/.test(value))
    throw new Error(
      `MAIL_LINK_ORIGIN must be an origin such as http://{slug}.localhost:4173, got "${value}".`,
    );
  return value;
}

/** The unsubscribe links' key: a local stack may go without (a fixed local key); production may not. */
function unsubscribeSecret(value: string | undefined, production: boolean): string | undefined {
  if (!value && !production) return undefined;
  if (!value || value.length < 32)
    throw new Error(
      'UNSUBSCRIBE_SECRET must be set, at least 32 characters long, such as `openssl rand -base64 32` prints: it signs the unsubscribe links of mails.',
    );
  return value;
}

/**
 * All three or none: a half-configured push would hand browsers a key the server cannot sign with. The shapes
 * are checked here so a typo stops the start, not the first push; the message never repeats the private key.
 */
function vapidKeys(env: NodeJS.ProcessEnv): VapidKeys | undefined {
  const publicKey = env.VAPID_PUBLIC_KEY || '';
  const privateKey = env.VAPID_PRIVATE_KEY || '';
  const subject = env.VAPID_SUBJECT || '';
  if (!publicKey && !privateKey && !subject) return undefined;
  if (!publicKey || !privateKey || !subject)
    throw new Error(
      'Set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT together, or none (push off).',
    );
  // An uncompressed P-256 point is 65 bytes (87 base64url characters), its private key 32 bytes (43).
  if (!/^B[A-Za-z0-9_-]{86}$/.test(publicKey))
    throw new Error(
      'VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters, as web-push prints).',
    );
  if (!/^[A-Za-z0-9_-]{43}$/.test(privateKey))
    throw new Error(
      'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters, as web-push prints).',
    );
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject))
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: address, got "${subject}".`);
  return { publicKey, privateKey, subject };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  // Every kind of local data in one folder, .data/ by default (ignored by git); each has its own variable too.
  const dataDir = env.DATA_DIR || '.data';
  const pressure = defaultPressureLimits();
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}".`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: resolve(env.PGLITE_DIR ?? join(dataDir, 'pg')),
    // Together under 5 s: a request on a stopped or locked database answers 503 instead of hanging.
    databaseTimeouts: {
      connectMs: milliseconds(env, 'DATABASE_CONNECT_TIMEOUT_MS', 3000),
      statementMs: milliseconds(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 4000),
    },
    smtpUrl: env.SMTP_URL || undefined,
    mailDir: resolve(env.MAIL_DIR ?? join(dataDir, 'mail')),
    mailLinkOrigin: mailLinkOrigin(env.MAIL_LINK_ORIGIN, env.NODE_ENV === 'production'),
    unsubscribeSecret: unsubscribeSecret(env.UNSUBSCRIBE_SECRET, env.NODE_ENV === 'production'),
    mailStorage: env.MAIL_STORAGE || resolve(dataDir, 'storage'),
    captchaSecret: env.CAPTCHA_SECRET || undefined,
    opsToken: opsToken(env.OPS_TOKEN),
    captchaVerifyUrl: env.CAPTCHA_VERIFY_URL || undefined,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY || undefined,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
      apiUrl: env.STRIPE_API_URL || undefined,
    },
    tenantsDir: resolve(env.TENANTS_DIR ?? 'tenants'),
    production: env.NODE_ENV === 'production',
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    pressure: { ...pressure, maxEventLoopDelay: eventLoopLimit(env, pressure.maxEventLoopDelay) },
    vapid: vapidKeys(env),
  };
}
