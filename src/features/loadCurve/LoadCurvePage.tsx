import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { formatListDate } from '@/shared/lib/dates';
import { useContractProduct } from '@/shared/session/useContractProduct';
import { CONTRACT_LABEL, CUPS_LABEL } from '@/shared/measurement/measurementMessages';
import { MeasurementNoProduct } from '@/shared/measurement/MeasurementNoProduct';
import { MeasurementPage } from '@/shared/measurement/MeasurementPage';
import { useExploreQuery } from './explorerApi';
import { rangeMonths } from './explorerView';
import { LoadCurveExplorer } from './LoadCurveExplorer';
import { useCurvesQuery, useDownloadCurvesCsvMutation, useDownloadCurvesMutation } from './loadCurveApi';
import { buildLoadCurveChartOptions } from './loadCurveChart';
import { loadCurveErrorText } from './loadCurveErrors';
import {
  DOWNLOAD_CSV_BUTTON,
  END_DATE_LABEL,
  LOAD_CURVE_TITLE,
  RANGE_5_YEARS,
  START_DATE_LABEL,
} from './loadCurveMessages';
import { useExplorerView } from './useExplorerView';
import './loadCurve.css';

const errorText = (result: { isError: boolean; error?: unknown }) =>
  result.isError ? loadCurveErrorText(result.error) : null;

export default function LoadCurvePage() {
  const { id = '' } = useParams();
  const { product, supplyPoint, looking, error } = useContractProduct(id);
  const { view, isDefaultQuery, show } = useExplorerView();
  const [download, downloadState] = useDownloadCurvesMutation();
  const [downloadCsv, downloadCsvState] = useDownloadCurvesCsvMutation();
  const range = useMemo(() => ({ from: view.from, to: view.to }), [view.from, view.to]);

  const contract = product && { cups: product.cups, contractCode: product.codAbonado };
  // The opening view (hourly energy, no comparison) is the spec's chart, with its default query (spec 02 §4).
  const specView = view.granularity === 'hour' && view.mode === 'energy' && !view.compare;
  const curves = useCurvesQuery(
    contract && specView ? { ...contract, ...range, defaultQuery: isDefaultQuery } : skipToken,
  );
  // Under the spec's chart only the explorer's totals are shown (periods, freshness, summary): the same sums by
  // day are 365 buckets where the hours would be 8,760 more to fetch, parse and keep beside the spec's own.
  const explored = useExploreQuery(
    contract
      ? {
          ...contract,
          ...range,
          granularity: specView ? 'day' : view.granularity,
          compare: view.compare,
        }
      : skipToken,
  );
  const records = useMemo(() => curves.data?.Curvas?.select ?? [], [curves.data]);
  const specOptions = useMemo(() => buildLoadCurveChartOptions(records), [records]);
  const inputDate = curves.data?.Curvas?.inputDate;

  if (!product || !contract) {
    return <MeasurementNoProduct title={LOAD_CURVE_TITLE} looking={looking} error={error} />;
  }
  // Either file of the range in the form; a failure answers its Spanish text.
  const saved =
    (save: typeof download) =>
    async (values: { from: string; to: string }): Promise<string | null> => {
      const answer = await save({ ...contract, ...values });
      return 'error' in answer ? loadCurveErrorText(answer.error) : null;
    };

  return (
    <MeasurementPage
      title={LOAD_CURVE_TITLE}
      back={pathTo('telemetry', { id: product.codAbonado })}
      facts={[
        { label: CUPS_LABEL, value: product.cups },
        { label: CONTRACT_LABEL, value: product.codAbonado },
        ...(supplyPoint?.fechaAlta
          ? [{ label: START_DATE_LABEL, value: formatListDate(supplyPoint.fechaAlta) }]
          : []),
        ...(supplyPoint?.fechaBaja
          ? [{ label: END_DATE_LABEL, value: formatListDate(supplyPoint.fechaBaja) }]
          : []),
      ]}
      idPrefix="load-curve"
      initialRange={range}
      strictRange
      longRange={
        rangeMonths(view.granularity) > 12
          ? { months: rangeMonths(view.granularity), message: RANGE_5_YEARS }
          : undefined
      }
      onSubmit={(values) => show({ ...view, ...values })}
      download={[
        { busy: downloadState.isLoading, run: saved(download) },
        { label: DOWNLOAD_CSV_BUTTON, busy: downloadCsvState.isLoading, run: saved(downloadCsv) },
      ]}
    >
      <LoadCurveExplorer
        view={view}
        show={show}
        specChart={
          specView
            ? {
                loading: curves.isFetching,
                error: errorText(curves),
                data: curves.data && {
                  options: specOptions,
                  from: inputDate?.startDate,
                  to: inputDate?.endDate,
                  empty: records.length === 0,
                },
              }
            : null
        }
        explored={{ loading: explored.isFetching, error: errorText(explored), data: explored.data }}
      />
    </MeasurementPage>
  );
}
