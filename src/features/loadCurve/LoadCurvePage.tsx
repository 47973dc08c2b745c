import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { formatListDate } from '@/shared/lib/dates';
import { useContractProduct } from '@/shared/session/useContractProduct';
import { useAppDispatch } from '@/shared/store/hooks';
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
  SIMULATOR_LINK,
  START_DATE_LABEL,
} from './loadCurveMessages';
import { rangeChosen } from './loadCurveSlice';
import { explorerCalls, loadExplorerView } from './loadCurveThunks';
import { useExplorerView } from './useExplorerView';
import './loadCurve.css';

const errorText = (result: { isError: boolean; error?: unknown }) =>
  result.isError ? loadCurveErrorText(result.error) : null;

export default function LoadCurvePage() {
  const { id = '' } = useParams();
  const { product, supplyPoint, looking, error } = useContractProduct(id);
  const dispatch = useAppDispatch();
  const { view, isDefaultQuery, revision } = useExplorerView();
  const [download, downloadState] = useDownloadCurvesMutation();
  const [downloadCsv, downloadCsvState] = useDownloadCurvesCsvMutation();
  const range = useMemo(() => ({ from: view.from, to: view.to }), [view.from, view.to]);

  const cups = product?.cups;
  const contractCode = product?.codAbonado;
  const contract = useMemo(
    () => (cups && contractCode ? { cups, contractCode } : null),
    [cups, contractCode],
  );
  // Each view the slice moves to is asked for once, in order; the hooks below read the same cache entries.
  useEffect(() => {
    if (contract && revision !== null) void dispatch(loadExplorerView(contract));
  }, [dispatch, contract, revision]);
  const calls = contract && explorerCalls(contract, view, isDefaultQuery);
  const specView = Boolean(calls?.curves);
  const curves = useCurvesQuery(calls?.curves ?? skipToken);
  const explored = useExploreQuery(calls?.explore ?? skipToken);
  const answered = curves.data?.Curvas;
  // Built once an answer: the series arrays are not rebuilt on the page's other renders.
  const specOptions = useMemo(() => buildLoadCurveChartOptions(answered), [answered]);
  const inputDate = answered?.inputDate;

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
      onSubmit={(values) => {
        dispatch(rangeChosen(values));
      }}
      download={[
        { busy: downloadState.isLoading, run: saved(download) },
        { label: DOWNLOAD_CSV_BUTTON, busy: downloadCsvState.isLoading, run: saved(downloadCsv) },
      ]}
    >
      <p className="load-curve__simulator">
        <Link to={pathTo('simulator', { id: product.codAbonado })}>{SIMULATOR_LINK}</Link>
      </p>
      <LoadCurveExplorer
        view={view}
        specChart={
          specView
            ? {
                loading: curves.isFetching,
                error: errorText(curves),
                data: curves.data && {
                  options: specOptions,
                  from: inputDate?.startDate,
                  to: inputDate?.endDate,
                  empty: !answered?.total.countTotal,
                },
              }
            : null
        }
        explored={{ loading: explored.isFetching, error: errorText(explored), data: explored.data }}
      />
    </MeasurementPage>
  );
}
