import { portalConfigSchema } from '../../../contracts/portal-config';
import { usePortal } from '@/lib/portal-context';

/** The footer's own fields (tenant.schema.json's $defs/footer), in the schema's order. */
const FIELDS = portalConfigSchema.properties.footer.properties;

/** A footer value as written: an https address is a link and an email address a mail link (tenant.schema.json). */
function shown(value: string) {
  if (/^https:\/\/\S+$/i.test(value)) return <a href={value}>{value}</a>;
  return value.includes('@') ? <a href={`mailto:${value}`}>{value}</a> : value;
}

/**
 * SPEC §2's footer: the year, the product name and 'version: {x}' as SPEC writes it (the version baked into
 * this build): '© 2026 Acme Business Coaching · version: 7.2.2'. After it, each field the tenant's footer sets
 * (tenant.json's `footer`), named by its schema title. Only signed-in screens show it (SPEC §2).
 */
export function VersionFooter({ className = 'footer' }: { className?: string }) {
  const { config } = usePortal();
  const footer: Partial<Record<string, string>> = config.footer;
  return (
    <footer className={className}>
      © {new Date().getFullYear()} {config.name} · version: {config.version}
      {Object.entries(FIELDS).map(
        ([key, rule]) =>
          footer[key] && (
            <span key={key}>
              {` · ${rule.title}: `}
              {shown(footer[key])}
            </span>
          ),
      )}
    </footer>
  );
}
