/**
 * /admin/api-keys: the tenant's keys for its own systems (the integration API). A new key is shown once, here,
 * with a copy button and the warning that it cannot be shown again; the list shows each key's prefix, scope,
 * maker and last use, and revokes one after a confirmation (it stops working at its next request).
 */
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { notify } from '@/lib/toast';
import { useUser } from '@/lib/session';
import { displayZone, formatDateTime } from '@/lib/dates';
import type { MadeKey } from '../api/create-key';
import { useKeys, type ApiKey } from '../api/get-keys';
import { useRevokeKey } from '../api/revoke-key';
import { NewKeyForm } from './new-key-form';
import { ShownKey } from './shown-key';
import './keys.css';

const SCOPES = { read: 'Read only', 'read-write': 'Read and write' } as const;

export default function KeysPage() {
  const keys = useKeys();
  const revoke = useRevokeKey();
  const zone = displayZone(useUser().time_zone);
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
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        API keys
      </h1>
      <p className="muted">
        Your own systems (a CRM, a course platform) use a key with the integration API; the API describes
        itself at <code>/integration/v1/openapi.json</code>.
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
    </section>
  );
}
