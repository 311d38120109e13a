// Coaching agreements: a tenant's agreement, or a coach's own overriding it for their
// clients; each published text is a new, immutable version, and a client signs the current one by typing their
// name and agreeing. A signature binds the sha256 of the exact text shown; the database refuses to change or
// remove it (migration 1920). Publishing and signing are audited; signing is also the `agreement.signed` event;
// publishing tells each client it now applies to (bell, push and mail, by their channels).
//
// The rule of tenant.json's agreements.required is agreement-rule.ts's.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { FieldError, HttpError } from '../../errors.js';
import { assignedClient } from '../access/assigned-client.js';
import type { Actor } from '../access/scope.js';
import { coachByUser } from '../booking/booking-coach.js';
import { zoneOf } from '../booking/booking-service.js';
import { recordEvent } from '../events/record-event.js';
import type { Mailer } from '../mail/mailer.js';
import type { MailDraft } from '../mail/mail-draft.js';
import { notify } from '../notifications/notify.js';
import { findTenant } from '../tenants/tenant-repository.js';
import { toPage, type PageQuery } from '../integration/cursor.js';
import { sanitizeRichText } from '../groups/rich-text.js';
import { writeAudit, type ChangeActor } from '../people/audit-repository.js';
import { agreementPdf } from './agreement-pdf.js';
import { textHash } from './agreement-text.js';
import * as repo from './agreements-repository.js';
import type { AgreementVersion } from './agreements-repository.js';
import { isSignersName } from './signer-name.js';

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

const versionAnswer = (v: AgreementVersion) => ({
  version_id: v.id,
  agreement_id: v.agreement_id,
  version: v.version,
  title: v.title,
  body_html: v.body_html,
  text_sha256: v.text_sha256,
  published_at: v.published_at.toISOString(),
  own_coach: v.coach_id !== null,
});

const signatureAnswer = (s: repo.SignatureRow) => ({
  id: s.id,
  typed_name: s.typed_name,
  signed_at: s.signed_at.toISOString(),
});

export function createAgreementsService(deps: { db: Kysely<Database>; now: () => Date; mailer: Mailer }) {
  const { db, now, mailer } = deps;

  /** The versions that apply to the client: one per coach of theirs (deduplicated), the tenant's without one. */
  async function applicable(client: Actor): Promise<AgreementVersion[]> {
    const coaches = await repo.coachesOfClient(db, client);
    const found = await Promise.all(
      (coaches.length > 0 ? coaches : [null]).map((c) => repo.currentVersionOf(db, client.tenantId, c)),
    );
    const byId = new Map(found.filter((v) => v !== undefined).map((v) => [v.id, v]));
    return [...byId.values()];
  }

  async function pdfOf(actor: Actor, signatureId: number) {
    const signed = await repo.signatureWithText(db, actor, signatureId);
    if (!signed) throw new HttpError(404, 'Signature not found.');
    const tenant = await db
      .selectFrom('tenants')
      .select('name')
      .where('id', '=', actor.tenantId)
      .executeTakeFirstOrThrow();
    const bytes = await agreementPdf(signed, tenant.name);
    const day = signed.signed_at.toISOString().slice(0, 10);
    return {
      name: `Agreement v${signed.version} signed by ${signed.typed_name} ${day}.pdf`,
      type: 'application/pdf',
      bytes: Buffer.from(bytes),
    };
  }

  /** The agreement an editor publishes to: the tenant's for an admin, their own for a coach. */
  async function editorsAgreement(actor: Actor): Promise<{ coachId: number | null }> {
    if (actor.role === 'admin') return { coachId: null };
    const coach = await coachByUser(db, actor.tenantId, actor.userId);
    if (actor.role !== 'coach' || !coach) throw new HttpError(403, 'This is not available to your account.');
    return { coachId: coach.id };
  }

  return {
    /** The client's Agreement page: each agreement that applies, its current text, and their signature of it. */
    async forClient(client: Actor) {
      const versions = await applicable(client);
      return Promise.all(
        versions.map(async (v) => {
          const signature = await repo.signatureOf(db, client, v.id, client.userId);
          return { ...versionAnswer(v), signature: signature ? signatureAnswer(signature) : null };
        }),
      );
    },

    /**
     * Signs a version: the current one of an agreement that applies to the client (an older one is a 409: a
     * newer text was published meanwhile), with their own name typed and "I agree" ticked.
     */
    async sign(
      client: Actor,
      input: { version_id: number; typed_name: string; agreed: boolean; text_sha256: string },
      from: { ip: string; userAgent: string },
    ) {
      const version = (await applicable(client)).find((v) => v.id === input.version_id);
      if (!version) {
        const older = await db
          .selectFrom('agreement_versions')
          .select('id')
          .where('tenant_id', '=', client.tenantId)
          .where('id', '=', input.version_id)
          .executeTakeFirst();
        if (older)
          throw new HttpError(
            409,
            'A newer version of this agreement was published. Please read and sign it.',
          );
        throw new HttpError(404, 'Agreement not found.');
      }
      // The text the client read is the text they sign: a page open on another text signs nothing.
      if (input.text_sha256 !== version.text_sha256)
        throw new HttpError(
          409,
          'The agreement text changed while you were reading it. Please read it again.',
        );
      const errors: Record<string, string[]> = {};
      const user = await db
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('tenant_id', '=', client.tenantId)
        .where('id', '=', client.userId)
        .executeTakeFirstOrThrow();
      const typed = input.typed_name.trim();
      if (typed === '') errors.typed_name = ['Type your full name to sign.'];
      else if (!isSignersName(typed, user.first_name, user.last_name))
        errors.typed_name = [
          `Type your full name as your profile has it: ${user.first_name} ${user.last_name}.`,
        ];
      if (!input.agreed) errors.agreed = ['Tick "I agree" to sign.'];
      if (Object.keys(errors).length > 0) throw new FieldError(errors);

      const at = now();
      const zone = await zoneOf(db, client);
      try {
        const id = await db.transaction().execute(async (trx) => {
          const signatureId = await repo.insertSignature(trx, client, {
            version_id: version.id,
            typed_name: typed,
            signed_at: at,
            time_zone: zone,
            ip_address: from.ip,
            user_agent: from.userAgent.slice(0, 500),
            text_sha256: version.text_sha256,
          });
          await writeAudit(trx, client, at, {
            action: 'agreement.signed',
            subject_type: 'signature',
            subject_id: signatureId,
            person_id: client.userId,
            summary: `Signed "${version.title}" version ${version.version} as "${typed}"`,
            after: { version: version.version, text_sha256: version.text_sha256, ip_address: from.ip },
          });
          await recordEvent(trx, client.tenantId, 'agreement.signed', {
            signature_id: signatureId,
            client_id: client.userId,
            agreement_id: version.agreement_id,
            version: version.version,
            text_sha256: version.text_sha256,
            signed_at: at.toISOString(),
          });
          return signatureId;
        });
        return {
          ...versionAnswer(version),
          signature: { id, typed_name: typed, signed_at: at.toISOString() },
        };
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, 'You have already signed this version.');
        throw error;
      }
    },

    /** On the coach's client page: the agreement that applies with this coach, and whether it is signed. */
    async forCoachClient(coach: Actor, clientId: number) {
      const client = await assignedClient(db, coach, clientId);
      const own = await coachByUser(db, coach.tenantId, coach.userId);
      const version = await repo.currentVersionOf(db, coach.tenantId, own?.id ?? null);
      if (!version) return { agreement: null, signature: null };
      const signature = await repo.signatureOf(db, coach, version.id, client.userId);
      return { agreement: versionAnswer(version), signature: signature ? signatureAnswer(signature) : null };
    },

    /** The editor: the agreement the caller publishes to (an admin the tenant's, a coach their own). */
    async editor(actor: Actor) {
      const { coachId } = await editorsAgreement(actor);
      const current = await repo.currentVersionOf(db, actor.tenantId, coachId);
      const mine = current && (current.coach_id ?? null) === coachId ? current : undefined;
      return {
        scope: coachId === null ? ('tenant' as const) : ('coach' as const),
        current: mine ? versionAnswer(mine) : null,
        // A coach without their own sees the tenant's, which their clients sign meanwhile.
        inherited: current && !mine ? versionAnswer(current) : null,
        versions: mine
          ? (await repo.versionsOf(db, actor.tenantId, mine.agreement_id)).map((v) => ({
              ...v,
              published_at: v.published_at.toISOString(),
            }))
          : [],
      };
    },

    /** Publishes a new version: sanitised, hashed, numbered after the last; every client signs it again. */
    async publish(actor: Actor, input: { title: string; body_html: string }) {
      const { coachId } = await editorsAgreement(actor);
      const body = sanitizeRichText(input.body_html).trim();
      const title = input.title.trim();
      const errors: Record<string, string[]> = {};
      if (title === '') errors.title = ['Give the agreement a title.'];
      if (body.replace(/<[^>]*>/g, '').trim() === '') errors.body_html = ['Write the agreement’s text.'];
      if (Object.keys(errors).length > 0) throw new FieldError(errors);
      const at = now();
      const audited: ChangeActor = { tenantId: actor.tenantId, userId: actor.userId };
      const tenant = (await findTenant(db, actor.tenantId))!;
      const mails: MailDraft[] = [];
      await db.transaction().execute(async (trx) => {
        const agreementId = await repo.agreementFor(trx, actor.tenantId, coachId, at);
        const version = await repo.insertVersion(trx, {
          tenant_id: actor.tenantId,
          agreement_id: agreementId,
          title,
          body_html: body,
          text_sha256: textHash(body),
          published_at: at,
          published_by: actor.userId,
        });
        await writeAudit(trx, audited, at, {
          action: 'agreement.published',
          subject_type: 'agreement',
          subject_id: agreementId,
          person_id: null,
          summary: `Published "${title}" version ${version.version}${coachId === null ? '' : ' (own agreement)'}`,
          after: { version: version.version, text_sha256: textHash(body) },
        });
        // Each client it now applies to has it to sign: their bell (and push) in this transaction, their mail
        // (each by their own channels) once it commits.
        for (const client of await repo.clientsToSignAgain(trx, actor.tenantId, coachId)) {
          await notify(trx, {
            tenantId: actor.tenantId,
            userId: client.id,
            kind: 'agreement',
            title: `Please read and sign "${title}"`,
            body: `Version ${version.version}, published now`,
            link: '/agreement',
          });
          mails.push({
            tenant,
            kind: 'agreement',
            to: client.email,
            notice: { userId: client.id, kind: 'agreement' },
            values: {
              firstName: client.first_name,
              title,
              version: String(version.version),
              link: `https://${tenant.domain}/agreement`,
            },
          });
        }
      });
      for (const mail of mails) await mailer.send(mail);
      return this.editor(actor);
    },

    /** A signed agreement's PDF: the client's own, a coach's client's, or (admin, key) the tenant's. */
    pdf: pdfOf,

    /** The integration API's page of the tenant's signatures, by time signed. */
    async keySignatures(tenantId: number, page: PageQuery) {
      const rows = await repo.listSignatures(db, { tenantId, userId: 0, role: 'admin' }, page);
      const { data, next_cursor } = toPage(rows, page, (r) => r.signed_at);
      return { data: data.map((r) => ({ ...r, signed_at: r.signed_at.toISOString() })), next_cursor };
    },

    keyPdf: (tenantId: number, signatureId: number) =>
      pdfOf({ tenantId, userId: 0, role: 'admin' }, signatureId),
  };
}
