/**
 * The builder's live preview: the form as a client will fill it, drawn by the client's own question fields,
 * with its conditions working on what is answered here (nothing is saved or sent).
 */
import { useState } from 'react';
import { QuestionField } from '@/components/question-field';
import { isShown } from '../../../../../contracts/forms';
import type { Answers, Layout } from '../../../../../contracts/forms';

export function FormPreview({ title, layout }: { title: string; layout: Layout }) {
  const [answers, setAnswers] = useState<Answers>({});
  const answer = (id: string, value: Answers[string] | undefined) =>
    setAnswers(({ [id]: _, ...rest }) => (value === undefined ? rest : { ...rest, [id]: value }));
  const empty = layout.sections.every((s) => s.questions.length === 0);
  return (
    <section className="card builder-preview" aria-labelledby="preview-title">
      <h2 id="preview-title">Preview</h2>
      <p className="muted">As your client sees it. Answers here are not saved.</p>
      <p className="builder-preview-title">{title.trim() || 'Untitled form'}</p>
      {empty && <p className="muted">Add a question to see it here.</p>}
      {layout.sections.map((section, s) => {
        const shown = section.questions.filter((q) => isShown(layout, q.id, answers));
        if (shown.length === 0) return null;
        return (
          <div key={s} className="builder-preview-section">
            {section.title && <h3>{section.title}</h3>}
            {shown.map((q) => (
              <QuestionField
                key={q.id}
                question={{ ...q, label: q.label || 'Untitled question' }}
                value={answers[q.id]}
                error={undefined}
                onChange={(value) => answer(q.id, value)}
              />
            ))}
          </div>
        );
      })}
    </section>
  );
}
