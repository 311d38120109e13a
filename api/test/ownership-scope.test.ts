// The client's scoping rule of access/scope.ts on a real migrated database: own rows in the own tenant, the
// company's rows where a table is shared, a message per party until that party hides it, an attachment with
// its message. The routes' tests show the same through the API; these pin the rule itself.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownership, ownerValues, owned, visible } from '../src/services/access/scope.js';
import type { Actor } from '../src/services/access/scope.js';
import { ALPHA, BETA, Harness } from './helpers/harness.js';
import type { TestUser } from './helpers/harness.js';

const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const client = (user: TestUser, companyId?: number): Actor => ({
  tenantId: user.tenantId,
  userId: user.id,
  role: 'client',
  companyId,
});

async function newCompany(tenant: number) {
  const row = await h.db
    .insertInto('companies')
    .values({ tenant_id: tenant, name: `Scope ${Math.random()}`, website: null, industry: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// Tables whose rows name a user but are no client's data to scope, each with why.
const notClientOwned = {
  // Sign-in state: looked up by token hash or challenge before any actor exists, never listed to a user.
  access_tokens: 'session tokens',
  trusted_devices: 'trusted-device tokens',
  otp_challenges: 'one-time codes',
  password_resets: 'reset links',
  login_links: 'sign-in links',
  // A coach's profile record: the coach's own, read by their clients through coach_clients.
  coaches: 'coach profiles',
  // Crash reports for the support team: written by anyone (signed in or not), read by no user.
  error_reports: 'crash reports',
};

describe('the client scope', () => {
  it('has a rule for every table whose rows belong to a user, or says why not', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select distinct table_name from information_schema.columns
      where table_schema = 'public'
        and column_name in ('client_id', 'user_id', 'uploader_id', 'from_user_id', 'to_user_id')
      order by table_name`.execute(h.db);
    const unruled = rows.map((r) => r.table_name).filter((t) => !(t in ownership));
    expect(unruled.sort()).toEqual(Object.keys(notClientOwned).sort());
  });

  it("gives a client its own rows of its tenant, and changes none of another's", async () => {
    const [me, colleague, stranger] = [
      await h.createUser(),
      await h.createUser(),
      await h.createUser({ tenant_id: BETA }),
    ];
    const at = h.clock.now();
    for (const user of [me, colleague, stranger]) {
      await h.db
        .insertInto('meeting_notes')
        .values({
          ...ownerValues(client(user), 'meeting_notes'),
          title: `note of ${user.id}`,
          body: '',
          meeting_date: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const mine = await h.db
      .selectFrom('meeting_notes')
      .where(visible(client(me), 'meeting_notes'))
      .select('title')
      .execute();
    expect(mine).toEqual([{ title: `note of ${me.id}` }]);

    // The same user id asked for in the other tenant finds nothing there.
    const elsewhere = { ...client(me), tenantId: BETA };
    expect(
      await h.db.selectFrom('meeting_notes').where(owned(elsewhere, 'meeting_notes')).select('id').execute(),
    ).toEqual([]);

    const changed = await h.db
      .updateTable('meeting_notes')
      .where(owned(client(me), 'meeting_notes'))
      .set({ title: 'taken over' })
      .where('title', '=', `note of ${colleague.id}`)
      .executeTakeFirst();
    expect(Number(changed.numUpdatedRows)).toBe(0);
  });

  it("lets colleagues read the company's files and leaves changing one to its uploader", async () => {
    const [ours, theirs] = [await newCompany(ALPHA), await newCompany(ALPHA)];
    const me = client(await h.createUser({ company_id: ours }), ours);
    const colleague = client(await h.createUser({ company_id: ours }), ours);
    const outsider = client(await h.createUser({ company_id: theirs }), theirs);
    const at = h.clock.now();
    const send = (actor: Actor) =>
      h.db
        .insertInto('company_files')
        .values({ ...ownerValues(actor, 'company_files'), created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    const [mine, colleagues] = [await send(me), await send(colleague)];
    await send(outsider);

    const ids = (actor: Actor, scope: typeof visible) =>
      h.db
        .selectFrom('company_files')
        .where(scope(actor, 'company_files'))
        .select('id')
        .orderBy('id')
        .execute()
        .then((rows) => rows.map((r) => r.id));
    expect(await ids(me, visible)).toEqual([mine, colleagues]);
    expect(await ids(me, owned)).toEqual([mine]);
    // Without a company (or with another one) a client has no colleagues' files.
    expect(await ids({ ...me, companyId: null }, visible)).toEqual([]);
    expect(await ids({ ...me, companyId: theirs }, owned)).toEqual([]);
    expect(() => ownerValues({ ...me, companyId: null }, 'company_files')).toThrow(/company/);
  });

  it('shows a message to each party until that party hides it, and counts it for its sender still', async () => {
    const [sender, recipient] = [client(await h.createUser()), client(await h.createUser())];
    const at = h.clock.now();
    const email = await h.db
      .insertInto('emails')
      .values({
        ...ownerValues(sender, 'emails'),
        parent_id: null,
        to_user_id: recipient.userId,
        subject: 'Hello',
        body: 'Hi',
        read: false,
        deleted_by_sender: true,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db
      .insertInto('mail_attachments')
      .values(
        [
          { ...ownerValues(sender, 'mail_attachments'), email_id: email.id, object_key: 'sent' },
          { ...ownerValues(sender, 'mail_attachments'), email_id: null, object_key: 'unsent' },
        ].map((row) => ({ ...row, name: 'a.txt', size: 1, content_type: 'text/plain', created_at: at })),
      )
      .execute();

    const count = (scope: ReturnType<typeof visible>) =>
      h.db
        .selectFrom('emails')
        .where(scope)
        .select('id')
        .execute()
        .then((rows) => rows.length);
    expect(await count(visible(sender, 'emails'))).toBe(0);
    expect(await count(owned(sender, 'emails', 'from_user_id'))).toBe(1);
    expect(await count(visible(recipient, 'emails', 'to_user_id'))).toBe(1);
    expect(await count(visible(recipient, 'emails', 'from_user_id'))).toBe(0);

    const files = (actor: Actor) =>
      h.db
        .selectFrom('mail_attachments')
        .where(visible(actor, 'mail_attachments'))
        .select('object_key')
        .orderBy('object_key')
        .execute()
        .then((rows) => rows.map((r) => r.object_key));
    // The recipient reads the sent file with its message; the sender hid the message, and keeps the upload.
    expect(await files(recipient)).toEqual(['sent']);
    expect(await files(sender)).toEqual(['unsent']);
  });

  it('has no rule yet for the coach and admin roles, and says so rather than guess', () => {
    for (const role of ['coach', 'admin'] as const)
      expect(() => visible({ tenantId: ALPHA, userId: 1, role }, 'meeting_notes')).toThrow(/role/);
  });
});
