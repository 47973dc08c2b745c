import { skipToken } from '@reduxjs/toolkit/query';
import { Form, Formik, type FormikProps } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { shallowEqual, useDispatch, useSelector } from 'react-redux';
import { Link, useParams } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { formatListDate } from '@/shared/lib/dates';
import { productForContract, selectCupsList, type StateWithProducts } from '@/shared/session/product';
import { Button } from '@/shared/ui/Button';
import { FactList } from '@/shared/ui/FactList';
import { DateFormikField } from '@/shared/ui/DateField';
import { Notification } from '@/shared/ui/Notification';
import { LazyChart } from '@/shared/ui/LazyChart';
import { Spinner } from '@/shared/ui/Spinner';
import { useCurvesQuery, useDownloadCurvesMutation } from './loadCurveApi';
import { buildLoadCurveChartOptions } from './loadCurveChart';
import {
  CONTRACT_LABEL,
  CUPS_LABEL,
  DOWNLOAD_BUTTON,
  FROM_LABEL,
  NO_HOLDER_DATA,
  TO_LABEL,
  VIEW_BUTTON,
} from '@/shared/measurement/measurementMessages';
import {
  lastWeekRange,
  validateMeasurementRange,
  type RangeValues,
} from '@/shared/measurement/measurementRange';
import { loadCurveErrorText } from './loadCurveErrors';
import {
  CHART_DESCRIPTION,
  END_DATE_LABEL,
  HOME_LINK,
  LOAD_CURVE_TITLE,
  LOADING,
  NO_MEASUREMENTS,
  START_DATE_LABEL,
  TELEMETRY_LINK,
  shownRange,
} from './loadCurveMessages';
import { defaultQueryStarted, rangeChosen, selectLoadCurveQuery } from './loadCurveSlice';
import './loadCurve.css';

export default function LoadCurvePage() {
  const { id = '' } = useParams();
  const product = useSelector((state: StateWithProducts) => productForContract(state, id), shallowEqual);
  const supplyPoint = useSelector((state: StateWithProducts) =>
    product ? selectCupsList(state)?.[product.line]?.[product.codAbonado] : undefined,
  );
  const dispatch = useDispatch();
  const query = useSelector(selectLoadCurveQuery);
  const [initialRange] = useState(lastWeekRange);
  const [started, setStarted] = useState(false);
  const formRef = useRef<FormikProps<RangeValues>>(null);
  const [download, downloadState] = useDownloadCurvesMutation();
  const [downloadError, setDownloadError] = useState<string | null>(null);

  useEffect(() => {
    dispatch(defaultQueryStarted(initialRange));
    setStarted(true);
  }, [dispatch, initialRange]);

  const args =
    product && started && query.from && query.to
      ? {
          cups: product.cups,
          contractCode: product.codAbonado,
          from: query.from,
          to: query.to,
          defaultQuery: query.isDefaultQuery,
        }
      : null;
  const result = useCurvesQuery(args ?? skipToken);
  const records = useMemo(() => result.data?.Curvas?.select ?? [], [result.data]);
  const options = useMemo(() => buildLoadCurveChartOptions(records), [records]);
  const inputDate = result.data?.Curvas?.inputDate;

  if (!product) {
    return (
      <section className="page load-curve" aria-labelledby="page-title">
        <h1 id="page-title" className="page__title">
          {LOAD_CURVE_TITLE}
        </h1>
        <Notification kind="info">{NO_HOLDER_DATA}</Notification>
        <p>
          <Link to={pathTo('home')}>{HOME_LINK}</Link>
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
    const answer = await download({ cups: product.cups, contractCode: product.codAbonado, ...form.values });
    if ('error' in answer) setDownloadError(loadCurveErrorText(answer.error));
  };

  const loading = result.isFetching || !args;
  return (
    <section className="page load-curve" aria-labelledby="page-title">
      <nav className="load-curve__links" aria-label="Navegación de la curva de carga">
        <Link to={pathTo('telemetry', { id: product.codAbonado })}>{TELEMETRY_LINK}</Link>
        <Link to={pathTo('home')}>{HOME_LINK}</Link>
      </nav>
      <h1 id="page-title" className="page__title">
        {LOAD_CURVE_TITLE}
      </h1>
      <FactList
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
      />
      <Formik
        innerRef={formRef}
        initialValues={initialRange}
        validate={(values) => validateMeasurementRange(values, { strict: true })}
        onSubmit={(values) => {
          setDownloadError(null);
          dispatch(rangeChosen(values));
        }}
      >
        <Form noValidate className="load-curve__form">
          <DateFormikField name="from" id="load-curve-from" label={FROM_LABEL} />
          <DateFormikField name="to" id="load-curve-to" label={TO_LABEL} />
          <div className="load-curve__actions">
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
          <LazyChart options={options} ariaLabel={CHART_DESCRIPTION} loadingLabel={LOADING} />
        </>
      )}
    </section>
  );
}
