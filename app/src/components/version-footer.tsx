import { usePortal } from '@/lib/portal-context';

/**
 * SPEC §2's footer: the year, the product name and 'version: {x}' as SPEC writes it (the version baked into
 * this build): '© 2026 Acme Business Coaching · version: 7.2.2'. Only signed-in screens show it (SPEC §2).
 */
export function VersionFooter({ className = 'footer' }: { className?: string }) {
  const { config } = usePortal();
  return (
    <footer className={className}>
      © {new Date().getFullYear()} {config.name} · version: {config.version}
    </footer>
  );
}
