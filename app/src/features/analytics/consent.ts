/** The user's answer to the analytics question, kept in this browser (the origin is the tenant's own). */
const CONSENT_KEY = 'portal.analytics-consent';

export type Consent = 'granted' | 'denied';

export function storedConsent(): Consent | null {
  const value = window.localStorage.getItem(CONSENT_KEY);
  return value === 'granted' || value === 'denied' ? value : null;
}

export function storeConsent(consent: Consent): void {
  window.localStorage.setItem(CONSENT_KEY, consent);
}
