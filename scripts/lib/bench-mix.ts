/**
 * The realistic mix of `npm run bench:api`: the requests the app sends (the same paths, headers, bodies and
 * GraphQL text as app/src/features/.../api), each kind with a weight, and a load runner that keeps one
 * autocannon connection per simulated client, each signed in as its own user, and measures every kind apart.
 */
import autocannon from 'autocannon';
import type { SlotsPage } from '../../contracts/rest/booking.js';
import { localDate } from '../../api/src/services/coach/zoned-day.js';
import type { BenchUser } from './bench-users.js';

/** A signed-in simulated client. Its token changes when the mix logs it in again. */
export interface Session {
  user: BenchUser;
  token: string;
  /** The trusted-device token verifyOTP gave: what lets the mix's logins skip the mailed code. */
  deviceToken: string;
  /** The client's own address, sent as X-Forwarded-For (the API trusts the loopback as its balancer). */
  ip: string;
  /** The token of the client's coach (every simulated client has the demo coach): the coach's kinds use it. */
  coachToken: string;
  /** The starts of the free slots the client last saw (what the booking kind books from). */
  free: string[];
  /** The meeting the client just booked (what the cancel that follows cancels). */
  booked?: number;
}

/** Client n's address: 200 people on 200 connections, not one machine, as the per-IP limits see them. */
export const clientAddress = (n: number) => `10.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Kind {
  name: string;
  /** Share of the mix's picks (the weights add up to 100). */
  weight: number;
  /** Reads are what the baseline answers with the same SQL. */
  read: boolean;
  request(session: Session, tenantId: string): BenchRequest;
  /** False when a 2xx answer still failed (GraphQL reports errors inside a 200). */
  ok?(body: string, session: Session): boolean;
  /** The request that must follow this one on the same connection (the login's second step). */
  then?: Kind;
  /**
   * A status that is a correct answer though not a 2xx (a booking's 409 "just taken" under contention): counted
   * apart, neither an error nor followed by `then`.
   */
  apart?: number;
}

/** A request's headers without a body: what axios sends for a GET or a POST of nothing. */
const bare = (s: Session, tenantId: string, auth: Record<string, string>) => ({
  accept: 'application/json',
  'x-tenant-id': tenantId,
  'x-forwarded-for': s.ip,
  ...auth,
});
const json = (s: Session, tenantId: string, auth: Record<string, string>) => ({
  'content-type': 'application/json',
  ...bare(s, tenantId, auth),
});
const bearer = (s: Session) => ({ authorization: `Bearer ${s.token}` });

function rest(path: string, body: (s: Session) => object = () => ({})) {
  return (s: Session, tenantId: string): BenchRequest => ({
    method: 'POST',
    path,
    headers: json(s, tenantId, bearer(s)),
    body: JSON.stringify(body(s)),
  });
}

function gapi(query: string, variables: (s: Session) => object) {
  return (s: Session, tenantId: string): BenchRequest => ({
    method: 'POST',
    path: '/gapi',
    headers: json(s, tenantId, { token: s.token }),
    body: JSON.stringify({ query, variables: variables(s) }),
  });
}

/** A coach's page as the workspace asks for it (the coach-<area> features' api folders): a GET as the client's coach. */
function coach(path: (s: Session) => string) {
  return (s: Session, tenantId: string): BenchRequest => ({
    method: 'GET',
    path: path(s),
    headers: json(s, tenantId, { authorization: `Bearer ${s.coachToken}` }),
  });
}

const gapiOk = (body: string) => !body.includes('"errors"');

// The app's query texts (features/messages/api), word for word but for the layout the app's formatter gives them.
const UNREAD = `
  query UnreadEmails($user_id: Int!) {
    unreademails(user_id: $user_id)
  }
`;
const EMAIL_FIELDS = `
  fragment EmailFields on Email {
    id parent previous from to subject body read created_at updated_at
    fromuser { id first_name last_name }
    touser { id first_name last_name }
    attachments { id name size type }
  }
`;
const EMAILS = `
  query Emails($user_id: Int!, $folder: Folder, $thread: Int, $limit: Int, $offset: Int) {
    emails(user_id: $user_id, folder: $folder, thread: $thread, limit: $limit, offset: $offset) {
      items { ...EmailFields }
      total
      next_offset
    }
  }
  ${EMAIL_FIELDS}
`;

let changeSequence = 0;
/** A lesson page's 5-second batch: a notes edit and a ticked step (the batcher's body, fresh ids and times). */
const analyticsBatch = (s: Session) => {
  const at = Date.now();
  const place = { lesson_id: s.user.lessonId, user_group_id: s.user.userGroupId, at };
  const id = () => `bench-${at.toString(36)}-${(changeSequence++).toString(36)}`;
  return {
    user_id: s.user.userId,
    data: [
      { ...place, id: id(), field: 'notes', value: `Notes typed at ${new Date(at).toISOString()}` },
      { ...place, id: id(), field: 'pre_meeting', value: changeSequence % 2 === 0 },
    ],
  };
};

/** The login form's body on a trusted device (features/auth/api/login-otp.ts credentialsBody). */
const credentials = (password: string) => (s: Session, tenantId: string) => ({
  method: 'POST' as const,
  path: '',
  headers: json(s, tenantId, {}),
  body: JSON.stringify({
    email: s.user.email,
    password,
    browser: 'Chrome on Linux',
    lookup: 'America/Los_Angeles',
    device_token: s.deviceToken,
  }),
});

/** A GET of the client's own, as the app's api folders send it (no body, no content type). */
function clientGet(path: (s: Session) => string) {
  return (s: Session, tenantId: string): BenchRequest => ({
    method: 'GET',
    path: path(s),
    headers: bare(s, tenantId, bearer(s)),
  });
}

const DAY = 86_400_000;
/** How many days the /book page asks for at once (app/src/features/booking/api/get-slots.ts's SLOT_DAYS). */
const SLOT_DAYS = 14;

/**
 * GET /api/v1/booking/slots as /book sends it: the client's coach and type, `days` days from the client's today
 * plus `page` times as many (the page's "Show later days"). The answer's slots become what the client books from.
 */
export function slotsKind(name: string, weight: number, days: number, page: () => number = () => 0): Kind {
  return {
    name,
    weight,
    // Not a baseline read: most of its time is the slot engine, which replaying its SQL would leave out.
    read: false,
    request: clientGet((s) => {
      const from = localDate(new Date(Date.now() + page() * days * DAY), s.user.timeZone);
      const { coachUserId, typeId } = s.user.booking;
      return `/api/v1/booking/slots?coach_id=${coachUserId}&type_id=${typeId}&from=${from}&days=${days}`;
    }),
    ok(body, s) {
      const page = (JSON.parse(body) as { data: SlotsPage }).data;
      const starts = page.days.flatMap((d) => d.slots.map((slot) => slot.start));
      if (starts.length > 0) s.free = starts;
      return true;
    },
  };
}

/**
 * Before the runs: what the clients saw on /book, one slots page asked once (they share a coach and a type) and
 * given to every session, so a booking picked before any slots kind has a free time to book.
 */
export async function seeFreeSlots(url: string, tenantId: string, sessions: Session[]): Promise<void> {
  const first = sessions[0]!;
  const kind = slotsKind('slots', 0, SLOT_DAYS);
  const request = kind.request(first, tenantId);
  const res = await fetch(url + request.path, { headers: request.headers });
  const body = await res.text();
  if (!res.ok || !kind.ok!(body, first) || first.free.length === 0)
    throw new Error(`No free slots for the bench clients to book: ${res.status} ${body.slice(0, 300)}`);
  for (const session of sessions) session.free = first.free;
}

/** Far enough ahead that the cancel that follows is within any tenant's notice (24 h by default). */
const CANCELLABLE_AFTER = 3 * DAY;

/** A free slot the client saw, at random among those the cancel can still cancel. */
function someFreeStart(s: Session): string {
  const later = s.free.filter((start) => Date.parse(start) > Date.now() + CANCELLABLE_AFTER);
  const from = later.length > 0 ? later : s.free;
  return from[Math.floor(Math.random() * from.length)]!;
}

/**
 * POST /api/v1/booking of a free slot the client saw, then on the same connection its cancel, so the coach's
 * calendar does not fill up. A 409 (taken meanwhile by another client: contention) is the app's answer too.
 */
function bookKind(weight: number): Kind {
  const cancel: Kind = {
    name: 'book: cancel',
    weight: 0,
    read: false,
    request: (s, tenantId) => ({
      method: 'POST',
      path: `/api/v1/booking/meetings/${s.booked}/cancel`,
      headers: bare(s, tenantId, bearer(s)),
    }),
  };
  return {
    name: 'book',
    weight,
    read: false,
    request: rest('/api/v1/booking', (s) => ({
      coach_id: s.user.booking.coachUserId,
      type_id: s.user.booking.typeId,
      start: someFreeStart(s),
      note: 'Booked by the benchmark.',
    })),
    ok(body, s) {
      s.booked = (JSON.parse(body) as { data: { id: number } }).data.id;
      return Number.isInteger(s.booked);
    },
    then: cancel,
    apart: 409,
  };
}

export function mixKinds(password: string): Kind[] {
  const login = credentials(password);
  const studentLogin: Kind = {
    name: 'login: studentlogin',
    weight: 0,
    read: false,
    request: (s, t) => ({ ...login(s, t), path: '/api/auth/studentlogin' }),
    ok(body, s) {
      const token = (JSON.parse(body) as { data?: { access_token?: string } }).data?.access_token;
      if (!token) return false;
      s.token = token;
      return true;
    },
  };
  return [
    {
      name: 'unread badge poll',
      weight: 32,
      read: true,
      request: gapi(UNREAD, (s) => ({ user_id: s.user.userId })),
      ok: gapiOk,
    },
    {
      name: 'schedule',
      weight: 12,
      read: true,
      request: rest('/api/v1/clientportal/schedule/'),
    },
    { name: 'notes', weight: 12, read: true, request: rest('/api/v1/clientportal/notes/') },
    {
      name: 'mailbox inbox',
      weight: 12,
      read: true,
      request: gapi(EMAILS, (s) => ({ user_id: s.user.userId, folder: 'inbox', limit: 50, offset: 0 })),
      ok: gapiOk,
    },
    {
      name: 'mailbox thread',
      weight: 8,
      read: true,
      request: gapi(EMAILS, (s) => ({
        user_id: s.user.userId,
        thread: s.user.threadId,
        limit: 50,
        offset: 0,
      })),
      ok: gapiOk,
    },
    // The coach's home and a client's page, answered for the demo coach, whose clients the simulated clients all
    // are (200 by default: a busy coach). Not reads for the baseline: it replays each client's own SQL behind
    // their own token, and these run behind the coach's.
    { name: 'coach: today', weight: 2, read: false, request: coach(() => '/api/v1/coach/today') },
    {
      name: 'coach: client page',
      weight: 2,
      read: false,
      request: coach((s) => `/api/v1/coach/clients/${s.user.userId}`),
    },
    {
      name: 'analytics flush',
      weight: 14,
      read: false,
      request: rest('/api/v1/training-analytics/', analyticsBatch),
    },
    {
      name: 'login: loginotp',
      weight: 2,
      read: false,
      request: (s, t) => ({ ...login(s, t), path: '/api/auth/loginotp' }),
      ok: (body) => (JSON.parse(body) as { data?: { verified?: boolean } }).data?.verified === true,
      then: studentLogin,
    },
    // /book: the first page of free times, and a booking of one of them (cancelled straight after).
    slotsKind('slots', 3, SLOT_DAYS),
    bookKind(1),
  ];
}

/** Every kind a run can send: the weighted ones and the steps that follow them. */
const allKinds = (kinds: Kind[]): Kind[] => kinds.flatMap((k) => (k.then ? [k, k.then] : [k]));

export interface KindStats {
  name: string;
  read: boolean;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers of the kind's `apart` status (a booking's 409): correct, so neither errors nor in the latencies' doubt. */
  apart: number;
}

export interface MixResult {
  kinds: KindStats[];
  /** The read kinds together, and every kind together (percentiles over all their requests). */
  reads: KindStats;
  all: KindStats;
  /** Connection errors and timeouts, which belong to no kind. */
  transportErrors: number;
  /** The failed answers by kind and status ("schedule 503"), each with the start of one body, to say why. */
  failures: Map<string, { count: number; sample: string }>;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Latencies of one kind, grown in place (a 10-minute soak records millions). */
class Samples {
  private values = new Float64Array(1024);
  count = 0;
  errors = 0;
  apart = 0;
  add(ms: number) {
    if (this.count === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.count++] = ms;
  }
  taken() {
    return this.values.subarray(0, this.count);
  }
}

function summary(name: string, read: boolean, parts: Samples[], seconds: number): KindStats {
  const sorted = new Float64Array(parts.reduce((sum, p) => sum + p.count, 0));
  let at = 0;
  for (const part of parts) {
    sorted.set(part.taken(), at);
    at += part.count;
  }
  sorted.sort();
  return {
    name,
    read,
    requests: sorted.length,
    errors: parts.reduce((sum, p) => sum + p.errors, 0),
    apart: parts.reduce((sum, p) => sum + p.apart, 0),
    rps: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

/** Whether a 2xx answer is what the kind expects (a body that is not even JSON is not). */
function answered(kind: Kind, body: string, session: Session): boolean {
  try {
    return kind.ok?.(body, session) ?? true;
  } catch {
    return false;
  }
}

interface MixOptions {
  url: string;
  tenantId: string;
  sessions: Session[];
  kinds: Kind[];
  seconds: number;
  /**
   * Requests per second per client (autocannon's connectionRate); without it each client sends its next request
   * as soon as the answer arrives (closed loop), which measures capacity, not latency.
   */
  rate?: number | undefined;
  /** Where a kind's request goes on this target (the baseline answers each kind on a path of its own). */
  route?: (kind: Kind, request: BenchRequest) => BenchRequest;
}

/**
 * Runs the mix: one autocannon instance of one connection per session, so each connection is one user
 * (autocannon gives all connections of an instance the same context). Each request is a weighted pick, or
 * the step that must follow the previous one.
 */
export async function runMix(options: MixOptions): Promise<MixResult> {
  const { kinds, seconds } = options;
  const total = kinds.reduce((sum, k) => sum + k.weight, 0);
  const stats = new Map(allKinds(kinds).map((k) => [k, new Samples()]));
  const failures: MixResult['failures'] = new Map();
  const pick = () => {
    let r = Math.random() * total;
    for (const kind of kinds) if ((r -= kind.weight) < 0) return kind;
    return kinds[kinds.length - 1]!;
  };
  const route = options.route ?? ((_kind, request) => request);
  // Paced clients start spread over one second: autocannon sends each client's share of a second at the start
  // of that client's second, and clients started together would all send at the same instant.
  const spread = (index: number) =>
    new Promise((r) => setTimeout(r, options.rate ? (index * 1000) / options.sessions.length : 0));
  const instances = options.sessions.map(async (session, index) => {
    await spread(index);
    let current: Kind | undefined;
    let next: Kind | undefined;
    let failed = false;
    let apart = false;
    return await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: options.url,
          connections: 1,
          duration: seconds,
          ...(options.rate && { connectionRate: options.rate }),
          requests: [
            {
              setupRequest: (request) => {
                current = next ?? pick();
                next = undefined;
                return { ...request, ...route(current, current.request(session, options.tenantId)) };
              },
              onResponse: (status, body) => {
                apart = status === current!.apart;
                failed = !apart && (status < 200 || status > 299 || !answered(current!, body, session));
                if (!failed && !apart && current?.then) next = current.then;
                if (failed) {
                  const key = `${current!.name} ${status}`;
                  const seen = failures.get(key) ?? { count: 0, sample: body.slice(0, 160) };
                  failures.set(key, { ...seen, count: seen.count + 1 });
                }
              },
            },
          ],
        },
        (error: unknown, result) =>
          error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
      );
      // autocannon calls onResponse just before it reports the response, on the same connection.
      instance.on('response', (_client, _status, _bytes, ms) => {
        const samples = stats.get(current!)!;
        samples.add(ms);
        if (failed) samples.errors++;
        if (apart) samples.apart++;
      });
    });
  });
  const results = await Promise.all(instances);
  // Per second of each client's own run (paced clients start up to a second apart).
  const entries = [...stats];
  const reads = entries.filter(([kind]) => kind.read).map(([, samples]) => samples);
  return {
    transportErrors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    failures,
    kinds: entries.map(([kind, samples]) => summary(kind.name, kind.read, [samples], seconds)),
    reads: summary('reads', true, reads, seconds),
    all: summary('all', false, [...stats.values()], seconds),
  };
}
