/**
 * The signed-in pages whose first data index.html asks for itself, before the app's script has arrived: its
 * inline script (cli/src/lib/bake/early-data.ts) reads the stored session, and for one of these addresses,
 * visited by a user of the page's role, modulepreloads the page's chunks and sends the page's first calls with
 * the stored token, as the page's own query functions would send them. lib/early-answers hands those answers
 * to the app's calls. The compile writes this table into prerender.json (./prerender); the bake turns the
 * modules into the compile's chunk files and writes it into every tenant's index.html (nothing in it is a
 * tenant's).
 */
import { FIRST_PEOPLE, peopleUrl } from '@/features/admin-people/api/get-people';
import { FIRST_CLIENTS, clientsUrl } from '@/features/coach-clients/api/get-clients';
import { TODAY_URL } from '@/features/coach-today/api/get-today';
import { GROUPS_QUERY } from '@/features/groups/api/get-groups';
import { EMAILS_QUERY, firstFolderPage } from '@/features/messages/api/get-emails';
import { SCHEDULE_URL } from '@/features/schedule/api/get-schedule';
import { CIPHER } from '@/lib/cipher';
import { GAPI_URL } from '@/lib/gapi';
import { ACTIVITY_KEY, IDLE_TIMEOUT_MS } from '@/lib/idle-limit';
import { LESSON_MEETINGS_QUERY } from '@/lib/lesson-meetings';
import { STORAGE_KEYS } from '@/lib/session';
import { EARLY_FONTS } from './early-fonts';
import { META_URL } from './version-check';
import type { Role } from '../../../contracts/roles';

/** A call as the app's API client sends it: the body as it serializes it (JSON, '' for none). */
interface EarlyRequest {
  method: 'GET' | 'POST';
  url: string;
  body: string;
  /** GraphQL calls carry the token in a `token` header as well (lib/gapi). */
  tokenHeader: boolean;
}

interface EarlyPage {
  role: Role;
  /** The page's module (and the role's page map before it), relative to app/, as the compile's manifest names them. */
  modules: string[];
  requests: EarlyRequest[];
}

export interface EarlyPages {
  /** Where lib/session keeps the session, and when lib/idle-limit ends it: an ended one asks for nothing. */
  storage: { token: string; backupToken: string; user: string; activity: string; idleMs: number };
  /** lib/cipher's alphabets: the stored user is read for its id, role and token. */
  cipher: { plain: string; key: string };
  /** What a body holds where the signed-in user's id goes. */
  userMark: string;
  /**
   * The font files (by their @fontsource names) a signed-in page draws its text in, preloaded with its data:
   * found only once the page renders, they arrived after the text and moved it (font-display: swap).
   */
  fonts: string[];
  /** The site's meta.json, which the app's version check reads before its first render (./version-check). */
  meta: string;
  pages: Record<string, EarlyPage>;
}

const USER_MARK = '"$user.id"';

const post = (url: string, body: unknown, tokenHeader = false): EarlyRequest => ({
  method: 'POST',
  url,
  body: JSON.stringify(body),
  tokenHeader,
});

const get = (url: string): EarlyRequest => ({ method: 'GET', url, body: '', tokenHeader: false });

/** The signed-in user's id in a body (a GraphQL variable), as the mark the inline script replaces. */
const userId = JSON.parse(USER_MARK) as string;

// The client's mailbox: /messages opens the inbox (page-table), whose first page is the folder query's first.
const inbox: EarlyPage = {
  role: 'client',
  modules: [
    'src/features/messages/components/messages-layout.tsx',
    'src/features/messages/components/folder-page.tsx',
  ],
  requests: [post(GAPI_URL, { query: EMAILS_QUERY, variables: firstFolderPage(userId, 'inbox') }, true)],
};

export function earlyPages(): EarlyPages {
  return {
    storage: {
      token: STORAGE_KEYS.token,
      backupToken: STORAGE_KEYS.backupToken,
      user: STORAGE_KEYS.user,
      activity: ACTIVITY_KEY,
      idleMs: IDLE_TIMEOUT_MS,
    },
    cipher: CIPHER,
    userMark: USER_MARK,
    meta: META_URL,
    fonts: EARLY_FONTS.map(({ file }) => file),
    pages: {
      // The schedule's two lists (features/schedule prefetch): the meetings, and the lesson meetings by user id.
      '/schedule': {
        role: 'client',
        modules: ['src/app/schedule-route.tsx'],
        requests: [
          post(SCHEDULE_URL, {}),
          post(GAPI_URL, { query: LESSON_MEETINGS_QUERY, variables: { id: userId } }, true),
        ],
      },
      '/groups': {
        role: 'client',
        modules: ['src/features/groups/components/groups-page.tsx'],
        requests: [post(GAPI_URL, { query: GROUPS_QUERY, variables: { user_id: userId } }, true)],
      },
      '/messages': inbox,
      '/messages/inbox': inbox,
      // A coach's and an admin's page loads through its role's page map, then its own chunk: both at once here.
      '/coach': {
        role: 'coach',
        modules: ['src/app/coach-pages.ts', 'src/features/coach-today/components/today-page.tsx'],
        requests: [get(TODAY_URL)],
      },
      '/coach/clients': {
        role: 'coach',
        modules: ['src/app/coach-pages.ts', 'src/features/coach-clients/components/clients-page.tsx'],
        requests: [get(clientsUrl(FIRST_CLIENTS))],
      },
      '/admin': {
        role: 'admin',
        modules: ['src/app/admin-pages.ts', 'src/features/admin-people/components/people-page.tsx'],
        requests: [get(peopleUrl(FIRST_PEOPLE))],
      },
    },
  };
}
