// The notification centre (every role): the bell's list and mark-read, the shell's one poll, and the preferences
// page. The unsubscribe links of mails are in unsubscribe-routes.ts (no sign-in).
import {
  badge,
  markRead,
  notificationPreferences,
  notificationsPage,
  notificationsQuery,
  preferencesChange,
  unreadCount,
} from '../../../contracts/rest/notifications.js';
import { ok } from '../../../contracts/rest/pieces.js';
import { everyoneRoute } from './route.js';

export const notifications = everyoneRoute({
  at: ['GET', '/api/v1/notifications'],
  schema: { querystring: notificationsQuery, response: ok(notificationsPage) },
  async handle(s, request) {
    return { data: await s.notifications.list(request.caller, request.query) };
  },
});

export const markNotificationsRead = everyoneRoute({
  at: ['POST', '/api/v1/notifications/read'],
  schema: { body: markRead, response: ok(unreadCount) },
  async handle(s, request) {
    return { data: await s.notifications.markRead(request.caller, request.body) };
  },
});

/** The shell polls this alone: the bell's count and the unread messages' in one request. */
export const notificationBadge = everyoneRoute({
  at: ['GET', '/api/v1/notifications/badge'],
  schema: { response: ok(badge) },
  async handle(s, request) {
    return { data: await s.notifications.badge(request.caller) };
  },
});

export const notificationPreferencesPage = everyoneRoute({
  at: ['GET', '/api/v1/notifications/preferences'],
  schema: { response: ok(notificationPreferences) },
  async handle(s, request) {
    return { data: await s.notificationPreferences.get(request.caller) };
  },
});

export const saveNotificationPreferences = everyoneRoute({
  at: ['POST', '/api/v1/notifications/preferences'],
  schema: { body: preferencesChange, response: ok(notificationPreferences) },
  limited: true,
  async handle(s, request) {
    return { data: await s.notificationPreferences.set(request.caller, request.body) };
  },
});
