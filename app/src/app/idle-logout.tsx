/**
 * Signs the user out after an hour without activity (SPEC §9), with a warning a minute before that offers
 * 'Stay signed in'. Mounted only while a session exists.
 */
import { useEffect, useRef, useState } from 'react';
import { logout } from '@/features/auth/api/logout';
import { IDLE_LOGGED_OUT, watchIdle, type IdleWatch } from '@/lib/idle';
import { notify } from '@/lib/toast';

export function IdleLogout() {
  const [remainingMs, setRemainingMs] = useState<number | null>(null);
  const watch = useRef<IdleWatch | null>(null);
  const stay = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    watch.current = watchIdle({
      onWarn: setRemainingMs,
      onActive: () => setRemainingMs(null),
      onIdle: () => {
        setRemainingMs(null);
        notify.info(IDLE_LOGGED_OUT);
        void logout('idle');
      },
    });
    return () => watch.current?.stop();
  }, []);

  const warning = remainingMs !== null;
  useEffect(() => {
    if (warning) stay.current?.focus();
  }, [warning]);

  if (!warning) return null;
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return (
    <div className="modal-backdrop">
      <div
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="idle-title"
        aria-describedby="idle-text"
      >
        <h2 id="idle-title">Are you still there?</h2>
        <p id="idle-text">
          For your security you will be signed out in {seconds} second{seconds === 1 ? '' : 's'}.
        </p>
        <button
          ref={stay}
          type="button"
          className="btn btn-primary"
          onClick={() => {
            watch.current?.touch();
            setRemainingMs(null);
          }}
        >
          Stay signed in
        </button>
      </div>
    </div>
  );
}
