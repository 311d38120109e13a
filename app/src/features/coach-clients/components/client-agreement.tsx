/**
 * Whether the client signed the current version of the coaching agreement that applies with this coach: when
 * and as whom, with the signed PDF; or that they have not (yet, or since a new version). Its own request, so a
 * failure here leaves the rest of the client's page as it is.
 */
import { useState } from 'react';
import { downloadSignedAgreement } from '@/lib/agreement-pdf';
import { formatDateTime } from '@/lib/dates';
import { useClientAgreement } from '../api/get-client-agreement';

export function ClientAgreement({ clientId, zone }: { clientId: number; zone: string }) {
  const query = useClientAgreement(clientId);
  const [busy, setBusy] = useState(false);
  const download = (id: number) => {
    setBusy(true);
    // A refusal is the API client's toast; the button comes back for another try.
    downloadSignedAgreement(id)
      .catch(() => {})
      .finally(() => setBusy(false));
  };
  let body;
  if (query.isPending) body = <p role="status">Loading the agreement…</p>;
  else if (query.isError)
    body = (
      <p role="alert">
        The agreement could not be loaded.{' '}
        <button type="button" className="btn" onClick={() => void query.refetch()}>
          Try again
        </button>
      </p>
    );
  else if (!query.data.agreement) body = <p className="muted">No agreement is published yet.</p>;
  else {
    const { agreement, signature } = query.data;
    body = signature ? (
      <>
        <p>
          Signed version {agreement.version} on {formatDateTime(signature.signed_at, zone)} as{' '}
          <strong>{signature.typed_name}</strong>.
        </p>
        <button type="button" className="btn" disabled={busy} onClick={() => download(signature.id)}>
          {busy ? 'Preparing the PDF…' : 'Download the signed PDF'}
        </button>
      </>
    ) : (
      <p>Not signed: version {agreement.version} waits for their signature.</p>
    );
  }
  return (
    <section className="card client-section" id="agreement" aria-labelledby="agreement-title">
      <h2 id="agreement-title">Agreement</h2>
      {body}
    </section>
  );
}
