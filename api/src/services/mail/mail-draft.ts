// A mail as the services write it: the tenant, the kind and the values its templates need. The mailer renders it
// in the tenant's brand (branded-mail.ts), so no service builds a subject or a body itself.
import type { Tenant } from '../../db/database.js';
import type { MailMessage } from '../../../../contracts/mail-message.js';
import type { MailKind, MailValues } from '../../../../contracts/mail/mail-kinds.js';
import type { NotificationKind } from '../../../../contracts/notifications.js';

export type MailDraft = {
  [K in MailKind]: {
    tenant: Pick<Tenant, 'id' | 'name' | 'domain'>;
    kind: K;
    to: string;
    values: MailValues[K];
    attachments?: MailMessage['attachments'];
    /** A notification of this kind to this user: not sent when the kind's mail channel is off for them. */
    notice?: { userId: number; kind: NotificationKind };
  };
}[MailKind];
