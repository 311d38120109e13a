// The client's scoping rule of access/scope.ts on a real migrated database: own rows in the own tenant, the
// company's rows where a table is shared, a message per party until that party hides it, an attachment with
// its message. The routes' tests show the same through the API; these pin the rule itself.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignedClient } from '../src/services/access/assigned-client.js';
import { ownership, ownerValues, owned, visible } from '../src/services/access/scope.js';
import type { Actor, AssignedClient } from '../src/services/access/scope.js';
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
  invitations: 'invitation links',
  // A login email waiting for its new address to confirm it: looked up by token hash, shown to the admin only.
  email_changes: 'email change links',
  // A coach's profile record: the coach's own, read by their clients through coach_clients.
  coaches: 'coach profiles',
  // Crash reports for the support team: written by anyone (signed in or not), read by no user.
  error_reports: 'crash reports',
  // A user's own notification choices: read and written only as the signed-in user's (/me), never listed.
  notification_preferences: 'notification preferences',
  // A person's own notifications and devices: read and written only as the signed-in person's, never listed.
  notifications: 'notifications',
  push_subscriptions: 'push subscriptions',
  // What reminders went out, read only by the reminder jobs to send each once.
  reminder_sends: 'reminders sent',
  // A lesson video's play tickets: looked up by token hash, bound to the session that asked, never listed.
  lesson_file_tickets: 'play tickets',
  // A person's calendar feed token: looked up by its hash (the feed's address), shown to its owner only.
  calendar_feed_tokens: 'calendar feed tokens',
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

  it("gives an admin every client's rows of their own tenant and none of another's, but not others' messages", async () => {
    const [mine, theirs] = [await h.createUser(), await h.createUser({ tenant_id: BETA })];
    for (const user of [mine, theirs])
      await h.db
        .insertInto('meeting_notes')
        .values({
          ...ownerValues(client(user), 'meeting_notes'),
          title: `admin scope ${user.id}`,
          body: '',
          meeting_date: null,
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
    const admin: Actor = { tenantId: ALPHA, userId: (await h.createUser({ role_id: 1 })).id, role: 'admin' };
    const titles = await h.db
      .selectFrom('meeting_notes')
      .where(visible(admin, 'meeting_notes'))
      .select('title')
      .where('title', 'like', 'admin scope %')
      .execute();
    expect(titles.map((r) => r.title)).toEqual([`admin scope ${mine.id}`]);
    // A message is its two parties' own: the admin is neither.
    const other = await h.createUser();
    await h.db
      .insertInto('emails')
      .values({
        ...ownerValues(client(mine), 'emails'),
        parent_id: null,
        to_user_id: other.id,
        subject: 'private',
        body: '',
        read: false,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    const seen = await h.db.selectFrom('emails').where(visible(admin, 'emails')).select('id').execute();
    expect(seen).toEqual([]);
  });
});

describe('the coach scope', () => {
  /** A coach user of `tenant` with these clients assigned. */
  async function coachOf(tenant: number, clients: TestUser[]): Promise<Actor> {
    const user = await h.createUser({ tenant_id: tenant, role_id: 2 });
    const coach = await h.db
      .insertInto('coaches')
      .values({
        tenant_id: tenant,
        user_id: user.id,
        bio: '',
        specialties: '',
        certifications: '',
        years_experience: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const client of clients)
      await h.db
        .insertInto('coach_clients')
        .values({ coach_id: coach.id, client_id: client.id, tenant_id: tenant, since: h.clock.now() })
        .execute();
    return { tenantId: tenant, userId: user.id, role: 'coach' };
  }

  async function note(user: TestUser, title: string) {
    const at = h.clock.now();
    await h.db
      .insertInto('meeting_notes')
      .values({
        ...ownerValues(client(user), 'meeting_notes'),
        title,
        body: '',
        meeting_date: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  it("gives a coach their clients' rows, never another coach's client's or another tenant's", async () => {
    const [mine, theirs, foreign] = [
      await h.createUser(),
      await h.createUser(),
      await h.createUser({ tenant_id: BETA }),
    ];
    const coach = await coachOf(ALPHA, [mine]);
    await coachOf(ALPHA, [theirs]);
    // A coach of the other tenant with a user id that exists in this one: the tenant still decides.
    await coachOf(BETA, [foreign]);
    for (const [user, title] of [
      [mine, 'mine'],
      [theirs, 'theirs'],
      [foreign, 'foreign'],
    ] as const)
      await note(user, title);
    const titles = (actor: Actor, scope: typeof visible) =>
      h.db
        .selectFrom('meeting_notes')
        .where(scope(actor, 'meeting_notes'))
        .select('title')
        .execute()
        .then((rows) => rows.map((r) => r.title));
    expect(await titles(coach, visible)).toEqual(['mine']);
    expect(await titles(coach, owned)).toEqual(['mine']);
    expect(await titles({ ...coach, tenantId: BETA }, visible)).toEqual([]);

    const changed = await h.db
      .updateTable('meeting_notes')
      .where(owned(coach, 'meeting_notes'))
      .set({ title: 'taken over' })
      .where('title', 'in', ['theirs', 'foreign'])
      .executeTakeFirst();
    expect(Number(changed.numUpdatedRows)).toBe(0);
  });

  it('writes a client row only for a client found assigned to the coach', async () => {
    const [mine, theirs, foreign] = [
      await h.createUser(),
      await h.createUser(),
      await h.createUser({ tenant_id: BETA }),
    ];
    const coach = await coachOf(ALPHA, [mine]);
    await coachOf(ALPHA, [theirs]);
    const assigned = await assignedClient(h.db, coach, mine.id);
    expect(ownerValues(coach, 'action_steps', assigned)).toEqual({ tenant_id: ALPHA, client_id: mine.id });
    // Without an assigned client, or with one of another tenant, a coach's insert does not start.
    expect(() => ownerValues(coach, 'action_steps')).toThrow(/assigned/);
    expect(() => ownerValues({ ...coach, tenantId: BETA }, 'action_steps', assigned)).toThrow(/assigned/);
    for (const other of [theirs, foreign])
      await expect(assignedClient(h.db, coach, other.id)).rejects.toMatchObject({ statusCode: 404 });
    // A client is never "assigned" to themselves, whatever the rule of coach_clients gives a client.
    await expect(assignedClient(h.db, client(mine), mine.id)).rejects.toMatchObject({ statusCode: 404 });
    // A row of parties (a message) is the coach's own, as sender.
    expect(ownerValues(coach, 'emails')).toEqual({ tenant_id: ALPHA, from_user_id: coach.userId });
  });

  it("shows a coach their own messages only, and the company files of their clients' companies", async () => {
    const [company, other] = [await newCompany(ALPHA), await newCompany(ALPHA)];
    const mine = await h.createUser({ company_id: company });
    const stranger = await h.createUser({ company_id: other });
    const coach = await coachOf(ALPHA, [mine]);
    const at = h.clock.now();
    const mail = (from: number, to: number, subject: string) =>
      h.db
        .insertInto('emails')
        .values({
          tenant_id: ALPHA,
          parent_id: null,
          from_user_id: from,
          to_user_id: to,
          subject,
          body: '',
          read: false,
          created_at: at,
          updated_at: at,
        })
        .execute();
    await mail(mine.id, coach.userId, 'to the coach');
    await mail(coach.userId, mine.id, 'from the coach');
    // The client's message to someone else is theirs and that person's, not the coach's.
    await mail(mine.id, stranger.id, 'to a stranger');
    const subjects = await h.db
      .selectFrom('emails')
      .where(visible(coach, 'emails'))
      .select('subject')
      .orderBy('subject')
      .execute();
    expect(subjects.map((r) => r.subject)).toEqual(['from the coach', 'to the coach']);

    for (const [user, companyId] of [
      [mine, company],
      [stranger, other],
    ] as const)
      await h.db
        .insertInto('company_files')
        .values({ ...ownerValues(client(user, companyId), 'company_files'), created_at: at, updated_at: at })
        .execute();
    const files = await h.db
      .selectFrom('company_files')
      .where(visible(coach, 'company_files'))
      .select('company_id')
      .execute();
    expect(files).toEqual([{ company_id: company }]);
  });

  it("reads a company file for one client as that client's: they and their coach see it, no colleague", async () => {
    const company = await newCompany(ALPHA);
    const [mine, colleague] = [
      await h.createUser({ company_id: company }),
      await h.createUser({ company_id: company }),
    ];
    const coach = await coachOf(ALPHA, [mine, colleague]);
    const colleaguesCoach = await coachOf(ALPHA, [colleague]);
    const at = h.clock.now();
    const send = async (description: string, to?: AssignedClient) =>
      h.db
        .insertInto('company_files')
        .values({
          ...ownerValues({ ...coach, companyId: company }, 'company_files', to),
          description,
          created_at: at,
          updated_at: at,
        })
        .execute();
    await send('for the company');
    await send('for one client', await assignedClient(h.db, coach, mine.id));
    const seenBy = async (actor: Actor) =>
      (
        await h.db
          .selectFrom('company_files')
          .where(visible(actor, 'company_files'))
          .where('company_id', '=', company)
          .select('description')
          .orderBy('description')
          .execute()
      ).map((r) => r.description);
    expect(await seenBy(client(mine, company))).toEqual(['for one client', 'for the company']);
    expect(await seenBy(coach)).toEqual(['for one client', 'for the company']);
    expect(await seenBy(client(colleague, company))).toEqual(['for the company']);
    expect(await seenBy(colleaguesCoach)).toEqual(['for the company']);
    // An admin reaches every row of the tenant, the one-client file too.
    const admin: Actor = { tenantId: ALPHA, userId: (await h.createUser({ role_id: 1 })).id, role: 'admin' };
    expect(await seenBy(admin)).toEqual(['for one client', 'for the company']);
  });

  it("keeps a coach's private note about a client from that client, and shows it to the coach", async () => {
    const mine = await h.createUser();
    const coach = await coachOf(ALPHA, [mine]);
    const at = h.clock.now();
    await h.db
      .insertInto('coach_notes')
      .values({
        ...ownerValues(coach, 'coach_notes', await assignedClient(h.db, coach, mine.id)),
        author_id: coach.userId,
        body: 'private',
        meeting_id: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const notes = (actor: Actor) =>
      h.db.selectFrom('coach_notes').where(visible(actor, 'coach_notes')).select('body').execute();
    expect(await notes(coach)).toEqual([{ body: 'private' }]);
    expect(await notes(client(mine))).toEqual([]);
  });

  it('writes a file for one client without the coach having a company, and never for a client of another tenant', async () => {
    const mine = await h.createUser();
    const coach = await coachOf(ALPHA, [mine]);
    const assigned = await assignedClient(h.db, coach, mine.id);
    expect(ownerValues(coach, 'company_files', assigned)).toEqual({
      tenant_id: ALPHA,
      uploader_id: coach.userId,
      recipient_id: mine.id,
      company_id: null,
    });
    // A file for the company needs one.
    expect(() => ownerValues(coach, 'company_files')).toThrow(/company/);
    // A client found in one tenant names no row of another, whatever company the actor has there.
    const company = await newCompany(BETA);
    expect(() =>
      ownerValues({ ...coach, tenantId: BETA, companyId: company }, 'company_files', assigned),
    ).toThrow(/tenant/);
  });
});
