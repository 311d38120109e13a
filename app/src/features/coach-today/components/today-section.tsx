import type { ReactNode } from 'react';

/**
 * One part of Today: its heading (for a screen reader's list of headings), and its own friendly sentence when
 * there is nothing in it, so an empty part says so rather than vanishing from the page.
 */
export function TodaySection<T>({
  id,
  title,
  items,
  empty,
  children,
  more,
}: {
  id: string;
  title: string;
  items: readonly T[];
  empty: string;
  children: (item: T) => ReactNode;
  /** A link to the page where the part is worked on. */
  more?: ReactNode;
}) {
  return (
    <section className="card today-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {items.length === 0 ? (
        <p className="muted today-empty">{empty}</p>
      ) : (
        <ul className="today-list">{items.map(children)}</ul>
      )}
      {more}
    </section>
  );
}
