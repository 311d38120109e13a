// The tenant admin's webhooks: register an endpoint (its secret shown once), choose its events, disable, rotate
// the secret, delete, read its delivery history and send a delivery again. The tenant is always the session's.
// Adding, changing, rotating and deleting are each audited in the change's own transaction (never the secret).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import type { EventType } from '../../../../contracts/events.js';
import {
  deleteEndpoint,
  deliveriesPerPage,
  deliveryStatus,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  pageOfDeliveries,
  requeueDelivery,
  resumeDeliveries,
  rotateSecret,
  updateEndpoint,
} from './endpoint-repository.js';
import { checkAddress } from '../outbound/guarded-client.js';
import { writeAudit } from '../people/audit-repository.js';
import type { ChangeActor } from '../people/audit-repository.js';
import { newWebhookSecret } from './signature.js';
import { dropEndpointJobs, sendDeliveryJobs } from './delivery-repository.js';

/** Every event type (also those added later), or the chosen ones. */
type Events = 'all' | EventType[];

interface WebhookAudit {
  /** webhook.created, webhook.updated, webhook.secret_rotated or webhook.deleted. */
  action: string;
  subject_id: number;
  summary: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

interface ServiceDeps {
  db: Kysely<Database>;
  now: () => Date;
  /** Production accepts https only; elsewhere http to this machine too (checkAddress). */
  production: boolean;
}

const notFound = () => new HttpError(404, 'This webhook endpoint does not exist.');

const stored = (events: Events) => (events === 'all' ? null : [...new Set(events)]);

/** How long a rotated-out secret keeps signing beside the new one: a day to update the receiving system. */
const SECRET_GRACE_MS = 24 * 60 * 60_000;

type EndpointRow = Awaited<ReturnType<typeof findEndpoint>> & object;

/** What the audit log keeps of an endpoint: never its secret. */
const audited = (row: EndpointRow) => ({ url: row.url, events: row.events ?? 'all', enabled: row.enabled });

export function createWebhooksService({ db, now, production }: ServiceDeps) {
  /** The endpoint as the admin sees it; the old secret's end only while it still signs. */
  const shown = ({ events, previous_secret_until: until, ...row }: EndpointRow) => ({
    ...row,
    events: events ?? ('all' as const),
    old_secret_expires_at: until && until > now() ? until : null,
  });
  const owned = async (tenantId: number, id: number) => {
    const endpoint = await findEndpoint(db, tenantId, id);
    if (!endpoint) throw notFound();
    return endpoint;
  };
  /** A change and its audit entry in one transaction (the people changes' habit); undefined: not this tenant's. */
  const audit = <T extends { entry: WebhookAudit }>(
    actor: ChangeActor,
    change: (trx: Kysely<Database>, at: Date) => Promise<T | undefined>,
  ) =>
    db.transaction().execute(async (trx) => {
      const at = now();
      const done = await change(trx, at);
      if (!done) throw notFound();
      await writeAudit(trx, actor, at, { subject_type: 'webhook', person_id: null, ...done.entry });
      return done;
    });
  return {
    async list(tenantId: number) {
      const rows = await listEndpoints(db, tenantId);
      return rows.map(({ failed, ...row }) => ({ ...shown(row), failed: Number(failed) }));
    },
    async get(tenantId: number, id: number) {
      return shown(await owned(tenantId, id));
    },
    async create(actor: ChangeActor, input: { url: string; events: Events }) {
      checkAddress(input.url, production, 'https://crm.example.com/hooks/portal');
      const secret = newWebhookSecret();
      const { endpoint } = await audit(actor, async (trx, at) => {
        const row = await insertEndpoint(trx, {
          tenantId: actor.tenantId,
          url: input.url,
          events: stored(input.events),
          secret,
          at,
        });
        const entry = {
          action: 'webhook.created',
          subject_id: row.id,
          summary: `Added the webhook endpoint ${row.url}`,
          after: audited(row),
        };
        return { endpoint: row, entry };
      });
      return { endpoint: shown(endpoint), secret };
    },
    async change(actor: ChangeActor, id: number, input: { events?: Events; enabled?: boolean }) {
      const { endpoint } = await audit(actor, async (trx, at) => {
        const before = await findEndpoint(trx, actor.tenantId, id);
        if (!before) return undefined;
        const row = (await updateEndpoint(trx, actor.tenantId, id, {
          ...(input.events !== undefined && { events: stored(input.events) }),
          ...(input.enabled !== undefined && { enabled: input.enabled }),
        }))!;
        // What waited while it was disabled goes now, with the change.
        if (!before.enabled && row.enabled) {
          await dropEndpointJobs(trx, id);
          await sendDeliveryJobs(trx, await resumeDeliveries(trx, actor.tenantId, id, at));
        }
        const [was, is] = [audited(before), audited(row)];
        const changed = (['events', 'enabled'] as const).filter(
          (key) => JSON.stringify(was[key]) !== JSON.stringify(is[key]),
        );
        const pick = (from: typeof was) => Object.fromEntries(changed.map((key) => [key, from[key]]));
        const entry = {
          action: 'webhook.updated',
          subject_id: id,
          summary: changed.length
            ? `Changed ${changed.join(' and ')} of the webhook endpoint ${row.url}`
            : `Saved the webhook endpoint ${row.url} unchanged`,
          before: pick(was),
          after: pick(is),
        };
        return { endpoint: row, entry };
      });
      return shown(endpoint);
    },
    /**
     * A new secret, shown once. The old one keeps signing beside it for SECRET_GRACE_MS (two v1 signatures), so
     * the receiving system keeps accepting deliveries until it is given the new one.
     */
    async rotate(actor: ChangeActor, id: number) {
      const secret = newWebhookSecret();
      const { endpoint } = await audit(actor, async (trx, at) => {
        const before = await findEndpoint(trx, actor.tenantId, id);
        const graceUntil = new Date(at.getTime() + SECRET_GRACE_MS);
        const row = before && (await rotateSecret(trx, actor.tenantId, id, { secret, at, graceUntil }));
        if (!before || !row) return undefined;
        const entry = {
          action: 'webhook.secret_rotated',
          subject_id: id,
          summary: `Made a new signing secret for the webhook endpoint ${row.url}; the old one signs too until ${graceUntil.toISOString()}`,
          before: { secret_rotated_at: before.secret_rotated_at },
          after: { secret_rotated_at: at, old_secret_expires_at: graceUntil },
        };
        return { endpoint: row, entry };
      });
      return { endpoint: shown(endpoint), secret };
    },
    async remove(actor: ChangeActor, id: number) {
      await audit(actor, async (trx) => {
        const before = await findEndpoint(trx, actor.tenantId, id);
        if (!before || !(await deleteEndpoint(trx, actor.tenantId, id))) return undefined;
        const entry = {
          action: 'webhook.deleted',
          subject_id: id,
          summary: `Deleted the webhook endpoint ${before.url} and its delivery history`,
          before: audited(before),
        };
        return { entry };
      });
      return { id };
    },
    async deliveries(tenantId: number, id: number, page: number) {
      await owned(tenantId, id);
      const { rows, total } = await pageOfDeliveries(db, tenantId, id, page);
      return { deliveries: rows, page, pages: Math.max(1, Math.ceil(total / deliveriesPerPage)), total };
    },
    async sendAgain(tenantId: number, endpointId: number, deliveryId: number) {
      await owned(tenantId, endpointId);
      const requeued = await db.transaction().execute(async (trx) => {
        const row = await requeueDelivery(trx, tenantId, endpointId, deliveryId, now());
        if (row) await sendDeliveryJobs(trx, [row]);
        return row;
      });
      if (requeued) return { id: deliveryId };
      const current = await deliveryStatus(db, tenantId, endpointId, deliveryId);
      if (!current) throw new HttpError(404, 'This delivery does not exist.');
      throw new HttpError(409, 'This delivery is still being tried: wait for it to be delivered or to fail.');
    },
  };
}
