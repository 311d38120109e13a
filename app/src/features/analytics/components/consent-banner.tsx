import type { Consent } from '../consent';
import './analytics.css';

/** Asks once whether the portal may load its analytics; not modal, so the page stays usable meanwhile. */
export function ConsentBanner({ onAnswer }: { onAnswer: (consent: Consent) => void }) {
  return (
    <section className="consent-banner" aria-labelledby="consent-title">
      <h2 id="consent-title" className="consent-title">
        Analytics cookies
      </h2>
      <p className="consent-text">
        May we use analytics cookies to learn how the portal is used? Nothing is loaded unless you accept.
      </p>
      <div className="consent-actions">
        <button type="button" className="btn" onClick={() => onAnswer('denied')}>
          Decline
        </button>
        <button type="button" className="btn btn-primary" onClick={() => onAnswer('granted')}>
          Accept
        </button>
      </div>
    </section>
  );
}
