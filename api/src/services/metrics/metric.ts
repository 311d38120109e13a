// A metric as the API answers it (and mails it): its fields, and its months with their values and notes.
import type { MetricRow, ValueRow } from './metrics-repository.js';

export const metric = (row: MetricRow, values: ValueRow[]) => ({
  id: row.id,
  name: row.name,
  unit: row.unit,
  target: row.target,
  direction: row.direction,
  values: values
    .filter((v) => v.metric_id === row.id)
    .map((v) => ({ period: v.period, value: v.value, note: v.note, updated_at: v.updated_at.toISOString() })),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export type Metric = ReturnType<typeof metric>;
