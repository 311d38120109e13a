// A tenant always keeps an active admin (role_id 1, a password set, not deactivated): every door (the admin's
// screens, the Import screen, an API key, a deactivation, a script on the database) goes through this trigger.
// It runs at commit (deferred) and first takes the tenant's admin lock, so two admins demoting each other at
// the same moment are serialised: the second commit counts after the first is visible and is refused. A check
// in the services alone could not do that: each of the two transactions would see the other admin still there.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function keep_an_active_admin() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(hashtext('admins:' || old.tenant_id));
      -- A statement of its own, so under READ COMMITTED it sees what committed while this waited for the lock.
      if exists (select 1 from tenants t where t.id = old.tenant_id)
        and not exists (
          select 1 from users u
          where u.tenant_id = old.tenant_id and u.role_id = 1
            and u.deactivated_at is null and u.password_hash is not null
        )
      then
        raise exception 'tenant % would be left without an active admin', old.tenant_id
          using errcode = 'check_violation', constraint = 'tenant_keeps_an_active_admin';
      end if;
      return null;
    end
    $$`.execute(db);
  // Only a row that was an active admin can take the last one away; every other change costs nothing.
  const activeAdmin = (row: 'old' | 'new') =>
    `${row}.role_id = 1 and ${row}.deactivated_at is null and ${row}.password_hash is not null`;
  await sql
    .raw(
      `create constraint trigger keep_an_active_admin_update after update on users
      deferrable initially deferred for each row
      when (${activeAdmin('old')} and not (${activeAdmin('new')}))
      execute function keep_an_active_admin()`,
    )
    .execute(db);
  await sql
    .raw(
      `create constraint trigger keep_an_active_admin_delete after delete on users
      deferrable initially deferred for each row
      when (${activeAdmin('old')})
      execute function keep_an_active_admin()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger keep_an_active_admin_delete on users`.execute(db);
  await sql`drop trigger keep_an_active_admin_update on users`.execute(db);
  await sql`drop function keep_an_active_admin()`.execute(db);
}
