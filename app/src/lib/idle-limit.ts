/**
 * The idle limit's constants, apart from the watcher in ./idle.ts: session restore at boot needs them, and
 * importing the watcher there would pull it into the login route's JavaScript.
 */
export const IDLE_TIMEOUT_MS = 3_600_000;
/** The last activity of any tab, as a Date.now() value in local storage. */
export const ACTIVITY_KEY = 'portal.activity';
export const IDLE_LOGGED_OUT = 'You were signed out after an hour without activity.';
