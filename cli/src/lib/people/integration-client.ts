/**
 * The integration API as `portal people import` calls it: the key in `Authorization: Bearer`, JSON both ways.
 * A 429 or 503 is waited out (its Retry-After) and the call sent again, so a large import keeps to the key's
 * allowance and rides out a busy API instead of failing half-way; a refused key is a credentials error (exit 4) naming what to fix.
 */
import { CliError, EXIT } from '../errors.js';

export interface RowAnswer {
  index: number;
  outcome: 'created' | 'changed' | 'unchanged' | 'error';
  person_id: number | null;
  errors: Record<string, string[]>;
}

export interface KeyInfo {
  name: string;
  scope: 'read' | 'read-write';
  tenant: { id: number; slug: string; name: string };
}

export interface PersonBody {
  email: string;
  first_name?: string;
  last_name?: string;
  role?: string;
  company?: string;
  coach_email?: string;
  time_zone?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function integrationClient(apiUrl: string, key: string, fetchImpl: typeof fetch = fetch) {
  const base = apiUrl.replace(/\/+$/, '');
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetchImpl(`${base}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${key}`,
            ...(body !== undefined && { 'content-type': 'application/json' }),
          },
          ...(body !== undefined && { body: JSON.stringify(body) }),
        });
      } catch (error) {
        throw new CliError(`could not reach the API at ${base}`, {
          hint: 'Start it (`npm run api`) or point --api (or PORTAL_API_URL) at it.',
          cause: error,
        });
      }
      const text = await res.text();
      const json = text ? (JSON.parse(text) as { message?: string; data?: unknown }) : {};
      if (res.ok) return json as T;
      // Over the key's allowance, or the API shedding load: wait as told and send the batch again (an
      // upsert by email done twice is done once).
      if ((res.status === 429 || res.status === 503) && attempt < 20) {
        await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
        continue;
      }
      if (res.status === 401 || res.status === 403)
        throw new CliError(`the API refused the key in PORTAL_API_KEY: ${json.message ?? res.statusText}`, {
          exitCode: EXIT.storage,
          hint: 'An admin makes a read-write key under API keys (/admin/api-keys); export it as PORTAL_API_KEY.',
        });
      throw new CliError(
        `the API answered ${res.status} to ${method} ${path}: ${json.message ?? text.slice(0, 200)}`,
      );
    }
  }
  return {
    key: async () => (await call<{ data: KeyInfo }>('GET', '/integration/v1/key')).data,
    people: async (
      people: PersonBody[],
      options: { dryRun: boolean; invite: boolean; arrivingCoaches: string[] },
    ): Promise<RowAnswer[]> =>
      (
        await call<{ data: RowAnswer[] }>('POST', '/integration/v1/people', {
          people,
          dry_run: options.dryRun,
          invite: options.invite,
          arriving_coaches: options.arrivingCoaches,
        })
      ).data,
  };
}
