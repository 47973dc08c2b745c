import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { shallowEqual } from 'react-redux';
import { useParams } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import { formatListDate } from '@/shared/lib/dates';
import { productForContract, selectCupsList } from '@/shared/session/product';
import { Notification } from '@/shared/ui/Notification';
import { Spinner } from '@/shared/ui/Spinner';
import { CONTRACT_LABEL, CUPS_LABEL } from '@/shared/measurement/measurementMessages';
import { MeasurementChart } from '@/shared/measurement/MeasurementChart';
import { MeasurementNoProduct } from '@/shared/measurement/MeasurementNoProduct';
import { MeasurementPage } from '@/shared/measurement/MeasurementPage';
import { loadCurveSlice } from '@/shared/measurement/measurementQuerySlice';
import { useOpeningWeek } from '@/shared/measurement/useOpeningWeek';
import { useCurvesQuery, useDownloadCurvesMutation } from './loadCurveApi';
import { buildLoadCurveChartOptions } from './loadCurveChart';
import { loadCurveErrorText } from './loadCurveErrors';
import {
  CHART_DESCRIPTION,
  END_DATE_LABEL,
  LOAD_CURVE_TITLE,
  LOADING,
  NO_MEASUREMENTS,
  START_DATE_LABEL,
  shownRange,
} from './loadCurveMessages';
import './loadCurve.css';

const { defaultQueryStarted, rangeChosen } = loadCurveSlice.actions;

export default function LoadCurvePage() {
  const { id = '' } = useParams();
  const product = useAppSelector((state) => productForContract(state, id), shallowEqual);
  const supplyPoint = useAppSelector((state) =>
    product ? selectCupsList(state)?.[product.line]?.[product.codAbonado] : undefined,
  );
  const dispatch = useAppDispatch();
  const query = useAppSelector((state) => state.loadCurve);
  const { initialRange, shown } = useOpeningWeek(query, dispatch, defaultQueryStarted);
  const [download, downloadState] = useDownloadCurvesMutation();

  const args =
    product && shown
      ? { cups: product.cups, contractCode: product.codAbonado, ...shown, defaultQuery: query.isDefaultQuery }
      : null;
  const result = useCurvesQuery(args ?? skipToken);
  const records = useMemo(() => result.data?.Curvas?.select ?? [], [result.data]);
  const options = useMemo(() => buildLoadCurveChartOptions(records), [records]);
  const inputDate = result.data?.Curvas?.inputDate;

  if (!product) return <MeasurementNoProduct title={LOAD_CURVE_TITLE} />;

  const loading = result.isFetching || !args;
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
      initialRange={initialRange}
      strictRange
      onSubmit={(values) => dispatch(rangeChosen(values))}
      download={{
        busy: downloadState.isLoading,
        run: async (values) => {
          const answer = await download({ cups: product.cups, contractCode: product.codAbonado, ...values });
          return 'error' in answer ? loadCurveErrorText(answer.error) : null;
        },
      }}
    >
      {loading ? (
        <Spinner label={LOADING} />
      ) : result.isError ? (
        <Notification kind="error">{loadCurveErrorText(result.error)}</Notification>
      ) : records.length === 0 ? (
        <Notification kind="info">{NO_MEASUREMENTS}</Notification>
      ) : (
        <>
          {inputDate?.startDate && inputDate.endDate && (
            <p className="load-curve__range">
              {shownRange(formatListDate(inputDate.startDate), formatListDate(inputDate.endDate))}
            </p>
          )}
          <MeasurementChart
            id="load-curve-chart"
            options={options}
            ariaLabel={CHART_DESCRIPTION}
            loadingLabel={LOADING}
          />
        </>
      )}
    </MeasurementPage>
  );
}
