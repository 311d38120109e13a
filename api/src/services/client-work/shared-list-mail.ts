// The mail a client sends when sharing a list of their work (tasks, metrics): plain text only, so nothing a
// client typed can become markup in someone's inbox, from the tenant's no-reply address.
import type { Tenant } from '../../db/database.js';
import type { MailMessage } from '../../../../schemas/mail-message.js';

export interface Sharer {
  first_name: string;
  last_name: string;
  email: string;
}

interface SharedList {
  /** What was shared, as in "<name> shared <what> with you": "a task list", "their business metrics". */
  what: string;
  /** Where the intro says it comes from: "their task list", "their business metrics". */
  their: string;
  /** One block of text per item; none shows `empty`. */
  items: string[];
  empty: string;
}

export function sharedListMail(tenant: Tenant, client: Sharer, to: string, list: SharedList): MailMessage {
  const name = `${client.first_name} ${client.last_name}`;
  return {
    from: `"${tenant.name}" <no-reply@${tenant.domain}>`,
    to,
    subject: `${name} shared ${list.what} with you`,
    text: [
      `${name} (${client.email}) shared ${list.their} from ${tenant.name}.`,
      '',
      ...(list.items.length ? list.items : [list.empty]),
    ].join('\n'),
  };
}
