import { QueryState } from '@/components/query-state';
import { formatDate } from '@/lib/dates';
import { httpLink } from '@/lib/http-link';
import { fileSize } from '@/lib/uploads';
import { downloadSharedResource } from '../api/download-shared-resource';
import { useSharedResources } from '../api/get-shared-resources';

/** The links and files the client's coach shares from their library, each to open or download. */
export function SharedResources() {
  const query = useSharedResources();
  return (
    <section className="card" aria-labelledby="shared-title">
      <h2 id="shared-title">Shared by your coach</h2>
      <QueryState
        query={query}
        what="Your coach's resources"
        empty={<p className="muted">Links and files your coach shares with you appear here.</p>}
      >
        {(items) => (
          <ul className="shared-resources">
            {items.map((r) => {
              const link = httpLink(r.url);
              return (
                <li key={r.id}>
                  {link ? (
                    <a href={link} target="_blank" rel="noreferrer">
                      {r.title}
                    </a>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-link"
                      onClick={() =>
                        void downloadSharedResource(r.id, r.file?.name ?? r.title).catch(() => undefined)
                      }
                    >
                      Download {r.title}
                    </button>
                  )}{' '}
                  <span className="muted">
                    {r.file ? `${r.file.name}, ${fileSize(r.file.size)}, ` : ''}from {r.coach.first_name}{' '}
                    {r.coach.last_name}, {formatDate(r.created_at)}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
