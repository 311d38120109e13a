/**
 * The client's session credits, as booking spends them: how many are left, when the next expire, and each
 * grant (a purchase, a renewal, an admin's adjustment with its reason). Its own request, so a failure here leaves
 * the rest of the client's page as it is.
 */
import { formatCalendarDate } from '@/lib/dates';
import { useClientCredits } from '../api/get-client-credits';

export function ClientCredits({ clientId, zone }: { clientId: number; zone: string }) {
  const query = useClientCredits(clientId);
  let body;
  if (query.isPending) body = <p role="status">Loading the credits…</p>;
  else if (query.isError)
    body = (
      <p role="alert">
        The credits could not be loaded.{' '}
        <button type="button" className="btn" onClick={() => void query.refetch()}>
          Try again
        </button>
      </p>
    );
  else {
    const { available, next_expiry: next, grants } = query.data;
    body =
      grants.length === 0 ? (
        <p className="muted">No credits: the client has bought no package or subscription.</p>
      ) : (
        <>
          <p>
            <strong>{available}</strong> {available === 1 ? 'credit' : 'credits'} left
            {next && <> · the next expire on {formatCalendarDate(next, zone)}</>}
          </p>
          <ul className="credit-grants">
            {grants.map((g) => (
              <li key={g.id}>
                {g.quantity > 0 ? `+${g.quantity}` : g.quantity}{' '}
                {g.source === 'adjustment' ? `adjusted: ${g.reason ?? ''}` : g.source}, {g.used} used
                {g.expires_at && `, expires ${formatCalendarDate(g.expires_at, zone)}`}
              </li>
            ))}
          </ul>
        </>
      );
  }
  return (
    <section className="card client-section" id="credits" aria-labelledby="credits-title">
      <h2 id="credits-title">Session credits</h2>
      {body}
    </section>
  );
}
