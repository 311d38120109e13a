import type { ReactNode } from 'react';
import { usePortal } from '@/lib/portal-context';
import { useSession } from '@/lib/session';
import { VersionFooter } from '@/components/version-footer';

/**
 * The branded card of the signed-out screens (sign-in, and the mailed links: a reset, an unsubscribe): the
 * tenant's logo and login background. SPEC §2 shows the footer only to a signed-in user, who meets this card
 * only on a mailed link.
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { config, brand } = usePortal();
  const session = useSession();
  return (
    <div className="login-screen">
      <main className="login-card" aria-labelledby="auth-title">
        {brand.logo ? (
          <img className="login-logo" src={brand.logo} alt={config.name} />
        ) : (
          <p className="login-brand">{config.name}</p>
        )}
        <h1 id="auth-title">{title}</h1>
        {children}
      </main>
      {session && <VersionFooter className="login-footer" />}
    </div>
  );
}
