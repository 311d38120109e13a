// The tenant's coaching agreement, in the trade of its demo business: version 1, then version 2 a month later
// (what changed is a line a client would notice). client@ and the second coach's clients signed version 2, the
// current one; basic@ signed version 1 only, so they are asked to sign again. Versions and signatures can never
// be changed (migration 1920): a second seed finds the versions there and leaves everything as it is.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { sanitizeRichText } from '../services/groups/rich-text.js';
import { textHash } from '../services/agreements/agreement-text.js';
import { bakery } from './sets/bakery.js';
import type { DemoSet } from './sets/index.js';
import { dental } from './sets/dental.js';
import { plumbing } from './sets/plumbing.js';

const DAY = 24 * 60 * 60 * 1000;

/** What the agreement says of the client's trade: its sessions' subject and the confidential things they share. */
const TRADE = new Map<DemoSet, { work: string; shared: string }>([
  [
    bakery,
    { work: 'your bakery: pricing, production, staff and cash flow', shared: 'recipes, supplier prices' },
  ],
  [
    plumbing,
    { work: 'your plumbing business: jobs, pricing, crews and cash flow', shared: 'customer lists, rates' },
  ],
  [dental, { work: 'your practice: patient flow, your team and the books', shared: 'patient numbers, fees' }],
]);

function agreementText(set: DemoSet, version: 1 | 2): string {
  const trade = TRADE.get(set) ?? { work: 'your business', shared: 'figures and plans' };
  const notice = version === 1 ? '24 hours' : '48 hours';
  return sanitizeRichText(
    `<h2>What we work on</h2><p>Coaching for ${trade.work}. Your coach asks, listens and challenges; the ` +
      `decisions stay yours.</p><h2>Sessions</h2><ul><li>Sessions are booked in the portal.</li><li>Move or ` +
      `cancel at least ${notice} before a session; later, the session counts as held.</li></ul>` +
      `<h2>Confidentiality</h2><p>What you share (${trade.shared} and the rest) stays between you and your ` +
      `coach, unless the law requires otherwise.</p><h2>Ending</h2><p>Either of us may end the coaching with ` +
      `two weeks' notice in writing.</p>`,
  );
}

export async function seedAgreements(
  db: Kysely<Database>,
  seed: {
    tenantId: number;
    set: DemoSet;
    adminId: number;
    currentSigners: number[];
    oldSigners: number[];
    at: Date;
  },
): Promise<void> {
  const { tenantId, set, at } = seed;
  const existing = await db
    .selectFrom('agreements')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('coach_id', 'is', null)
    .executeTakeFirst();
  if (existing) return;
  const publishedAt = [new Date(at.getTime() - 60 * DAY), new Date(at.getTime() - 30 * DAY)];
  await db.transaction().execute(async (trx) => {
    const { id: agreementId } = await trx
      .insertInto('agreements')
      .values({ tenant_id: tenantId, coach_id: null, created_at: publishedAt[0]! })
      .returning('id')
      .executeTakeFirstOrThrow();
    const versions: { id: number; hash: string }[] = [];
    for (const version of [1, 2] as const) {
      const body = agreementText(set, version);
      const row = await trx
        .insertInto('agreement_versions')
        .values({
          tenant_id: tenantId,
          agreement_id: agreementId,
          version,
          title: 'Coaching agreement',
          body_html: body,
          text_sha256: textHash(body),
          published_at: publishedAt[version - 1]!,
          published_by: seed.adminId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      versions.push({ id: row.id, hash: textHash(body) });
    }
    const signers = [
      ...seed.oldSigners.map((clientId) => ({ clientId, version: versions[0]!, day: 58 })),
      ...seed.currentSigners.map((clientId) => ({ clientId, version: versions[1]!, day: 28 })),
    ];
    for (const { clientId, version, day } of signers) {
      const user = await trx
        .selectFrom('users')
        .select(['first_name', 'last_name', 'time_zone'])
        .where('id', '=', clientId)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('agreement_signatures')
        .values({
          tenant_id: tenantId,
          version_id: version.id,
          client_id: clientId,
          typed_name: `${user.first_name} ${user.last_name}`,
          agreed: true,
          signed_at: new Date(at.getTime() - day * DAY),
          time_zone: user.time_zone ?? set.timeZone,
          ip_address: '192.0.2.10',
          user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15',
          text_sha256: version.hash,
        })
        .execute();
    }
  });
}
