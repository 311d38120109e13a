// Renders a draft in its tenant's brand (contracts/mail/render-mail.ts) into the message the mailer sends: from
// the tenant's sender, with a Message-ID on the sender's domain, the HTML and its text alternative. The DKIM key
// of a tenant that names one is read once, from the environment variable or the secret file tenant.json names
// (never from tenant.json itself); a tenant whose key cannot be found sends unsigned mail, with a warning.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Mustache from 'mustache';
import { replaceControl } from '../../plain-text.js';
import type { MailMessage } from '../../../../contracts/mail-message.js';
import { mailBrand, mailSender, type MailSender } from '../../../../contracts/mail/mail-brand.js';
import { loadMailTemplates, renderMail, type MailTenant } from '../../../../contracts/mail/render-mail.js';
import type { TenantConfig } from '../tenants/tenant-files.js';
import type { MailDraft } from './mail-draft.js';
import { NOTIFICATION_KINDS } from '../../../../contracts/notifications.js';
import { LOCAL_UNSUBSCRIBE_SECRET, unsubscribeToken } from '../notifications/unsubscribe-token.js';

interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

interface Branded {
  mail: MailTenant;
  sender: MailSender;
}

interface Warn {
  warn(obj: object, msg: string): void;
}

function readKey(config: TenantConfig, env: NodeJS.ProcessEnv, log: Warn): DkimKey | null {
  const dkim = config.mail.dkim;
  if (!dkim) return null;
  let privateKey: string | undefined;
  if (dkim.privateKeyEnv) privateKey = env[dkim.privateKeyEnv];
  else if (dkim.privateKeyFile) {
    try {
      privateKey = readFileSync(dkim.privateKeyFile, 'utf8');
    } catch (error) {
      log.warn({ tenant: config.slug, reason: (error as Error).message }, 'DKIM key file not readable');
    }
  }
  if (!privateKey?.includes('PRIVATE KEY')) {
    log.warn({ tenant: config.slug }, 'no DKIM key found: the tenant mail goes unsigned');
    return null;
  }
  return { domainName: config.mail.sender.domain, keySelector: dkim.selector, privateKey };
}

// A display name inside quotes: no quote, backslash or line break can end it early or add a header.
const displayName = (name: string) => replaceControl(name, '').replace(/["\\]/g, '').trim();

/**
 * Where a local stack's mail points its links (MAIL_LINK_ORIGIN, such as `http://{slug}.localhost:4173`): every
 * `https://<domain>` of a mail (links, the logo) becomes that origin, `{slug}` the tenant's folder name, so a
 * link in a mail of `npm start` opens the local portal rather than the production domain.
 */
function relinker(tenants: TenantConfig[], linkOrigin: string | undefined) {
  const slugs = new Map(tenants.map((t) => [t.id, t.slug]));
  return (tenant: MailDraft['tenant'], text: string): string => {
    const slug = slugs.get(tenant.id);
    if (!linkOrigin || !slug) return text;
    const from = `https://${tenant.domain}`;
    const to = linkOrigin.replaceAll('{slug}', slug);
    // The HTML holds each address as mustache escaped it (https:&#x2F;&#x2F;...), the text part as it is.
    return text.replaceAll(from, to).replaceAll(Mustache.escape(from), Mustache.escape(to));
  };
}

export function createBrandedMail(
  tenants: TenantConfig[],
  env: NodeJS.ProcessEnv,
  log: Warn,
  linkOrigin?: string,
  unsubscribeSecret = LOCAL_UNSUBSCRIBE_SECRET,
) {
  const relink = relinker(tenants, linkOrigin);
  const apiOrigins = new Map(tenants.map((t) => [t.id, t.apiOrigin]));
  /**
   * A notification's one-click unsubscribe: the API's link in the headers (a mail client POSTs it, RFC 8058)
   * and the app's page in the footer, both with the token of its person and kind.
   */
  const unsubscribe = (draft: MailDraft) => {
    if (!draft.notice) return undefined;
    const token = unsubscribeToken(unsubscribeSecret, draft.notice.userId, draft.notice.kind);
    const api = apiOrigins.get(draft.tenant.id) ?? `https://${draft.tenant.domain}`;
    return {
      headers: {
        'List-Unsubscribe': `<${relink(draft.tenant, `${api}/api/v1/unsubscribe/${token}`)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' as const,
      },
      footer: {
        url: `https://${draft.tenant.domain}/unsubscribe/${token}`,
        label: NOTIFICATION_KINDS[draft.notice.kind].label,
      },
    };
  };
  const branded = new Map<number, Branded>(
    tenants.map((t) => [
      t.id,
      {
        mail: {
          brand: t.mail.brand,
          // A file `portal validate` would have refused (a value written unescaped) is never used.
          templates: loadMailTemplates(t.mail.overrides, (file) =>
            log.warn(
              { tenant: t.slug, file },
              'mail template refused: it writes a value unescaped; the default is used',
            ),
          ),
        },
        sender: t.mail.sender,
      },
    ]),
  );
  const keys = new Map<string, DkimKey>();
  for (const t of tenants) {
    const key = readKey(t, env, log);
    if (key) keys.set(key.domainName, key);
  }
  // A tenant of the database without a folder (a test's, one removed since): the default templates and colours.
  const brandOf = (tenant: MailDraft['tenant']): Branded => {
    const known = branded.get(tenant.id);
    if (known) return known;
    const made = {
      mail: { brand: mailBrand(tenant), templates: loadMailTemplates() },
      sender: mailSender(tenant),
    };
    branded.set(tenant.id, made);
    return made;
  };
  return {
    compose(draft: MailDraft): MailMessage {
      const { mail, sender } = brandOf(draft.tenant);
      const notice = unsubscribe(draft);
      const { subject, html, text } = renderMail(mail, draft.kind, draft.values as never, notice?.footer);
      return {
        from: `"${displayName(sender.name)}" <${sender.address}>`,
        to: draft.to,
        subject,
        text: relink(draft.tenant, text),
        html: relink(draft.tenant, html),
        messageId: `<${randomUUID()}@${sender.domain}>`,
        ...(notice ? { headers: notice.headers } : {}),
        ...(draft.attachments ? { attachments: draft.attachments } : {}),
      };
    },
    /** The key that signs mail from this sender's domain, if its tenant has one. */
    dkimFor(from: string): DkimKey | undefined {
      const domain = /@([^@>\s]+)>?\s*$/.exec(from)?.[1];
      return domain ? keys.get(domain) : undefined;
    },
  };
}
