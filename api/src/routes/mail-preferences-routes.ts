// The client's choice of notifications by mail, on My Profile: messages, files, meetings and group sessions. The
// one-time password, the sign-in link and the reset are no topic here: they always go.
import { clientRoute } from './route.js';
import { ok } from '../../../contracts/rest/pieces.js';
import { mailPreferences as preferences } from '../../../contracts/rest/profile.js';

export const mailPreferences = clientRoute({
  schema: { response: ok(preferences) },
  async handle(s, request) {
    return { data: await s.mailPreferences.get(request.caller) };
  },
});

export const saveMailPreferences = clientRoute({
  schema: { body: preferences, response: ok(preferences) },
  limited: true,
  async handle(s, request) {
    return { data: await s.mailPreferences.set(request.caller, request.body) };
  },
});
