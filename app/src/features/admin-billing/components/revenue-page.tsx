/**
 * /admin/revenue: what came in and went back by month (in the business's own zone, tenant.json's
 * billing.timeZone), by offering and by coach, and what unpaid renewals owe; twelve months unless chosen.
 */
import { useState, type FormEvent } from 'react';
import { formatMoney } from '../../../../../contracts/billing';
import type { Revenue } from '../../../../../contracts/rest/billing';
import { PageFrame } from '@/components/page-frame';
import { QueryState } from '@/components/query-state';
import { formatMonth } from '@/lib/dates';
import { useRevenue, type MonthRange } from '../api/reports';
import { MonthRangeForm } from './month-range-form';
import './admin-billing.css';
import { ScrollRegion } from '@/components/scroll-region';

function Totals({
  rows,
  currency,
  first,
}: {
  rows: (Revenue['months'][number] & { label: string })[];
  currency: string;
  first: string;
}) {
  const money = (n: number) => formatMoney(n, currency, 'en-US');
  return (
    <ScrollRegion label={`${first} table`}>
      <table className="billing-table">
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col" className="amount">
              Paid
            </th>
            <th scope="col" className="amount">
              Refunded
            </th>
            <th scope="col" className="amount">
              Net
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td className="amount">{money(r.gross)}</td>
              <td className="amount">{money(r.refunded)}</td>
              <td className="amount">{money(r.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function RevenueView({ revenue }: { revenue: Revenue }) {
  const sum = (key: 'gross' | 'refunded' | 'net') => revenue.months.reduce((n, m) => n + m[key], 0);
  const money = (n: number) => formatMoney(n, revenue.currency, 'en-US');
  return (
    <>
      <dl className="revenue-summary card">
        <div>
          <dt>Paid</dt>
          <dd>{money(sum('gross'))}</dd>
        </div>
        <div>
          <dt>Refunded</dt>
          <dd>{money(sum('refunded'))}</dd>
        </div>
        <div>
          <dt>Net</dt>
          <dd>{money(sum('net'))}</dd>
        </div>
        <div>
          <dt>Outstanding</dt>
          <dd>
            {money(revenue.outstanding.amount)}{' '}
            <span className="muted">
              ({revenue.outstanding.count} unpaid {revenue.outstanding.count === 1 ? 'renewal' : 'renewals'})
            </span>
          </dd>
        </div>
      </dl>
      <section aria-labelledby="by-month-title">
        <h2 id="by-month-title">By month</h2>
        <Totals
          first="Month"
          currency={revenue.currency}
          rows={revenue.months.map((m) => ({ ...m, label: formatMonth(m.month) }))}
        />
      </section>
      <section aria-labelledby="by-offering-title">
        <h2 id="by-offering-title">By offering</h2>
        {revenue.by_offering.length === 0 ? (
          <p className="card empty-state muted">No payments in these months.</p>
        ) : (
          <Totals
            first="Offering"
            currency={revenue.currency}
            rows={revenue.by_offering.map((o) => ({ ...o, month: '', label: o.title }))}
          />
        )}
      </section>
      <section aria-labelledby="by-coach-title">
        <h2 id="by-coach-title">By coach</h2>
        {revenue.by_coach.length === 0 ? (
          <p className="card empty-state muted">No payments in these months.</p>
        ) : (
          <Totals
            first="Coach"
            currency={revenue.currency}
            rows={revenue.by_coach.map((c) => ({ ...c, month: '', label: c.name }))}
          />
        )}
      </section>
    </>
  );
}

export default function RevenuePage() {
  const [range, setRange] = useState<MonthRange | null>(null);
  const revenue = useRevenue(range);
  return (
    <PageFrame title="Revenue" className="admin-billing-page">
      <MonthRangeForm
        key={revenue.data ? 'loaded' : 'loading'}
        initial={revenue.data ? { from: revenue.data.from, to: revenue.data.to } : null}
        onChoose={(chosen: MonthRange, event: FormEvent) => {
          event.preventDefault();
          setRange(chosen);
        }}
      />
      <QueryState query={revenue} what="The revenue">
        {(data) => <RevenueView revenue={data} />}
      </QueryState>
    </PageFrame>
  );
}
