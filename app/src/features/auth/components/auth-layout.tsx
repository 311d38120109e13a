import type { ReactNode } from 'react';
import { usePortal } from '@/lib/portal-context';
import { VersionFooter } from '@/components/version-footer';

/** The branded card every signed-out screen uses: the tenant's logo, login background and footer. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { config, brand } = usePortal();
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
      <VersionFooter className="login-footer" />
    </div>
  );
}
