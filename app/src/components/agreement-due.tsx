/**
 * The API's refusal of a booking or a group while the client's coaching agreement waits for their signature
 * (a 403 whose reason is agreement_required): its sentence, and the way to the Agreement page, which leads back.
 */
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-call';
import { AGREEMENT_REQUIRED } from '../../../contracts/rest/agreements';

/** The refusal's message when `error` is that refusal; null for any other outcome. */
export function agreementDue(error: unknown): string | null {
  if (!isApiError(error) || error.response?.status !== 403) return null;
  const data = error.response.data as { reason?: unknown; message?: unknown } | null;
  if (data?.reason !== AGREEMENT_REQUIRED) return null;
  return typeof data.message === 'string' ? data.message : 'Please sign the coaching agreement first.';
}

export function AgreementDue({ message, next }: { message: string; next: 'book' | 'groups' }) {
  return (
    <div className="card agreement-due" role="alert">
      <p>{message}</p>
      <Link className="btn btn-primary" to={`${paths.agreement}?next=${next}`}>
        Read and sign the agreement
      </Link>
    </div>
  );
}
