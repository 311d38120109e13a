/**
 * What every lesson's progress form shares, group, academy or flash coaching: what the lesson is worth, notes,
 * and a line saying whether the background batcher has saved the changes yet.
 */
import { useSyncExternalStore } from 'react';
import { Field, TextAreaField } from '@/components/field';

/** The part of an analytics batcher (lib/analytics-batcher.ts) the save line watches. */
interface SaveWatch {
  subscribe(listener: () => void): () => void;
  isSending(): boolean;
  unsent(): readonly unknown[];
}

const saveText = {
  saved: 'All changes saved.',
  saving: 'Saving…',
  pending: 'Changes are saved every few seconds.',
};

function useSaveState(batcher: SaveWatch): keyof typeof saveText {
  return useSyncExternalStore(
    (listener) => batcher.subscribe(listener),
    () => (batcher.isSending() ? 'saving' : batcher.unsent().length ? 'pending' : 'saved'),
  );
}

type TextField = 'profit_impact' | 'notes';

export function ProgressFields({
  values,
  onChange,
  batcher,
}: {
  values: Record<TextField, string>;
  onChange: (field: TextField, value: string) => void;
  batcher: SaveWatch;
}) {
  const state = useSaveState(batcher);
  return (
    <>
      <Field
        label="Profit impact"
        hint="What this lesson is worth to your business, e.g. $2,000 a month."
        maxLength={200}
        value={values.profit_impact}
        onChange={(e) => onChange('profit_impact', e.target.value)}
      />
      <TextAreaField
        label="Notes"
        maxLength={10_000}
        rows={5}
        value={values.notes}
        onChange={(e) => onChange('notes', e.target.value)}
      />
      <p className="muted analytics-state" role="status">
        {saveText[state]}
      </p>
    </>
  );
}
