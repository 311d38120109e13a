import { usePortal } from '@/lib/portal-context';

/**
 * SPEC §2's footer parts (the year, the product name, the version baked into this build), punctuated as a
 * footer reads: '© 2026 Acme Business Coaching · version 7.2.2'.
 */
export function VersionFooter({ className = 'footer' }: { className?: string }) {
  const { config } = usePortal();
  return (
    <footer className={className}>
      © {new Date().getFullYear()} {config.name} · version {config.version}
    </footer>
  );
}
