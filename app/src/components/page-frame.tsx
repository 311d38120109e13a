import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A page's frame: the section named by its one h1 (the title screen readers announce), led by the link back to
 * where the page was opened from when it has one, then the page's content.
 */
export function PageFrame({
  title,
  className,
  titleId = 'page-title',
  back,
  children,
}: {
  title: ReactNode;
  /** The page's own class beside `page` (its layout in the feature's stylesheet). */
  className?: string;
  titleId?: string;
  back?: { to: string; label: ReactNode } | undefined;
  children: ReactNode;
}) {
  return (
    <section className={className ? `page ${className}` : 'page'} aria-labelledby={titleId}>
      {back && (
        <p>
          <Link to={back.to}>{back.label}</Link>
        </p>
      )}
      <h1 id={titleId} className="page-title">
        {title}
      </h1>
      {children}
    </section>
  );
}
