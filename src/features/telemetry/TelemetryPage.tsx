import { Form, Formik, type FormikProps } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { shallowEqual, useDispatch, useSelector } from 'react-redux';
import { Link, useParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { pathTo } from '@/shared/config/routes';
import { productForContract, type StateWithProducts } from '@/shared/session/product';
import { Button } from '@/shared/ui/Button';
import { FactList } from '@/shared/ui/FactList';
import { DateFormikField } from '@/shared/ui/DateField';
import { Notification } from '@/shared/ui/Notification';
import { LazyChart } from '@/shared/ui/LazyChart';
import { Spinner } from '@/shared/ui/Spinner';
import { useDownloadTelemetryMutation, useTelemetryQuery } from './telemetryApi';
import { buildTelemetryChartOptions } from './telemetryChart';
import {
  CONTRACT_LABEL,
  CUPS_LABEL,
  DOWNLOAD_BUTTON,
  FROM_LABEL,
  LINE_LABEL,
  NO_HOLDER_DATA,
  TO_LABEL,
  VIEW_BUTTON,
} from '@/shared/measurement/measurementMessages';
import {
  lastWeekRange,
  validateMeasurementRange,
  type RangeValues,
} from '@/shared/measurement/measurementRange';
import {
  BACK,
  CHART_DESCRIPTION,
  LOAD_CURVE_LINK,
  LOADING,
  NO_MEASUREMENTS,
  NO_MEASUREMENTS_HINT,
  TELEMETRY_TITLE,
} from './telemetryMessages';
import { telemetryErrorText } from './telemetryErrors';
import { rangeChosen, selectTelemetryRange } from './telemetrySlice';
import './telemetry.css';

export default function TelemetryPage() {
  const { id = '' } = useParams();
  const product = useSelector((state: StateWithProducts) => productForContract(state, id), shallowEqual);
  const dispatch = useDispatch();
  const range = useSelector(selectTelemetryRange);
  const [initialRange] = useState(lastWeekRange);
  const [started, setStarted] = useState(false);
  const formRef = useRef<FormikProps<RangeValues>>(null);
  const [download, downloadState] = useDownloadTelemetryMutation();
  const [downloadError, setDownloadError] = useState<string | null>(null);

  useEffect(() => {
    // Every visit opens on the default week, whatever was shown before.
    dispatch(rangeChosen(initialRange));
    setStarted(true);
  }, [dispatch, initialRange]);

  const args =
    product && started && range.from && range.to
      ? {
          line: product.line,
          cups: product.cups,
          contractCode: product.codAbonado,
          from: range.from,
          to: range.to,
        }
      : null;
  const result = useTelemetryQuery(args ?? skipToken);
  const records = useMemo(() => result.data?.Telemetry?.select ?? [], [result.data]);
  const options = useMemo(() => buildTelemetryChartOptions(records), [records]);

  if (!product) {
    return (
      <section className="page measurement" aria-labelledby="page-title">
        <h1 id="page-title" className="page__title">
          {TELEMETRY_TITLE}
        </h1>
        <Notification kind="info">{NO_HOLDER_DATA}</Notification>
        <p>
          <Link to={pathTo('home')}>{BACK}</Link>
        </p>
      </section>
    );
  }

  const startDownload = async () => {
    const form = formRef.current;
    if (!form) return;
    setDownloadError(null);
    const errors = await form.validateForm();
    if (Object.keys(errors).length) {
      await form.setTouched({ from: true, to: true }, false);
      return;
    }
    const answer = await download({
      line: product.line,
      cups: product.cups,
      contractCode: product.codAbonado,
      ...form.values,
    });
    if ('error' in answer) setDownloadError(telemetryErrorText(answer.error));
  };

  const loading = result.isFetching || !args;
  return (
    <section className="page measurement" aria-labelledby="page-title">
      <nav className="measurement__links" aria-label="Navegación de la telemedida">
        <Link to={pathTo('home')}>{BACK}</Link>
        <Link to={pathTo('loadCurve', { id: product.codAbonado })}>{LOAD_CURVE_LINK}</Link>
      </nav>
      <h1 id="page-title" className="page__title">
        {TELEMETRY_TITLE}
      </h1>
      <FactList
        facts={[
          { label: LINE_LABEL, value: product.line },
          { label: CUPS_LABEL, value: product.cups },
          { label: CONTRACT_LABEL, value: product.codAbonado },
        ]}
      />
      <Formik
        innerRef={formRef}
        initialValues={initialRange}
        validate={(values) => validateMeasurementRange(values)}
        onSubmit={(values) => {
          setDownloadError(null);
          dispatch(rangeChosen(values));
        }}
      >
        <Form noValidate className="measurement__form">
          <DateFormikField name="from" id="telemetry-from" label={FROM_LABEL} />
          <DateFormikField name="to" id="telemetry-to" label={TO_LABEL} />
          <div className="measurement__actions">
            <Button type="submit">{VIEW_BUTTON}</Button>
            <Button variant="secondary" onClick={startDownload} disabled={downloadState.isLoading}>
              {DOWNLOAD_BUTTON}
            </Button>
          </div>
        </Form>
      </Formik>
      {downloadError && <Notification kind="error">{downloadError}</Notification>}
      {loading ? (
        <Spinner label={LOADING} />
      ) : result.isError ? (
        <Notification kind="error">{telemetryErrorText(result.error)}</Notification>
      ) : records.length === 0 ? (
        <div className="measurement__empty" role="status">
          <p className="measurement__empty-title">{NO_MEASUREMENTS}</p>
          <p>{NO_MEASUREMENTS_HINT}</p>
        </div>
      ) : (
        <LazyChart options={options} ariaLabel={CHART_DESCRIPTION} loadingLabel={LOADING} />
      )}
    </section>
  );
}
