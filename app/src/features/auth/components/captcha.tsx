/**
 * The CAPTCHA (reCAPTCHA v2 checkbox), only for tenants that configure a site key. The provider's script is
 * loaded on demand so tenants without CAPTCHA never fetch it, and the CSP of those tenants does not allow it.
 */
import { useEffect, useRef, useState } from 'react';

interface Grecaptcha {
  render(element: HTMLElement, options: Record<string, unknown>): number;
  reset(widget?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    __portalCaptchaReady?: () => void;
  }
}

const SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit&onload=__portalCaptchaReady';
let loading: Promise<Grecaptcha> | null = null;

function loadCaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise((resolve, reject) => {
    if (window.grecaptcha) return resolve(window.grecaptcha);
    window.__portalCaptchaReady = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject());
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onerror = () => {
      loading = null;
      reject(new Error('The CAPTCHA could not be loaded. Check your connection and reload the page.'));
    };
    document.head.append(script);
  });
  return loading;
}

export interface CaptchaHandle {
  reset(): void;
}

export function Captcha({
  siteKey,
  onToken,
  resetRef,
}: {
  siteKey: string;
  onToken: (token: string | null) => void;
  resetRef: { current: CaptchaHandle | null };
}) {
  const box = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  }, [onToken]);

  useEffect(() => {
    let cancelled = false;
    loadCaptcha().then(
      (grecaptcha) => {
        if (cancelled || !box.current || box.current.childElementCount > 0) return;
        const widget = grecaptcha.render(box.current, {
          sitekey: siteKey,
          callback: (token: string) => onTokenRef.current(token),
          'expired-callback': () => onTokenRef.current(null),
        });
        resetRef.current = {
          reset: () => {
            grecaptcha.reset(widget);
            onTokenRef.current(null);
          },
        };
      },
      (failure: unknown) => {
        if (!cancelled)
          setError(failure instanceof Error ? failure.message : 'The CAPTCHA could not be loaded.');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [siteKey, resetRef]);

  return (
    <div className="captcha">
      {/* The widget's room, kept from the first paint (index.html pre-renders this form) until it mounts, so
          that nothing below it moves then; given up when the widget cannot load and the error says so. */}
      <div ref={box} className={error ? undefined : 'captcha-slot'} />
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
