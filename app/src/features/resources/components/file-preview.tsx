/**
 * An image or a PDF shown in the page. The download route wants the token, so the file comes as a blob; the
 * page's CSP allows images from data: URLs (so an image is read into one) and frames from blob: URLs only
 * (so a PDF gets an object URL, revoked when the preview closes). Nothing else is ever framed.
 */
import { useEffect, useRef, useState } from 'react';
import { Modal } from '@/components/modal';
import { errorMessage } from '@/lib/api-errors';
import { fetchFile } from '../api/download-file';
import type { StoredFile } from '../api/get-company-files';
import { kindOf } from './file-kinds';
import { withPdfTitle } from './pdf-title';

type Shown = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'failed'; message: string };

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });
}

export function FilePreview({
  companyId,
  file,
  onDownload,
  onClose,
}: {
  companyId: number | null;
  file: StoredFile;
  onDownload: () => void;
  onClose: () => void;
}) {
  const close = useRef<HTMLButtonElement>(null);
  const [shown, setShown] = useState<Shown>({ state: 'loading' });
  const image = kindOf(file) === 'image';

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchFile(companyId, file, controller.signal)
      .then(async (blob) => {
        if (image) return readAsDataUrl(new Blob([blob], { type: file.type }));
        // Titled with the file's name: the viewer would title a blob: URL with its UUID (./pdf-title).
        const titled = withPdfTitle(new Uint8Array(await blob.arrayBuffer()), file.name);
        objectUrl = URL.createObjectURL(new Blob([titled], { type: 'application/pdf' }));
        return objectUrl;
      })
      .then(
        (url) => {
          if (!controller.signal.aborted) setShown({ state: 'ready', url });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setShown({ state: 'failed', message: errorMessage(error) });
        },
      );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [companyId, file, image]);

  return (
    <Modal labelledBy="preview-title" className="modal preview-modal" initialFocus={close} onClose={onClose}>
      <div className="preview-header">
        <h2 id="preview-title">{file.name}</h2>
        <div className="button-row">
          <button type="button" className="btn btn-secondary" onClick={onDownload}>
            Download
          </button>
          <button ref={close} type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
      <div className="preview-body">
        {shown.state === 'loading' && (
          <p role="status">
            <span className="spinner spinner-inline" aria-hidden="true" /> Loading preview...
          </p>
        )}
        {shown.state === 'failed' && (
          <p role="alert" className="error-text">
            The preview could not be loaded: {shown.message}
          </p>
        )}
        {shown.state === 'ready' &&
          (image ? (
            <img src={shown.url} alt={file.name} className="preview-image" />
          ) : (
            <iframe src={shown.url} title={`Preview of ${file.name}`} className="preview-frame" />
          ))}
      </div>
    </Modal>
  );
}
