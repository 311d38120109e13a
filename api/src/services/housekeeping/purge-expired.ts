// Rows that can no longer matter (expired or revoked tokens, used links, old throttle events) are kept one
// day for investigation, then deleted, so the auth tables stay as small as the number of live sessions. Mail
// attachments uploaded but never sent go after a day too, with their files; processed Stripe event ids after a
// month. The flood guard's ended windows go at once: they count nothing any more.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { MailboxService } from '../mailbox/mailbox-service.js';
import { purgeEndedWindows } from '../throttle/rate-limit-store.js';

const keepMs = 24 * 60 * 60_000;
// Stripe redelivers an unanswered event for up to 3 days, newly signed each time: its id is kept a month.
const stripeEventsKeepMs = 30 * keepMs;

export async function purgeExpired(db: Kysely<Database>, at: Date): Promise<number> {
  const before = new Date(at.getTime() - keepMs);
  const results = await Promise.all([
    db.deleteFrom('auth_events').where('created_at', '<', before).executeTakeFirst(),
    db.deleteFrom('otp_challenges').where('expires_at', '<', before).executeTakeFirst(),
    db.deleteFrom('password_resets').where('expires_at', '<', before).executeTakeFirst(),
    db.deleteFrom('login_links').where('expires_at', '<', before).executeTakeFirst(),
    // An invitation mailed over a day ago no longer holds back the next one (support-repository.ts).
    db.deleteFrom('referral_invitations').where('mailed_at', '<', before).executeTakeFirst(),
    db
      .deleteFrom('stripe_events')
      .where('received_at', '<', new Date(at.getTime() - stripeEventsKeepMs))
      .executeTakeFirst(),
    ...(['access_tokens', 'trusted_devices'] as const).map((table) =>
      db
        .deleteFrom(table)
        .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
        .executeTakeFirst(),
    ),
  ]);
  return results.reduce((sum, r) => sum + Number(r.numDeletedRows), 0);
}

// Once when the app is ready, then hourly; the timer never keeps the process alive, and closing the app waits
// for a purge in progress so the database is not closed under it.
export function schedulePurge(
  app: FastifyInstance,
  db: Kysely<Database>,
  now: () => Date,
  mailbox: Pick<MailboxService, 'purgeUnsent'>,
): void {
  let running: Promise<void> = Promise.resolve();
  const purge = () => {
    const at = now();
    running = Promise.all([
      purgeExpired(db, at),
      mailbox.purgeUnsent(new Date(at.getTime() - keepMs)),
      purgeEndedWindows(db),
    ]).then(
      ([deleted, unsentFiles, rateLimits]) =>
        app.log.debug({ deleted, unsentFiles, rateLimits }, 'expired rows purged'),
      (error: unknown) => app.log.error({ err: error }, 'purging expired rows failed'),
    );
  };
  const timer = setInterval(purge, 60 * 60_000).unref();
  app.addHook('onReady', async () => purge());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
