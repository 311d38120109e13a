import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CLIENT_SORTS, FIRST_CLIENTS, type ClientQuery, type ClientSort } from '../api/get-clients';

// Long enough that a name typed at speed asks once, short enough that the list follows the typing.
const SEARCH_DELAY_MS = 300;

const isSort = (value: string | null): value is ClientSort => CLIENT_SORTS.some((sort) => sort === value);

/**
 * The list's search and sort live in the address (?q=&sort=&order=), so reload, back from a client's page and
 * a shared link show the same list. The search box is ahead of the address while typing: it reaches the
 * address (and the API) once the typing pauses, replacing the entry rather than adding one per letter.
 */
export function useClientsSearch() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const query: ClientQuery = {
    search: search.trim(),
    // A plain address is FIRST_CLIENTS, which index.html has already asked for (boot/early-pages).
    sort: isSort(sortParam) ? sortParam : FIRST_CLIENTS.sort,
    order: params.get('order') === 'desc' ? 'desc' : FIRST_CLIENTS.order,
  };
  const [typed, setTyped] = useState(search);
  // The address can change under the box (back, forward, a link): the box follows it.
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    setShown(search);
    setTyped(search);
  }

  const update = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => update({ q: typed }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // `update` is rebuilt each render; the timer depends on the typed text and the address only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, search]);

  return {
    query,
    typed,
    setTyped,
    setSort: (sort: string) => update({ sort: isSort(sort) && sort !== FIRST_CLIENTS.sort ? sort : '' }),
    setOrder: (order: string) => update({ order: order === 'desc' ? 'desc' : '' }),
    clear: () => {
      setTyped('');
      update({ q: '' });
    },
  };
}
