// Everything one test file needs: a migrated database, an app with a movable clock, its mail folder and every
// log line it wrote, plus shortcuts for creating users and logging in. Tests stay independent by creating
// their own users and calling from their own IP address rather than by rebuilding the database.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { Flags } from '../../../contracts/training-flags.js';
import { buildApp } from '../../src/app.js';
import type { AppOptions } from '../../src/app.js';
import { defaultPressureLimits } from '../../src/infrastructure.js';
import type { NewUser } from '../../src/db/database.js';
import { hashPassword } from '../../src/services/auth/passwords.js';
import { createStorage } from '../../src/services/storage/storage.js';
import type { Storage } from '../../src/services/storage/storage.js';
import { createTestDb } from './test-db.js';
import type { TestDb } from './test-db.js';
import { otpLogin, startOtp } from './otp-login.js';
import type { LoginPost } from './otp-login.js';

export const fixtureTenants = fileURLToPath(new URL('../fixtures/tenants', import.meta.url));
export const ALPHA = 501;
export const BETA = 502;
export const PASSWORD = 'correct horse battery';

export interface Clock {
  now(): Date;
  advance(ms: number): void;
}

export function createClock(start = Date.now()): Clock {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => void (t += ms) };
}

export interface TestUser {
  id: number;
  email: string;
  tenantId: number;
}

export interface CallOptions {
  tenant?: number | null;
  token?: string;
  ip?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

let ipCounter = 0;
/** A fresh client address, so per-IP throttles of one test never touch another. */
export const nextIp = (): string =>
  `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${++ipCounter & 255}`;

export class Harness {
  readonly logs: string[] = [];
  readonly clock = createClock();
  app!: FastifyInstance;
  mailDir!: string;
  /** The app's private files (mail attachments), in a folder of this file's own. */
  storageDir!: string;
  storage!: Storage;
  private testDb!: TestDb;
  private userCounter = 0;
  private passwordHash?: string;

  get db() {
    return this.testDb.db;
  }

  async start(options: Partial<AppOptions> = {}): Promise<this> {
    this.testDb = await createTestDb();
    this.mailDir = await mkdtemp(join(tmpdir(), 'portal-mail-'));
    this.storageDir = await mkdtemp(join(tmpdir(), 'portal-storage-'));
    this.storage = createStorage(this.storageDir);
    this.app = await this.build(options);
    return this;
  }

  /** Another app on the same database, mail folder, clock and log capture. */
  build(options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
    return buildApp({
      db: this.db,
      tenantsDir: fixtureTenants,
      mail: { mailDir: this.mailDir },
      storage: this.storage,
      now: this.clock.now,
      logger: { level: 'debug', stream: { write: (line: string) => void this.logs.push(line) } },
      // Test files run side by side: a lagging event loop here is the neighbours' work, not this app's load,
      // and must not turn a test's calls into 503s. pressure.test.ts sets the limits it checks.
      pressure: { ...defaultPressureLimits(), maxEventLoopDelay: 0 },
      ...options,
    });
  }

  async stop(): Promise<void> {
    await this.app?.close();
    await this.testDb?.destroy();
    if (this.mailDir) await rm(this.mailDir, { recursive: true, force: true });
    if (this.storageDir) await rm(this.storageDir, { recursive: true, force: true });
  }

  /** A user of alpha (or tenant_id) with the given fields; `flags` are the training flags the user has set. */
  async createUser({
    flags,
    ...fields
  }: Omit<Partial<NewUser>, 'flags'> & {
    tenant_id?: number;
    flags?: Partial<Flags>;
  } = {}): Promise<TestUser> {
    this.passwordHash ??= await hashPassword(PASSWORD);
    const at = this.clock.now();
    const email = `user${++this.userCounter}.${Math.random().toString(36).slice(2, 8)}@example.test`;
    const row = await this.db
      .insertInto('users')
      .values({
        tenant_id: ALPHA,
        email,
        first_name: 'Test',
        last_name: `User ${this.userCounter}`,
        password_hash: this.passwordHash,
        created_at: at,
        updated_at: at,
        ...fields,
        flags: JSON.stringify(flags ?? {}),
      })
      .returning(['id', 'email', 'tenant_id'])
      .executeTakeFirstOrThrow();
    return { id: row.id, email: row.email, tenantId: row.tenant_id };
  }

  /** Sets some of a user's training flags, keeping the others. */
  async setFlags(userId: number, flags: Partial<Flags>): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ flags: sql<string>`flags || ${JSON.stringify(flags)}::jsonb` })
      .where('id', '=', userId)
      .execute();
  }

  call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: CallOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    const tenant = options.tenant === undefined ? ALPHA : options.tenant;
    if (tenant !== null) headers['x-tenant-id'] = String(tenant);
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const request: InjectOptions = { method, url, headers, remoteAddress: options.ip ?? '127.0.0.1' };
    if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
    return this.app.inject(request);
  }

  /** POSTs in `user`'s tenant, for the OTP login (otp-login.ts). */
  private loginPost(user: TestUser): LoginPost {
    return async (url, ip, body) => {
      const res = await this.call('POST', url, { tenant: user.tenantId, ip, body });
      return { status: res.statusCode, body: res.json() };
    };
  }

  /** loginotp for a user on an untrusted device; returns the challenge and the mailed code. */
  async startOtp(
    user: TestUser,
    ip = nextIp(),
    password = PASSWORD,
  ): Promise<{ challenge: string; code: string; ip: string }> {
    return { ...(await startOtp(this.loginPost(user), this.mailDir, user, ip, password)), ip };
  }

  /** The whole OTP login, for signIn (sign-in.ts); returns the session token and the trusted-device token. */
  login(user: TestUser, password = PASSWORD): Promise<{ token: string; deviceToken: string }> {
    const post = this.loginPost(user);
    return otpLogin(post, post, this.mailDir, user, nextIp(), password);
  }
}
