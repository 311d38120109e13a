import { usePortal } from '../app/portal-context';

/** '{year} {product name} version: {x}' (SPEC §2), with the version baked into this build. */
export function VersionFooter({ className = 'footer' }: { className?: string }) {
  const { config } = usePortal();
  return (
    <footer className={className}>
      {new Date().getFullYear()} {config.name} version: {config.version}
    </footer>
  );
}
