/**
 * A POST made while the page is being left (the lesson analytics' last batch): fetch with `keepalive` outlives
 * the page, where the axios instance's XMLHttpRequest would be cancelled. It carries the same headers as that
 * instance (base URL, tenant, bearer token); resolves the JSON answer and rejects on a non-2xx status. Its own
 * file, so the login route's axios set-up does not carry it.
 */
import { api } from './api-client';
import { sessionStore } from './session';

export async function postKeepalive<T>(url: string, body: unknown): Promise<T> {
  const token = sessionStore.get()?.token;
  const response = await fetch(api.getUri({ url }), {
    method: 'POST',
    keepalive: true,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Tenant-Id': String(api.defaults.headers.common['X-Tenant-Id'] ?? ''),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Request failed with status code ${response.status}`);
  return (await response.json()) as T;
}
