import { useState } from 'react';
import { Link } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { formatListDate } from '@/shared/lib/isoDates';
import { formatMoney, formatQuantity } from '@/shared/lib/money';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { Skeleton } from '@/shared/ui/Skeleton';
import { VisuallyHidden } from '@/shared/ui/VisuallyHidden';
import { ConsumptionBars } from './ConsumptionBars';
import { LatestInvoiceSkeleton } from './LatestInvoiceSkeleton';
import { useLatestInvoicePdfMutation } from './contractDownloadsApi';
import { type HomeSummaryAnswer, useHomeSummaryQuery } from './contractsApi';
import {
  CONSUMPTION_NONE,
  CONSUMPTION_PERIOD,
  CONSUMPTION_TITLE,
  CONSUMPTION_TOTAL,
  CONTRACT_PDF_FAILED,
  LATEST_INVOICE_CONTRACT,
  LATEST_INVOICE_DATE,
  LATEST_INVOICE_EXPLAIN,
  LATEST_INVOICE_NONE,
  LATEST_INVOICE_PDF,
  LATEST_INVOICE_PDF_HIDDEN,
  LATEST_INVOICE_SUPPLIES,
  LATEST_INVOICE_TITLE,
  NEW_MARK,
  SUMMARY_FAILED,
  SUMMARY_TITLE,
} from './contractsMessages';

/** "Nueva": issued or changed since the customer's previous sign-in. */
export function NewMark() {
  return <span className="new-mark">{NEW_MARK}</span>;
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
      {invoice.explicacion !== undefined && (
        <Link className="summary-card__link" to={pathTo('invoiceExplainer', { id: invoice.explicacion })}>
          {LATEST_INVOICE_EXPLAIN}
        </Link>
      )}
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
            {data?.latestInvoice?.nueva && <NewMark />}
          </h3>
          {data ? <LatestInvoice invoice={data.latestInvoice} /> : <LatestInvoiceSkeleton />}
        </section>
        <section className="summary-card" aria-labelledby="summary-consumption">
          <h3 id="summary-consumption" className="summary-card__title">
            {CONSUMPTION_TITLE(consumption?.line)}
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
          {consumption && consumption.totalKwh === 0 && <p>{CONSUMPTION_NONE(consumption.line)}</p>}
        </section>
      </div>
    </section>
  );
}
