/** A key just made: shown this once, with a copy button and the warning that it cannot be shown again. */
import { useEffect, useRef, useState } from 'react';
import type { MadeKey } from '../api/create-key';

export function ShownKey({ made, onDone }: { made: MadeKey; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  // The key is what matters now: focus moves to it, so a screen reader reads the warning first.
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made.key);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <div className="card key-shown" role="region" aria-labelledby="key-shown-title">
      <h2 id="key-shown-title" ref={heading} tabIndex={-1}>
        Your new key: {made.name}
      </h2>
      <p className="key-warning">
        Copy this key now and keep it somewhere safe. It will not be shown again: if it is lost, revoke it and
        make a new one.
      </p>
      <div className="key-value">
        <code aria-label="API key">{made.key}</code>
        <button type="button" className="btn" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy key'}
        </button>
      </div>
      <p role="status" className="muted">
        {copied ? 'The key is on your clipboard.' : ''}
      </p>
      <button type="button" className="btn btn-primary" onClick={onDone}>
        I have saved the key
      </button>
    </div>
  );
}
