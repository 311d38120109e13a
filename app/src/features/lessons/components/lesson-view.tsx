/**
 * One lesson's content, shared by every lesson page (group lessons, the business academy, flash-coaching):
 * the video, the description as sanitised HTML, the quiz link and the resources by type and order. A page
 * puts its own parts (analytics, navigation) in `children`, below the description.
 */
import type { ReactNode } from 'react';
import { apiAssetUrl } from '@/lib/avatar';
import { httpLink } from '@/lib/http-link';
import { usePortal } from '@/lib/portal-context';
import type { LessonContent } from '../api/lesson-types';
import { UploadedFiles, UploadedVideo } from './lesson-files';
import { groupResources } from './resource-groups';
import { sanitizeRichText } from '@/lib/sanitize-rich-text';
import './lesson-view.css';

export function LessonView({ lesson, children }: { lesson: LessonContent; children?: ReactNode }) {
  const { apiUrl } = usePortal().config;
  // A path on the API (its stored files) or an http(s) URL; anything else is not played.
  const video = lesson.lesson_video ? apiAssetUrl(apiUrl, lesson.lesson_video) : null;
  const quiz = httpLink(lesson.quiz_url);
  const resourceGroups = groupResources(lesson.resources);
  return (
    <article className="lesson-view" aria-labelledby="lesson-title">
      <h1 id="lesson-title" className="page-title">
        {lesson.title}
      </h1>
      {lesson.short_desc && <p className="lesson-summary">{lesson.short_desc}</p>}
      {lesson.video_file && <UploadedVideo file={lesson.video_file} />}
      {video && (
        <video className="lesson-video" controls preload="metadata" src={video}>
          <track kind="captions" />
        </video>
      )}
      <div
        className="card lesson-description"
        dangerouslySetInnerHTML={{ __html: sanitizeRichText(lesson.full_desc) }}
      />
      {quiz && (
        <p>
          <a className="btn btn-primary" href={quiz} target="_blank" rel="noopener noreferrer">
            Take the quiz <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        </p>
      )}
      {resourceGroups.length > 0 && (
        <section className="card lesson-resources" aria-labelledby="lesson-resources-title">
          <h2 id="lesson-resources-title">Resources</h2>
          {resourceGroups.map((group) => (
            <div key={group.type.id} className="lesson-resource-group">
              <h3>
                {group.type.name} <span className="muted">· {group.type.owner}</span>
              </h3>
              <ul>
                {group.resources.map((resource) => {
                  const href = httpLink(resource.url);
                  return (
                    <li key={resource.id}>
                      {href ? (
                        <a href={href} target="_blank" rel="noopener noreferrer">
                          {resource.title}
                        </a>
                      ) : (
                        resource.title
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </section>
      )}
      <UploadedFiles files={lesson.files ?? []} />
      {children}
    </article>
  );
}
