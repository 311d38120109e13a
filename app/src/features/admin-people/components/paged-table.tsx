import type { ReactNode } from 'react';
import { Pager } from './pager';

/** A table of one page of a list (its column headings in `head`, its rows as children), with the pager under it. */
export function PagedTable({
  caption,
  head,
  children,
  ...paging
}: {
  caption: string;
  head: ReactNode;
  children: ReactNode;
  page: number;
  perPage: number;
  total: number;
  /** The pager's name, e.g. 'People pages'. */
  label: string;
  onPage: (page: number) => void;
}) {
  return (
    <>
      <div className="card admin-table-wrap">
        <table className="admin-table">
          <caption className="visually-hidden">
            {caption}, page {paging.page}
          </caption>
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      <Pager {...paging} />
    </>
  );
}
