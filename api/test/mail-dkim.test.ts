// A tenant that names a DKIM key sends signed mail: the signature, made by nodemailer with the key from the
// environment, is checked by mailauth (a DKIM verifier) against the public key of the tenant's selector, for a
// mail received by a real SMTP server on 127.0.0.1. The Message-ID and the sender are on the tenant's domain.
import { generateKeyPairSync } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpMail } from '../src/services/auth/auth-mails.js';
import { createMailer } from '../src/services/mail/mailer.js';
import { loadTenantFiles } from '../src/services/tenants/tenant-files.js';
import type { TenantConfig } from '../src/services/tenants/tenant-files.js';
import { Harness } from './helpers/harness.js';
import { startSmtp } from './helpers/smtp.js';
import type { Received, TestSmtp } from './helpers/smtp.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const dnsRecord = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

/** The DNS of the test: the selector's TXT record of the signing tenant, nothing else. */
const resolver = async (name: string, type: string) => {
  if (type === 'TXT' && name === 'portal2026._domainkey.signed-coaching.example') return [[dnsRecord]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
};

const h = new Harness();
const inbox: Received[] = [];
let smtp: TestSmtp;
let tenantsDir: string;
let tenants: TenantConfig[];
const warnings: string[] = [];

const tenantFile = (id: number, name: string, mail: object) => ({
  id,
  name,
  domain: `portal.${name.toLowerCase().replace(/ /g, '-')}.example`,
  apiUrl: '/',
  mail,
});

beforeAll(async () => {
  smtp = await startSmtp(inbox);
  await h.start();
  tenantsDir = await mkdtemp(join(tmpdir(), 'portal-dkim-'));
  const write = async (slug: string, file: object) => {
    await mkdir(join(tenantsDir, slug));
    await writeFile(join(tenantsDir, slug, 'tenant.json'), JSON.stringify(file));
  };
  await write(
    'signed',
    tenantFile(7001, 'Signed Coaching', {
      senderName: 'Signed Coaching Team',
      senderAddress: 'hello@signed-coaching.example',
      dkim: { selector: 'portal2026', privateKeyEnv: 'SIGNED_DKIM_KEY' },
    }),
  );
  await write('plain', tenantFile(7002, 'Plain Coaching', {}));
  await write(
    'keyless',
    tenantFile(7003, 'Keyless Coaching', { dkim: { selector: 'portal', privateKeyEnv: 'KEYLESS_DKIM_KEY' } }),
  );
  tenants = await loadTenantFiles(tenantsDir, { warn: () => {} });
});
afterAll(async () => {
  await h.stop();
  await smtp?.close();
  await rm(tenantsDir, { recursive: true, force: true });
});

function mailer() {
  return createMailer({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    mailDir: '/nonexistent/never-written',
    log: { info: () => {}, warn: (_obj, msg) => void warnings.push(msg), error: () => {} },
    db: h.db,
    now: h.clock.now,
    tenants,
    env: { SIGNED_DKIM_KEY: pem },
  });
}

const tenantRow = (slug: string) => {
  const t = tenants.find((c) => c.slug === slug)!;
  return {
    id: t.id,
    slug: t.slug,
    name: t.name,
    domain: t.domain,
    default_flags: t.defaultFlags,
    integration_message_content: false,
    booking_notice_hours: t.booking.noticeHours,
    booking_rooms: t.booking.rooms,
    booking_meeting_types: t.booking.meetingTypes,
    agreement_required: false,
    reminder_minutes: t.notifications.meetingReminders,
    quiet_hours: t.notifications.quietHours,
    notification_channels: t.notifications.channels,
    billing_currency: t.billing.currency,
    billing_tax: t.billing.tax,
    billing_seller: t.billing.seller,
    billing_grace_days: t.billing.graceDays,
    billing_offline: t.billing.offlinePayment,
    billing_invoice_prefix: t.billing.invoicePrefix,
    billing_time_zone: t.billing.timeZone,
  };
};

async function sendOtp(slug: string): Promise<Received> {
  const m = mailer();
  const before = inbox.length;
  await m.send(otpMail(tenantRow(slug), `client@${slug}.test`, '654321', 5));
  m.close();
  expect(inbox).toHaveLength(before + 1);
  return inbox[inbox.length - 1]!;
}

/** The header block as received, its folded lines unfolded. */
const headers = (mail: Received) =>
  mail.bytes
    .toString('utf8')
    .split(/\r?\n\r?\n/)[0]!
    .replace(/\r?\n[ \t]+/g, ' ');

describe('DKIM signing per tenant', () => {
  it('signs with the key from the environment; mailauth verifies it for the sender domain', async () => {
    const mail = await sendOtp('signed');
    const verdict = await dkimVerify(mail.bytes, { resolver });
    expect(verdict.results).toHaveLength(1);
    expect(verdict.results[0]!.status.result).toBe('pass');
    expect(verdict.results[0]!.signingDomain).toBe('signed-coaching.example');
    expect(verdict.results[0]!.selector).toBe('portal2026');
    const head = headers(mail);
    expect(head).toMatch(/^From: "?Signed Coaching Team"? <hello@signed-coaching\.example>$/m);
    expect(head).toMatch(/^Message-ID: <[0-9a-f-]+@signed-coaching\.example>$/im);
    // Both parts are there: the text any program shows, and the HTML alternative.
    expect(mail.raw).toContain('Content-Type: text/plain');
    expect(mail.raw).toContain('Content-Type: text/html');
  });

  it('a signed mail changed on its way fails the check', async () => {
    const mail = await sendOtp('signed');
    const tampered = Buffer.from(mail.bytes.toString('utf8').replace('654321', '111111'));
    expect(tampered.equals(mail.bytes)).toBe(false);
    const verdict = await dkimVerify(tampered, { resolver });
    expect(verdict.results[0]!.status.result).not.toBe('pass');
    expect(verdict.results[0]!.status.comment).toMatch(/body hash did not verify/);
  });

  it('a tenant without DKIM sends unsigned mail from no-reply@ its domain', async () => {
    const mail = await sendOtp('plain');
    const head = headers(mail);
    expect(head).not.toMatch(/^DKIM-Signature:/im);
    expect(head).toMatch(/^From: "?Plain Coaching"? <no-reply@portal\.plain-coaching\.example>$/m);
    expect(head).toMatch(/^Message-ID: <[0-9a-f-]+@portal\.plain-coaching\.example>$/im);
  });

  it('a tenant whose key is not in the environment sends unsigned, with a warning', async () => {
    warnings.length = 0;
    const mail = await sendOtp('keyless');
    expect(headers(mail)).not.toMatch(/^DKIM-Signature:/im);
    expect(warnings).toContain('no DKIM key found: the tenant mail goes unsigned');
  });
});
