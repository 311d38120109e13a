/** One backend (and one S3 client) per bucket or folder, shared by every tenant that publishes there. */
import type { Backend } from './backend.js';
import { createFolderBackend } from './folder-backend.js';
import { createS3Backend, createS3Client, type S3Options } from './s3-backend.js';
import { targetId, type Location } from './target.js';

export interface BackendRegistry {
  backendFor: (location: Location) => Backend;
  all: () => Backend[];
  close: () => void;
}

export function createBackendRegistry(s3: S3Options): BackendRegistry {
  const backends = new Map<string, Backend>();
  const backendFor = ({ target }: Location): Backend => {
    const id = targetId(target);
    let backend = backends.get(id);
    if (!backend) {
      backend =
        target.kind === 's3'
          ? createS3Backend(target, createS3Client(s3))
          : createFolderBackend(target.root, target.url);
      backends.set(id, backend);
    }
    return backend;
  };
  return {
    backendFor,
    all: () => [...backends.values()],
    close: () => backends.forEach((backend) => backend.close()),
  };
}
