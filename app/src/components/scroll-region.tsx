import type { ReactNode } from 'react';

/**
 * A wide table's frame, which scrolls sideways on a narrow screen: a named region the keyboard can focus, so it
 * scrolls by keyboard too (axe's scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const classes = className ? `scroll-region ${className}` : 'scroll-region';
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={classes} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
