// A mail's one-click unsubscribe (RFC 8058): no sign-in and no tenant header, the signed token in the link names
// the person and the kind. The app's public page reads what the link stops (GET) and confirms (POST, no body); a
// mail client POSTs `List-Unsubscribe=One-Click` form-encoded to the same url, straight from the mail's header.
import {
  oneClickBody,
  unsubscribePage,
  unsubscribeToken,
  unsubscribed,
} from '../../../contracts/rest/notifications.js';
import { ok } from '../../../contracts/rest/pieces.js';
import { route } from './route.js';

export const unsubscribeLink = route({
  at: ['GET', '/api/v1/unsubscribe/:token'],
  roles: 'anyone',
  schema: { params: unsubscribeToken, response: ok(unsubscribePage) },
  async handle(s, request) {
    return { data: await s.unsubscribe.page(request.params.token) };
  },
});

export const unsubscribe = route({
  at: ['POST', '/api/v1/unsubscribe/:token'],
  roles: 'anyone',
  form: true,
  limited: true,
  schema: { params: unsubscribeToken, body: oneClickBody, response: ok(unsubscribed) },
  async handle(s, request) {
    return { data: await s.unsubscribe.apply(request.params.token) };
  },
});
