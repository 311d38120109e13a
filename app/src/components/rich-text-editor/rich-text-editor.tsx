/**
 * The rich-text editor of the authoring pages (lesson bodies, coaching agreements) and of meeting recaps. The
 * editor itself (tiptap and ProseMirror, a large chunk) loads only when an editing page renders this: nothing
 * else may import rich-text-editor-core, so the client's pages never download it.
 */
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor-core';

const Core = lazy(() => import('./rich-text-editor-core'));

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="field">
          <p id={`${props.id}-label`} className="rich-text-label">
            {props.label}
          </p>
          <p role="status">Loading the editor…</p>
        </div>
      }
    >
      <Core {...props} />
    </Suspense>
  );
}
