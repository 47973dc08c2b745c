import { useState } from 'react';
import { formatListDate, monthNames } from '@/shared/lib/dates';
import { formatMoney, formatQuantity } from '@/shared/lib/money';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { Skeleton } from '@/shared/ui/Skeleton';
import { VisuallyHidden } from '@/shared/ui/VisuallyHidden';
import { type HomeSummaryAnswer, useHomeSummaryQuery, useLatestInvoicePdfMutation } from './contractsApi';
import {
  CONSUMPTION_BAR,
  CONSUMPTION_CHART_LABEL,
  CONSUMPTION_NONE,
  CONSUMPTION_PERIOD,
  CONSUMPTION_TITLE,
  CONSUMPTION_TOTAL,
  CONTRACT_PDF_FAILED,
  LATEST_INVOICE_CONTRACT,
  LATEST_INVOICE_DATE,
  LATEST_INVOICE_NONE,
  LATEST_INVOICE_PDF,
  LATEST_INVOICE_PDF_HIDDEN,
  LATEST_INVOICE_SUPPLIES,
  LATEST_INVOICE_TITLE,
  SUMMARY_FAILED,
  SUMMARY_TITLE,
} from './contractsMessages';

type Month = HomeSummaryAnswer['consumption']['months'][number];

// Spanish month names from the one date library (locale es); the bars' labels are their first three letters.
const monthName = (month: string) => monthNames()[Number(month.slice(5, 7)) - 1];
const longMonth = (month: string) => `${monthName(month)} ${month.slice(0, 4)}`;

/**
 * Twelve bars drawn in CSS (heights relative to the largest month): the home stays light, Highcharts is loaded
 * only by the chart screens. The list is the accessible form: each bar names its month and kWh.
 */
function ConsumptionBars({ months, total }: { months: Month[]; total: number }) {
  const largest = Math.max(...months.map((m) => m.kwh), 1);
  return (
    <ol
      className="summary-bars"
      aria-label={CONSUMPTION_CHART_LABEL(
        longMonth(months[0].month),
        longMonth(months[months.length - 1].month),
        formatQuantity(total),
      )}
    >
      {months.map((m) => (
        <li key={m.month} className="summary-bars__month">
          <span className="summary-bars__track" aria-hidden="true">
            <span
              className="summary-bars__bar"
              style={{ height: `${Math.max((m.kwh / largest) * 100, m.kwh > 0 ? 3 : 0)}%` }}
            />
          </span>
          <span className="summary-bars__label" aria-hidden="true">
            {monthName(m.month).slice(0, 3)}
          </span>
          <VisuallyHidden>{CONSUMPTION_BAR(longMonth(m.month), formatQuantity(m.kwh))}</VisuallyHidden>
        </li>
      ))}
    </ol>
  );
}

function LatestInvoice({ invoice }: { invoice: HomeSummaryAnswer['latestInvoice'] }) {
  const [download, { isLoading, isError }] = useLatestInvoicePdfMutation();
  const [failed, setFailed] = useState(false);
  if (!invoice) return <p>{LATEST_INVOICE_NONE}</p>;
  const save = async () => {
    setFailed(false);
    const result = await download({ pdf: invoice.pdf, numero: invoice.numero });
    if ('error' in result) setFailed(true);
  };
  return (
    <>
      <p className="summary-card__figure">{formatMoney(invoice.importe)}</p>
      <dl className="summary-card__facts">
        <div>
          <dt>{LATEST_INVOICE_DATE}</dt>
          <dd>{formatListDate(invoice.fecha)}</dd>
        </div>
        <div>
          <dt>{LATEST_INVOICE_CONTRACT}</dt>
          <dd>{invoice.contractCode || LATEST_INVOICE_SUPPLIES(invoice.supplies)}</dd>
        </div>
      </dl>
      <Button variant="secondary" onClick={() => void save()} disabled={isLoading}>
        {LATEST_INVOICE_PDF}
        <VisuallyHidden>{LATEST_INVOICE_PDF_HIDDEN(invoice.numero)}</VisuallyHidden>
      </Button>
      {(failed || isError) && <Notification kind="error">{CONTRACT_PDF_FAILED}</Notification>}
    </>
  );
}

/**
 * What the customer owes and uses, above the spec's cards (issue 14): the newest invoice and the electricity
 * billed in the last 12 months. Skeletons hold their place until the answer; nothing is shown before it.
 */
export function HomeSummary() {
  const summary = useHomeSummaryQuery();
  const data = summary.data;
  const consumption = data?.consumption;
  return (
    <section className="home__summary" aria-labelledby="summary-title" aria-busy={summary.isLoading}>
      <h2 id="summary-title" className="home__summary-title">
        {SUMMARY_TITLE}
      </h2>
      {summary.isError && <Notification kind="error">{SUMMARY_FAILED}</Notification>}
      <div className="home__summary-cards">
        <section className="summary-card" aria-labelledby="summary-invoice">
          <h3 id="summary-invoice" className="summary-card__title">
            {LATEST_INVOICE_TITLE}
          </h3>
          {data ? <LatestInvoice invoice={data.latestInvoice} /> : <LatestInvoiceSkeleton />}
        </section>
        <section className="summary-card" aria-labelledby="summary-consumption">
          <h3 id="summary-consumption" className="summary-card__title">
            {CONSUMPTION_TITLE}
          </h3>
          <p className="summary-card__note">{CONSUMPTION_PERIOD}</p>
          {!consumption && (
            <>
              <p className="summary-card__figure">
                <Skeleton size="figure" />
              </p>
              <Skeleton size="chart" />
            </>
          )}
          {consumption && consumption.totalKwh > 0 && (
            <>
              <p className="summary-card__figure">
                {CONSUMPTION_TOTAL(formatQuantity(consumption.totalKwh))}
              </p>
              <ConsumptionBars months={consumption.months} total={consumption.totalKwh} />
            </>
          )}
          {consumption && consumption.totalKwh === 0 && <p>{CONSUMPTION_NONE}</p>}
        </section>
      </div>
    </section>
  );
}

/**
 * The latest invoice's shapes, in its own elements and classes, so the card is as tall before the answer as after
 * it at every width (no layout shift when it arrives). One skeleton speaks; the others are decoration.
 */
function LatestInvoiceSkeleton() {
  return (
    <>
      <p className="summary-card__figure">
        <Skeleton size="figure" />
      </p>
      <dl className="summary-card__facts" aria-hidden="true">
        {['date', 'contract'].map((fact) => (
          <div key={fact}>
            <dt>
              <Skeleton silent />
            </dt>
            <dd>
              <Skeleton silent />
            </dd>
          </div>
        ))}
      </dl>
      <Skeleton size="button" silent />
    </>
  );
}
