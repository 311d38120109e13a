import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { agreementsQueryOptions } from '@/lib/agreements';
import { useUser } from '@/lib/session';
import { userRole } from '@/lib/user';

/**
 * My Profile's way to the Agreement page, where the client reads their coaching agreement, signs it or downloads
 * the signed PDF. Shown only when the tenant (or their coach) has one: until it answers, and when there is none,
 * there is nothing to show; when it cannot be read, the link stays, and the page says why.
 */
export function AgreementCard() {
  // Agreements are a client's to sign: another role's profile asks for none.
  const client = userRole(useUser()) === 'client';
  const agreements = useQuery({ ...agreementsQueryOptions(), enabled: client });
  if (agreements.isPending || agreements.data?.length === 0) return null;
  const unsigned = agreements.data?.some((a) => !a.signature) ?? false;
  return (
    <section className="card form-card" aria-labelledby="agreement-card-title">
      <h2 id="agreement-card-title">Agreement</h2>
      <p className="muted">
        {agreements.isError
          ? 'Your coaching agreement, to read and sign, and its signed PDF.'
          : unsigned
            ? 'Your coaching agreement waits for your signature.'
            : 'You signed your coaching agreement: read it again or download the signed PDF.'}
      </p>
      <Link to={paths.agreement}>{unsigned ? 'Read and sign the agreement' : 'Your agreement'}</Link>
    </section>
  );
}
