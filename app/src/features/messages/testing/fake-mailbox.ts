/**
 * The mail contract's GraphQL and upload routes over an in-memory mailbox, for the feature's tests: the signed-in
 * member (7, the test session) writes with their coach (3). Each test gets its own copy of the messages.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BADGE_URL, badgeAnswer, fakeApi, gapiAnswer, renderPortal, type FakeCall } from '@/testing/portal';
import type { Email } from '@/lib/mail';

export const ME = { id: 7, first_name: 'Rachel', last_name: 'Kowalski' };
export const COACH = { id: 3, first_name: 'Dana', last_name: 'Whitfield' };

export function email(id: number, overrides: Partial<Email> = {}): Email {
  return {
    id,
    parent: null,
    previous: null,
    from: COACH.id,
    to: ME.id,
    fromuser: COACH,
    touser: ME,
    subject: `Subject ${id}`,
    body: `<p>Body of message ${id}</p>`,
    read: true,
    attachments: [],
    created_at: new Date(Date.UTC(2026, 10, 1, 9, 0) + id * 60_000).toISOString(),
    updated_at: new Date(Date.UTC(2026, 10, 1, 9, 0) + id * 60_000).toISOString(),
    ...overrides,
  };
}

interface GraphQLBody {
  query: string;
  variables: Record<string, unknown>;
}

type Answer = { status: number; data?: unknown } | Promise<{ status: number; data?: unknown }>;

export function fakeMailbox(
  initial: Email[],
  options: {
    /** Answers a call before the mailbox does (a failure, a held answer); undefined lets the mailbox answer. */
    before?: (call: FakeCall) => Answer | undefined;
    /** Holds a call until the promise settles, then the mailbox answers it. */
    hold?: (call: FakeCall) => Promise<void> | undefined;
  } = {},
) {
  const state = { emails: initial.map((e) => ({ ...e })), nextId: 1000, uploads: [] as number[] };
  const unread = () => state.emails.filter((e) => e.to === ME.id && !e.read).length;
  const page = (items: Email[], limit: number, offset: number) => ({
    items: items.slice(offset, offset + limit),
    total: items.length,
    next_offset: offset + limit < items.length ? offset + limit : null,
  });

  function graphql({ query, variables: v }: GraphQLBody, call: FakeCall) {
    const ids = (v.ids as number[] | undefined) ?? [];
    if (/\bemails\s*\(/.test(query)) {
      const limit = Number(v.limit ?? 50);
      const offset = Number(v.offset ?? 0);
      const byNewest = [...state.emails].sort((a, b) => b.created_at.localeCompare(a.created_at));
      const items =
        v.thread !== undefined && v.thread !== null
          ? state.emails.filter((e) => e.id === v.thread || e.parent === v.thread)
          : byNewest.filter((e) => (v.folder === 'sent' ? e.from === ME.id : e.to === ME.id));
      return gapiAnswer(call, { emails: page(items, limit, offset) });
    }
    if (/\bmarkEmailRead\s*\(/.test(query)) {
      const changed = state.emails.filter((e) => ids.includes(e.id) && !e.read);
      for (const e of changed) e.read = true;
      return gapiAnswer(call, { markEmailRead: changed.length });
    }
    if (/\bdeleteEmails\s*\(/.test(query)) {
      const before = state.emails.length;
      state.emails = state.emails.filter((e) => !ids.includes(e.id));
      return gapiAnswer(call, { deleteEmails: before - state.emails.length });
    }
    if (/\bsendEmail\s*\(/.test(query)) {
      const previous = state.emails.find((e) => e.id === v.previous);
      const sent = email(state.nextId++, {
        from: ME.id,
        to: COACH.id,
        fromuser: ME,
        touser: COACH,
        parent: previous ? (previous.parent ?? previous.id) : null,
        previous: previous?.id ?? null,
        subject: String(v.subject),
        body: String(v.body),
        attachments: ((v.attachments as number[] | undefined) ?? []).map((id) => ({
          id,
          name: `file-${id}`,
          size: 10,
          type: 'application/pdf',
        })),
        created_at: new Date(Date.UTC(2026, 10, 2)).toISOString(),
      });
      state.emails.push(sent);
      return gapiAnswer(call, { sendEmail: sent });
    }
    return gapiAnswer(call);
  }

  const calls = fakeApi(async (call) => {
    await options.hold?.(call);
    const answer = options.before?.(call);
    if (answer) return answer;
    if (call.url === '/gapi') return graphql(call.body as GraphQLBody, call);
    if (call.url === BADGE_URL) return badgeAnswer(unread());
    if (call.url === '/upload/mail') {
      const file = (call.body as FormData).get('file') as File;
      const id = state.nextId++;
      state.uploads.push(id);
      return { status: 201, data: { data: { id, name: file.name, size: file.size, type: file.type } } };
    }
    if (call.url === '/delete/mail') {
      const { id } = call.body as { id: number };
      state.uploads = state.uploads.filter((upload) => upload !== id);
      return { status: 200, data: { data: { id, deleted: true } } };
    }
    const download = /^\/api\/v1\/mail\/attachments\/(\d+)$/.exec(call.url);
    if (download) return { status: 200, data: new Blob([`file ${download[1]}`]) };
    return { status: 404, data: { message: 'Not found.' } };
  });
  return { calls, state, unread };
}

/** The GraphQL operations of `calls` whose query names `field`, with their variables. */
export const gqlCalls = (calls: FakeCall[], field: string) =>
  calls
    .filter((c) => c.url === '/gapi' && new RegExp(`\\b${field}\\s*\\(`).test((c.body as GraphQLBody).query))
    .map((c) => (c.body as GraphQLBody).variables);

/**
 * Opens `path` while every emails query fails (503), waits for the failure that names `message`, then lets the
 * mailbox answer and clicks the failure's Try again: the page's error state and its way out.
 */
export async function failThenRetry(initial: Email[], path: string, message: RegExp): Promise<void> {
  let failing = true;
  fakeMailbox(initial, {
    before: (call) =>
      failing && gqlCalls([call], 'emails').length
        ? { status: 503, data: { message: 'The mailbox is resting.' } }
        : undefined,
  });
  const user = userEvent.setup();
  renderPortal(path);
  const alert = await screen.findByText(message, {}, { timeout: 5000 });
  failing = false;
  await user.click(
    within(alert.closest('[role=alert]') as HTMLElement).getByRole('button', { name: 'Try again' }),
  );
}
