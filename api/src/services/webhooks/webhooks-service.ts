// The tenant admin's webhooks: register an endpoint (its secret shown once), choose its events, disable, rotate
// the secret, delete, read its delivery history and send a delivery again. The tenant is always the session's.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import type { EventType } from '../../../../schemas/events.js';
import {
  deleteEndpoint,
  deliveriesPerPage,
  deliveryStatus,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  pageOfDeliveries,
  requeueDelivery,
  updateEndpoint,
} from './endpoint-repository.js';
import { internalHost } from '../outbound/guarded-client.js';
import { newWebhookSecret } from './signature.js';

/** Every event type (also those added later), or the chosen ones. */
type Events = 'all' | EventType[];

interface ServiceDeps {
  db: Kysely<Database>;
  now: () => Date;
  /** Production accepts https only; elsewhere http to this machine too. */
  production: boolean;
}

const notFound = () => new HttpError(404, 'This webhook endpoint does not exist.');

const localHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * An endpoint is https: the payload is signed, not encrypted, and a CRM's data should not cross the internet in
 * the clear. Outside production plain http is allowed to this machine only, so a developer (and the tests) can
 * run a receiver without a certificate; nothing else can be reached in the clear.
 */
function checkUrl(url: string, production: boolean): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FieldError({ url: ['Enter a full web address, like https://crm.example.com/hooks/portal.'] });
  }
  // Refused at once when written as such; a name is checked at every delivery, when it is resolved.
  if (production && internalHost(parsed.hostname))
    throw new FieldError({
      url: ['Enter an address on the internet, not one of this server’s own network.'],
    });
  if (parsed.protocol === 'https:') return;
  if (parsed.protocol === 'http:' && !production && localHosts.has(parsed.hostname)) return;
  throw new FieldError({
    url: [
      production
        ? 'The address must start with https://.'
        : 'The address must start with https:// (http:// only to 127.0.0.1 or localhost).',
    ],
  });
}

const stored = (events: Events) => (events === 'all' ? null : [...new Set(events)]);

type EndpointRow = Awaited<ReturnType<typeof findEndpoint>> & object;
const shown = ({ events, ...row }: EndpointRow) => ({ ...row, events: events ?? ('all' as const) });

export function createWebhooksService({ db, now, production }: ServiceDeps) {
  const owned = async (tenantId: number, id: number) => {
    const endpoint = await findEndpoint(db, tenantId, id);
    if (!endpoint) throw notFound();
    return endpoint;
  };
  return {
    async list(tenantId: number) {
      const rows = await listEndpoints(db, tenantId);
      return rows.map(({ failed, ...row }) => ({ ...shown(row), failed: Number(failed) }));
    },
    async get(tenantId: number, id: number) {
      return shown(await owned(tenantId, id));
    },
    async create(tenantId: number, input: { url: string; events: Events }) {
      checkUrl(input.url, production);
      const secret = newWebhookSecret();
      const endpoint = await insertEndpoint(db, {
        tenantId,
        url: input.url,
        events: stored(input.events),
        secret,
        at: now(),
      });
      return { endpoint: shown(endpoint), secret };
    },
    async change(tenantId: number, id: number, input: { events?: Events; enabled?: boolean }) {
      const endpoint = await updateEndpoint(db, tenantId, id, {
        ...(input.events !== undefined && { events: stored(input.events) }),
        ...(input.enabled !== undefined && { enabled: input.enabled }),
      });
      if (!endpoint) throw notFound();
      return shown(endpoint);
    },
    /** A new secret at once: deliveries from now on are signed with it only. */
    async rotate(tenantId: number, id: number) {
      const secret = newWebhookSecret();
      const endpoint = await updateEndpoint(db, tenantId, id, { secret, secret_rotated_at: now() });
      if (!endpoint) throw notFound();
      return { endpoint: shown(endpoint), secret };
    },
    async remove(tenantId: number, id: number) {
      if (!(await deleteEndpoint(db, tenantId, id))) throw notFound();
      return { id };
    },
    async deliveries(tenantId: number, id: number, page: number) {
      await owned(tenantId, id);
      const { rows, total } = await pageOfDeliveries(db, tenantId, id, page);
      return { deliveries: rows, page, pages: Math.max(1, Math.ceil(total / deliveriesPerPage)), total };
    },
    async sendAgain(tenantId: number, endpointId: number, deliveryId: number) {
      await owned(tenantId, endpointId);
      if (await requeueDelivery(db, tenantId, endpointId, deliveryId, now())) return { id: deliveryId };
      const current = await deliveryStatus(db, tenantId, endpointId, deliveryId);
      if (!current) throw new HttpError(404, 'This delivery does not exist.');
      throw new HttpError(409, 'This delivery is still being tried: wait for it to be delivered or to fail.');
    },
  };
}
