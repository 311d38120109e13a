// The mail coachingportal/metrics/share/ sends: each metric with its target and its last twelve recorded months.
import type { Tenant } from '../../db/database.js';
import { sharedListMail } from '../client-work/shared-list-mail.js';
import type { Sharer } from '../client-work/shared-list-mail.js';
import type { TaskItem } from '../../../../contracts/mail/mail-kinds.js';
import type { MailDraft } from '../mail/mail-draft.js';
import type { Metric } from './metric.js';

const MONTHS_MAILED = 12;

const formatNumber = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** 'YYYY-MM' as 'January 2026'. */
function monthName(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const withUnit = (n: number, unit: string) => (unit ? `${formatNumber(n)} ${unit}` : formatNumber(n));

function metricLines(m: Metric): TaskItem {
  const better = m.direction === 'up' ? 'higher is better' : 'lower is better';
  const target = m.target === null ? 'no target' : `target ${withUnit(m.target, m.unit)}`;
  const months = m.values.slice(-MONTHS_MAILED).map((v) => {
    const note = v.note ? ` (${v.note})` : '';
    return `${monthName(v.period)}: ${withUnit(v.value, m.unit)}${note}`;
  });
  return { heading: `${m.name}: ${target}, ${better}`, lines: months.length ? months : ['No values yet.'] };
}

export function metricsMail(tenant: Tenant, client: Sharer, to: string, metrics: Metric[]): MailDraft {
  return sharedListMail(tenant, client, to, {
    what: 'their business metrics',
    their: 'their business metrics',
    items: metrics.map(metricLines),
    empty: 'There are no metrics yet.',
  });
}
