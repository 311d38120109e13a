/**
 * The API's operator call as `portal admin invite` makes it: POST /ops/v1/admins with the deployment's operator
 * token (the API's OPS_TOKEN) as the bearer, JSON both ways. Each refusal becomes one sentence and the next step,
 * with the exit code of the CLI contract: a refused token is a credentials error (4).
 */
import { CliError, EXIT } from '../errors.js';

export interface InvitedAdmin {
  outcome: 'invited' | 'invited again' | 'already an admin';
  tenant: string;
  person: { id: number; email: string; first_name: string; last_name: string; status: string };
}

export interface AdminRequest {
  tenant: string;
  email: string;
  first_name: string;
  last_name: string;
}

export async function inviteAdmin(
  apiUrl: string,
  token: string,
  body: AdminRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<InvitedAdmin> {
  const base = apiUrl.replace(/\/+$/, '');
  let res: Response;
  try {
    res = await fetchImpl(`${base}/ops/v1/admins`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new CliError(`could not reach the API at ${base}`, {
      hint: 'Start it (`npm start`, or `npm run api`) or point --api (or PORTAL_API_URL) at it.',
      cause: error,
    });
  }
  const text = await res.text();
  let json: { data?: InvitedAdmin; message?: string; error?: Record<string, string[]> } = {};
  try {
    json = text ? (JSON.parse(text) as typeof json) : {};
  } catch {
    // Not the portal API's JSON (a proxy's error page): said below by its status alone.
  }
  if (res.ok && json.data) return json.data;
  const message = json.message ?? `the API at ${base} answered ${res.status}`;
  if (res.status === 401 || res.status === 403)
    throw new CliError(message.replace(/\.$/, ''), {
      exitCode: EXIT.storage,
      hint: 'Set PORTAL_OPS_TOKEN to the API’s OPS_TOKEN (locally, `npm start` keeps it in .data/ops-token).',
    });
  if (res.status === 422 && json.error) {
    const fields = Object.entries(json.error).map(([field, errors]) => `${field}: ${errors.join(' ')}`);
    throw new CliError(`the API refused the admin's details (${fields.join('; ')})`, {
      exitCode: EXIT.usage,
      hint: 'Fix the address or names and run the same command again.',
    });
  }
  if (res.status === 404)
    throw new CliError(message.replace(/\.$/, ''), {
      hint: 'Locally: stop `npm start` (Ctrl-C) and run it again, then run this command again.',
    });
  throw new CliError(message.replace(/\.$/, ''));
}
