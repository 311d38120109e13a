/**
 * The client's coaching agreement: its current text, then either "Signed on …" with the PDF, or the signing
 * form (type your name as your profile has it, tick "I agree", Sign). A new version shows unsigned again. The
 * form keeps what was typed through a refusal; the API's sentences stand beside the fields they are about.
 */
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Field, FieldError } from '@/components/field';
import { FormButtons } from '@/components/form-buttons';
import { LoadFailed } from '@/components/load-failed';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import { downloadSignedAgreement } from '@/lib/agreement-pdf';
import { displayZone, formatDateTime } from '@/lib/dates';
import { useUser } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useFieldErrors } from '@/lib/use-field-errors';
import { useAgreements, type ClientAgreement } from '../api/get-agreements';
import { useSignAgreement } from '../api/sign-agreement';
import { sanitizeAgreementHtml } from './sanitize-agreement-html';
import './agreement.css';

/** Where the client came from when a booking or a group asked for the signature, to go back after signing. */
const NEXT: Record<string, { to: string; label: string }> = {
  book: { to: paths.book, label: 'Back to booking' },
  groups: { to: paths.groups, label: 'Back to groups' },
};

function SignForm({ agreement }: { agreement: ClientAgreement }) {
  const user = useUser();
  const [name, setName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const sign = useSignAgreement();
  const { errors, show, fromError } = useFieldErrors<'typed_name' | 'agreed'>();
  const fullName = `${user.first_name} ${user.last_name}`.trim();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = {
      typed_name: name.trim() ? undefined : 'Type your full name to sign.',
      agreed: agreed ? undefined : 'Tick "I agree" to sign.',
    };
    if (show(found, form)) return;
    sign.mutate(
      {
        version_id: agreement.version_id,
        typed_name: name,
        agreed,
        text_sha256: agreement.text_sha256,
      },
      {
        onSuccess: () => notify.success('Agreement signed'),
        onError: (error) => fromError(error, form),
      },
    );
  };

  return (
    <form className="card agreement-sign" onSubmit={submit} noValidate aria-labelledby="sign-title">
      <h2 id="sign-title">Sign this agreement</h2>
      <Field
        label="Your full name"
        hint={fullName ? `As your profile has it: ${fullName}` : undefined}
        autoComplete="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.typed_name}
      />
      <div className="field agreement-agree">
        <label>
          <input
            type="checkbox"
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
            aria-invalid={errors.agreed ? true : undefined}
            aria-describedby={errors.agreed ? 'agree-error' : undefined}
          />{' '}
          I agree to this agreement
        </label>
        <FieldError id="agree" error={errors.agreed} />
      </div>
      <FormButtons submitLabel="Sign" pendingLabel="Signing…" pending={sign.isPending} />
    </form>
  );
}

type Signature = NonNullable<ClientAgreement['signature']>;

function Signed({ signature, zone }: { signature: Signature; zone: string }) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    // A refusal is the API client's toast; the button comes back for another try.
    downloadSignedAgreement(signature.id)
      .catch(() => {})
      .finally(() => setBusy(false));
  };
  return (
    <div className="card agreement-signed" role="status">
      <p>
        Signed on {formatDateTime(signature.signed_at, zone)} as <strong>{signature.typed_name}</strong>.
      </p>
      <button type="button" className="btn" onClick={download} disabled={busy}>
        {busy ? 'Preparing the PDF…' : 'Download the signed PDF'}
      </button>
    </div>
  );
}

function AgreementView({ agreement, zone }: { agreement: ClientAgreement; zone: string }) {
  return (
    <article className="agreement" aria-labelledby={`agreement-${agreement.version_id}`}>
      <h2 id={`agreement-${agreement.version_id}`}>{agreement.title}</h2>
      <p className="muted">
        Version {agreement.version}, published {formatDateTime(agreement.published_at, zone)}
        {agreement.own_coach ? ' by your coach' : ''}
      </p>
      <div
        className="agreement-text rich-text"
        // Sanitised by the API when published and again here, by the one rule of contracts/rich-text.ts.
        dangerouslySetInnerHTML={{ __html: sanitizeAgreementHtml(agreement.body_html) }}
      />
      {agreement.signature ? (
        <Signed signature={agreement.signature} zone={zone} />
      ) : (
        <SignForm agreement={agreement} />
      )}
    </article>
  );
}

export default function Page() {
  const query = useAgreements();
  const user = useUser();
  const zone = displayZone(user.time_zone);
  const next = NEXT[useSearchParams()[0].get('next') ?? ''];
  const unsigned = query.data?.some((a) => !a.signature) ?? false;
  return (
    <section className="page agreement-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        Coaching agreement
      </h1>
      {query.isPending ? (
        <PageLoading />
      ) : query.isError ? (
        <LoadFailed what="Your agreement" error={query.error} retry={query.refetch} />
      ) : query.data.length === 0 ? (
        <p className="card empty-state">There is no agreement to sign yet.</p>
      ) : (
        <>
          {unsigned && next && (
            <p className="card agreement-due" role="note">
              Please read and sign the agreement first; then you can go on.
            </p>
          )}
          {query.data.map((agreement) => (
            <AgreementView key={agreement.version_id} agreement={agreement} zone={zone} />
          ))}
          {next && !unsigned && (
            <p>
              <Link to={next.to}>{next.label}</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
