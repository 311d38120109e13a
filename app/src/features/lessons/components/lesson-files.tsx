/**
 * What the coach uploaded to a lesson, as the client sees it: the video in a player (its address a short-lived
 * ticket, asked for first: loading and failure shown in its place) and the files as downloads with their names.
 */
import { apiAssetUrl } from '@/lib/avatar';
import { usePortal } from '@/lib/portal-context';
import { fileSize } from '@/lib/uploads';
import { LoadFailed } from '@/components/load-failed';
import { downloadLessonFile, useVideoTicket } from '../api/lesson-files';
import type { LessonFile } from '../api/lesson-types';

export function UploadedVideo({ file }: { file: LessonFile }) {
  const { apiUrl } = usePortal().config;
  const ticket = useVideoTicket(file.id);
  if (ticket.isError) return <LoadFailed what="The video" error={ticket.error} retry={ticket.refetch} />;
  if (!ticket.data)
    return (
      <div className="page-state" role="status">
        <span className="spinner spinner-inline" aria-hidden="true" /> Loading the video...
      </div>
    );
  const src = apiAssetUrl(apiUrl, ticket.data.url) ?? undefined;
  return (
    <figure className="lesson-video-figure">
      <video
        className="lesson-video"
        controls
        preload="metadata"
        src={src}
        aria-label={`Lesson video: ${file.name}`}
      >
        <track kind="captions" />
        <p>Your browser cannot play this video. Download “{file.name}” below the lesson instead.</p>
      </video>
      <figcaption className="muted">
        {file.name} ·{' '}
        <button type="button" className="btn btn-link" onClick={() => void downloadLessonFile(file)}>
          Download the video
        </button>
      </figcaption>
    </figure>
  );
}

export function UploadedFiles({ files }: { files: LessonFile[] }) {
  if (files.length === 0) return null;
  return (
    <section className="card lesson-resources" aria-labelledby="lesson-files-title">
      <h2 id="lesson-files-title">Files</h2>
      <ul>
        {files.map((file) => (
          <li key={file.id}>
            <button type="button" className="btn btn-link" onClick={() => void downloadLessonFile(file)}>
              Download {file.name}
            </button>{' '}
            <span className="muted">({fileSize(file.size)})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
