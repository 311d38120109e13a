// A metric as the API answers it (and mails it): its row, and its months with their values and notes. The row is
// spread (timestamps as ISO strings), so a column added to the select list reaches the answer without a line here.
import { jsonRow } from '../../db/json-row.js';
import type { MetricRow, ValueRow } from './metrics-repository.js';

export const metric = (row: MetricRow, values: ValueRow[]) => ({
  ...jsonRow(row),
  values: values.filter((v) => v.metric_id === row.id).map(({ metric_id: _metric, ...v }) => jsonRow(v)),
});

export type Metric = ReturnType<typeof metric>;
