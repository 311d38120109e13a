import { QueryState } from '@/components/query-state';
import { formatDateTime } from '@/lib/dates';
import { httpLink } from '@/lib/http-link';
import { fileSize } from '@/lib/uploads';
import { useUndoableDelete } from '@/components/use-undoable-delete';
import { deleteResource } from '../api/delete-resource';
import { downloadResource } from '../api/download-resource';
import { useLibrary, type Library, type Resource, type Share } from '../api/get-library';
import { useUnshareResource } from '../api/unshare-resource';
import { AddFileForm, AddLinkForm } from './add-forms';
import { ShareForm } from './share-form';
import './resources.css';
import { PageFrame } from '@/components/page-frame';

const shareName = (s: Share) => (s.audience === 'all' ? 'all my clients' : s.name);

function ResourceEntry({
  resource,
  audiences,
  onDelete,
}: {
  resource: Resource;
  audiences: Library['audiences'];
  onDelete: () => void;
}) {
  const unshare = useUnshareResource();
  const link = httpLink(resource.url);
  const { file } = resource;
  return (
    <li className="card">
      <h3>{resource.title}</h3>
      <p className="muted">
        {resource.kind === 'link'
          ? 'Link'
          : `File, ${resource.file?.name}, ${fileSize(resource.file?.size ?? 0)}`}
        , added {formatDateTime(resource.created_at)}
      </p>
      <div className="button-row">
        {link && (
          <a href={link} target="_blank" rel="noreferrer">
            Open {resource.title}
          </a>
        )}
        {file && (
          <button
            type="button"
            className="btn"
            onClick={() => void downloadResource(resource.id, file.name).catch(() => undefined)}
          >
            Download {resource.title}
          </button>
        )}
        <button type="button" className="btn btn-danger" onClick={onDelete}>
          Delete {resource.title}
        </button>
      </div>
      {resource.shares.length === 0 ? (
        <p className="muted">Not shared yet: no client sees it.</p>
      ) : (
        <ul className="share-list" aria-label={`Shared with (${resource.title})`}>
          {resource.shares.map((s) => (
            <li key={s.id}>
              Shared with {shareName(s)}{' '}
              <button
                type="button"
                className="btn btn-link"
                disabled={unshare.isPending}
                onClick={() => unshare.mutate({ id: resource.id, shareId: s.id })}
              >
                Stop sharing with {shareName(s)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ShareForm resource={resource} audiences={audiences} />
    </li>
  );
}

/** The coach's library: links and files, each shared with a client, a company, a group or all their clients. */
export default function Page() {
  const query = useLibrary();
  const { hidden, remove: undoable } = useUndoableDelete();

  const remove = (resource: Resource) =>
    undoable(resource.id, `"${resource.title}" deleted`, () => deleteResource(resource.id));

  return (
    <PageFrame title="Resources">
      <p className="muted">
        Clients see what you share with them on their My Resources page: one client, a company's clients, a
        group's members or all your clients.
      </p>
      <div className="resource-forms">
        <AddLinkForm />
        <AddFileForm />
      </div>
      <QueryState query={query} what="Your library">
        {({ resources, audiences }) => {
          const shown = resources.filter((r) => !hidden.has(r.id));
          return shown.length === 0 ? (
            <p className="card empty-state muted">Your library is empty. Add a link or a file above.</p>
          ) : (
            <ul className="resource-list" aria-label="Your library">
              {shown.map((r) => (
                <ResourceEntry key={r.id} resource={r} audiences={audiences} onDelete={() => remove(r)} />
              ))}
            </ul>
          );
        }}
      </QueryState>
    </PageFrame>
  );
}
