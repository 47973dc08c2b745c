import { useParams } from 'react-router-dom';
import type { BillExplanation } from '@contract/billExplainer';
import { pathTo } from '@/shared/config/routes';
import { formatListDate } from '@/shared/lib/dates';
import { formatQuantity } from '@/shared/lib/money';
import { ChartFigure } from '@/shared/ui/ChartFigure';
import { Notification } from '@/shared/ui/Notification';
import { Page } from '@/shared/ui/Page';
import { Spinner } from '@/shared/ui/Spinner';
import { explainerChartOptions } from './explainerChart';
import { useBillExplanationQuery } from './invoicesApi';
import {
  CHART_LOADING,
  EXPLAINER_FAILED,
  EXPLAINER_LOADING,
  EXPLAINER_NO_YEAR,
  EXPLAINER_ROW_HEADER,
  chartAriaLabel,
  curvePeriodText,
  explainerCompared,
  explainerCurveDiffers,
  explainerCurveMatches,
  explainerHeading,
  explainerSupplyHeading,
  EXPLAINER_CHART_TITLE,
} from './invoicesMessages';

type Supply = BillExplanation['supplies'][number];

function Supply({ supply, titled }: { supply: Supply; titled: boolean }) {
  const compared = supply.previous;
  const curve = supply.curve;
  const periods = curve?.periods
    .map((p) => curvePeriodText(p.label, formatQuantity(p.billedKwh), formatQuantity(p.curveKwh)))
    .join('; ');
  return (
    <section className="bill-explainer__supply" aria-label={explainerSupplyHeading(supply.cups)}>
      {titled && <h2>{explainerSupplyHeading(supply.cups)}</h2>}
      {compared && (
        <p>
          {explainerCompared(compared.number, formatListDate(compared.from), formatListDate(compared.until))}
        </p>
      )}
      {!supply.yearBefore && <p>{EXPLAINER_NO_YEAR}</p>}
      <ChartFigure
        id={`explainer-${supply.invoiceId}`}
        options={explainerChartOptions(supply)}
        ariaLabel={chartAriaLabel(EXPLAINER_CHART_TITLE)}
        loadingLabel={CHART_LOADING}
        rowHeader={EXPLAINER_ROW_HEADER}
        period={null}
      />
      {curve && periods && (
        <p>{curve.matches ? explainerCurveMatches(periods) : explainerCurveDiffers(periods)}</p>
      )}
    </section>
  );
}

/** "¿Por qué ha cambiado mi factura?": the sentence, then each supply's parts as a chart with its table. */
export default function BillExplainerPage() {
  const { id = '' } = useParams();
  const invoiceId = Number(id);
  const explanation = useBillExplanationQuery(invoiceId, {
    skip: !Number.isInteger(invoiceId) || invoiceId < 1,
  });
  const data = explanation.data;
  return (
    <Page
      className="bill-explainer"
      title={data ? explainerHeading(data.number) : EXPLAINER_LOADING}
      back={pathTo('home')}
    >
      {explanation.isLoading && <Spinner label={EXPLAINER_LOADING} />}
      {(explanation.isError || (!explanation.isLoading && !data)) && (
        <Notification kind="error">{EXPLAINER_FAILED}</Notification>
      )}
      {data && (
        <>
          <p className="bill-explainer__sentence">{data.sentence}</p>
          {data.supplies.map((supply) => (
            <Supply key={supply.invoiceId} supply={supply} titled={data.supplies.length > 1} />
          ))}
        </>
      )}
    </Page>
  );
}
