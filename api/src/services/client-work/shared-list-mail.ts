// The mail a client sends when sharing a list of their work (tasks, metrics), in the tenant's brand
// (templates/mail/shared-list): every value is escaped in its HTML, so nothing a client typed becomes markup in
// someone's inbox.
import type { Tenant } from '../../db/database.js';
import type { MailDraft } from '../mail/mail-draft.js';
import type { TaskItem } from '../../../../contracts/mail/mail-kinds.js';

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
  /** Each item's heading and its detail lines; none shows `empty`. */
  items: TaskItem[];
  empty: string;
}

export function sharedListMail(tenant: Tenant, client: Sharer, to: string, list: SharedList): MailDraft {
  return {
    tenant,
    kind: 'shared-list',
    to,
    values: { sharer: `${client.first_name} ${client.last_name}`, sharerEmail: client.email, ...list },
  };
}
