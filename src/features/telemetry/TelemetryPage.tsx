import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { pathTo } from '@/shared/config/routes';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import { useContractProduct } from '@/shared/session/useContractProduct';
import { Notification } from '@/shared/ui/Notification';
import { Spinner } from '@/shared/ui/Spinner';
import { MeasurementChart } from '@/shared/measurement/MeasurementChart';
import { MeasurementNoProduct } from '@/shared/measurement/MeasurementNoProduct';
import { MeasurementPage, productFacts } from '@/shared/measurement/MeasurementPage';
import { telemetrySlice } from '@/shared/measurement/measurementQuerySlice';
import { useOpeningWeek } from '@/shared/measurement/useOpeningWeek';
import { useDownloadTelemetryMutation, useTelemetryQuery } from './telemetryApi';
import { buildTelemetryChartOptions } from './telemetryChart';
import { telemetryErrorText } from './telemetryErrors';
import { loadTelemetry } from './telemetryThunks';
import {
  CHART_DESCRIPTION,
  LINKS_LABEL,
  LOAD_CURVE_LINK,
  LOADING,
  NO_MEASUREMENTS,
  NO_MEASUREMENTS_HINT,
  TELEMETRY_TITLE,
} from './telemetryMessages';
import './telemetry.css';

const { defaultQueryStarted, rangeChosen } = telemetrySlice.actions;

export default function TelemetryPage() {
  const { id = '' } = useParams();
  const { product, looking, error } = useContractProduct(id);
  const dispatch = useAppDispatch();
  const range = useAppSelector((state) => state.telemetry);
  const { initialRange, shown } = useOpeningWeek(range, dispatch, defaultQueryStarted);
  const [download, downloadState] = useDownloadTelemetryMutation();

  const args =
    product && shown
      ? { line: product.line, cups: product.cups, contractCode: product.codAbonado, ...shown }
      : null;
  const result = useTelemetryQuery(args ?? skipToken);
  // The contract, then its measurements (telemetryThunks); the hook above reads the answer.
  const shownFrom = shown?.from;
  const shownTo = shown?.to;
  useEffect(() => {
    if (shownFrom && shownTo) void dispatch(loadTelemetry(id, { from: shownFrom, to: shownTo }));
  }, [dispatch, id, shownFrom, shownTo]);
  const records = useMemo(() => result.data?.Telemetry?.select ?? [], [result.data]);
  const options = useMemo(() => buildTelemetryChartOptions(records), [records]);

  if (!product) return <MeasurementNoProduct title={TELEMETRY_TITLE} looking={looking} error={error} />;

  const loading = result.isFetching || !args;
  return (
    <MeasurementPage
      title={TELEMETRY_TITLE}
      back={pathTo('home')}
      links={{
        label: LINKS_LABEL,
        content: <Link to={pathTo('loadCurve', { id: product.codAbonado })}>{LOAD_CURVE_LINK}</Link>,
      }}
      facts={productFacts(product)}
      idPrefix="telemetry"
      initialRange={initialRange}
      onSubmit={(values) => {
        dispatch(rangeChosen(values));
      }}
      download={{
        busy: downloadState.isLoading,
        run: async (values) => {
          const answer = await download({
            line: product.line,
            cups: product.cups,
            contractCode: product.codAbonado,
            ...values,
          });
          return 'error' in answer ? telemetryErrorText(answer.error) : null;
        },
      }}
    >
      {loading ? (
        <Spinner label={LOADING} />
      ) : result.isError ? (
        <Notification kind="error">{telemetryErrorText(result.error)}</Notification>
      ) : records.length === 0 ? (
        <div className="telemetry__empty" role="status">
          <p className="telemetry__empty-title">{NO_MEASUREMENTS}</p>
          <p>{NO_MEASUREMENTS_HINT}</p>
        </div>
      ) : (
        <MeasurementChart
          id="telemetry-chart"
          options={options}
          ariaLabel={CHART_DESCRIPTION}
          loadingLabel={LOADING}
        />
      )}
    </MeasurementPage>
  );
}
