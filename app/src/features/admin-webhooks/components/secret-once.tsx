import { useEffect, useRef } from 'react';
import { notify } from '@/lib/toast';

/**
 * A signing secret, shown the one time the API answers it (adding an endpoint, rotating its secret): selected
 * and focused so it can be copied at once; leaving the page loses it for good.
 */
export function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [secret]);
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => notify.success('Secret copied'),
      () => notify.error('The secret could not be copied: select it and copy it yourself.'),
    );
  return (
    <div className="card webhook-secret" role="status">
      <h2>Signing secret</h2>
      <p>
        Copy it now into the receiving system: it is not shown again. Every delivery is signed with it (the
        <code> Portal-Signature</code> header).
      </p>
      <div className="field">
        <label htmlFor="webhook-secret">Secret</label>
        <input id="webhook-secret" ref={input} readOnly value={secret} spellCheck={false} />
      </div>
      <div className="button-row">
        <button type="button" className="btn btn-primary" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="btn" onClick={onDone}>
          I have copied it
        </button>
      </div>
    </div>
  );
}
