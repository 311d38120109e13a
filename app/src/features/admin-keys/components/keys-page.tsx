/**
 * /admin/api-keys: the tenant's keys for its own systems (the integration API). A new key is shown once, here,
 * with a copy button and the warning that it cannot be shown again; the list shows each key's prefix, scope,
 * maker and last use, and revokes one after a confirmation (it stops working at its next request). A key whose
 * maker was deactivated (or is no longer an admin) is shown stopped, with why. The integration API's base address
 * is shown whole: it is what the other system needs.
 */
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { notify } from '@/lib/toast';
import { usePortal } from '@/lib/portal-context';
import { useUser } from '@/lib/session';
import { displayZone, formatDateTime } from '@/lib/dates';
import type { MadeKey } from '../api/create-key';
import { useKeys, type ApiKey } from '../api/get-keys';
import { useRevokeKey } from '../api/revoke-key';
import { NewKeyForm } from './new-key-form';
import { ShownKey } from './shown-key';
import './keys.css';
import { PageFrame } from '@/components/page-frame';

const SCOPES = { read: 'Read only', 'read-write': 'Read and write' } as const;

/** Where the tenant's systems call: the API's address (the portal's own by default) and /integration/v1/. */
function integrationBase(apiUrl: string, page: string): string {
  const api = new URL(apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`, page);
  return new URL('integration/v1/', api).href;
}

/** Why a key that is not revoked does not work, or null while it does. */
function stoppedBecause(key: ApiKey): string | null {
  if (key.status === 'maker_deactivated')
    return `Stopped: ${key.created_by}, who made it, is deactivated. It works again if they are reactivated; otherwise revoke it and make a new key.`;
  if (key.status === 'maker_not_admin')
    return `Stopped: ${key.created_by}, who made it, is no longer an admin. It works again if they are an admin again; otherwise revoke it and make a new key.`;
  return null;
}

export default function KeysPage() {
  const keys = useKeys();
  const revoke = useRevokeKey();
  const zone = displayZone(useUser().time_zone);
  const base = integrationBase(usePortal().config.apiUrl, window.location.href);
  const [made, setMade] = useState<MadeKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
    } catch {
      return; // The API client toasted why.
    } finally {
      setRevoking(null);
    }
    notify.success(`API key ${revoking.name} revoked`);
  };

  return (
    <PageFrame title="API keys">
      <p className="muted">
        Your own systems (a CRM, a course platform) use a key with the integration API at{' '}
        <code className="key-base">{base}</code>; it describes itself at{' '}
        <code className="key-base">{base}openapi.json</code>.
      </p>
      {made ? <ShownKey made={made} onDone={() => setMade(null)} /> : <NewKeyForm onMade={setMade} />}
      <h2 className="keys-heading">Keys</h2>
      <QueryState query={keys} what="The API keys" empty="No API keys yet. Make one above.">
        {(rows) => (
          <ul className="keys" aria-label="API keys">
            {rows.map((key) => (
              <li key={key.id} className="card key-card">
                <div className="key-main">
                  <h3 className="key-name">{key.name}</h3>
                  <code className="key-prefix">{key.prefix}…</code>
                  <span className="key-scope">{SCOPES[key.scope]}</span>
                </div>
                <p className="muted key-meta">
                  Made by {key.created_by} on {formatDateTime(key.created_at, zone)} ·{' '}
                  {key.last_used_at ? `last used ${formatDateTime(key.last_used_at, zone)}` : 'never used'}
                </p>
                {stoppedBecause(key) && <p className="key-stopped">{stoppedBecause(key)}</p>}
                {key.revoked_at ? (
                  <p className="key-revoked">Revoked {formatDateTime(key.revoked_at, zone)}</p>
                ) : (
                  <button
                    type="button"
                    className="btn btn-danger"
                    aria-label={`Revoke ${key.name}`}
                    onClick={() => setRevoking(key)}
                  >
                    Revoke
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {revoking && (
        <ConfirmDialog
          title={`Revoke ${revoking.name}?`}
          text="Every system using this key is refused from its next request. This cannot be undone: make a new key to connect again."
          confirmLabel="Revoke key"
          pending={revoke.isPending}
          onConfirm={() => void confirmRevoke()}
          onCancel={() => setRevoking(null)}
        />
      )}
    </PageFrame>
  );
}
