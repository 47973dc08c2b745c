import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { SimulatorOption } from '@contract/simulator';
import { pathTo } from '@/shared/config/routes';
import { formatListDate } from '@/shared/lib/dates';
import { saveText } from '@/shared/lib/download';
import { formatNumber, formatQuantity } from '@/shared/lib/money';
import { BlurValidatedForm } from '@/shared/ui/BlurValidatedForm';
import { Button } from '@/shared/ui/Button';
import { ChartFigure } from '@/shared/ui/ChartFigure';
import { DataTable, type DataColumn } from '@/shared/ui/DataTable';
import { ErrorWithRetry } from '@/shared/ui/ErrorWithRetry';
import { Notification } from '@/shared/ui/Notification';
import { Page } from '@/shared/ui/Page';
import { SelectField } from '@/shared/ui/SelectField';
import { Spinner } from '@/shared/ui/Spinner';
import { TextField } from '@/shared/ui/TextField';
import { type SimulatorArgs, useSimulatorQuery } from './loadCurveApi';
import {
  CURRENT_PRICES,
  DIFFERENCE_HEADER,
  EXCEEDED_HOURS_HEADER,
  NO_WARNING,
  OFFER_FIELD_LABEL,
  OPTION_HEADER,
  POWER_FIELD_LABEL,
  POWERS_HEADER,
  SIMULATE_BUTTON,
  SIMULATOR_CHART_LOADING,
  SIMULATOR_CHART_TITLE,
  SIMULATOR_CSV_BUTTON,
  SIMULATOR_FAILED,
  SIMULATOR_LOADING,
  SIMULATOR_ROW_HEADER,
  SIMULATOR_TABLE_LABEL,
  SIMULATOR_TITLE,
  WARNING_HEADER,
  YEARLY_COST_HEADER,
  simulatorChartLabel,
  simulatorFileName,
  simulatorIntro,
  simulatorPeak,
} from './loadCurveMessages';
import {
  powersText,
  simulatorChartOptions,
  simulatorCsv,
  simulatorSchema,
  typedPower,
} from './simulatorView';
import './loadCurve.css';

const COLUMNS: DataColumn<SimulatorOption>[] = [
  { key: 'label', header: OPTION_HEADER, render: (option) => option.label, wraps: true },
  { key: 'powers', header: POWERS_HEADER, render: (option) => powersText(option.powers), numeric: true },
  {
    key: 'cost',
    header: YEARLY_COST_HEADER,
    render: (option) => formatNumber(option.yearlyCost),
    numeric: true,
  },
  {
    key: 'difference',
    header: DIFFERENCE_HEADER,
    render: (option) => formatNumber(option.difference),
    numeric: true,
  },
  {
    key: 'hours',
    header: EXCEEDED_HOURS_HEADER,
    render: (option) => formatQuantity(option.exceededHours),
    numeric: true,
  },
  { key: 'warning', header: WARNING_HEADER, render: (option) => option.warning ?? NO_WARNING, wraps: true },
];

/** "13:00" of '2026-01-12T13:00:00+01:00', with its date as the screens show dates. */
const hourText = (startsAt: string) => `${formatListDate(startsAt.slice(0, 10))} ${startsAt.slice(11, 16)}`;

/** A refusal the server explained (4xx): asking again gives the same answer, so no "Reintentar". */
const isRefusal = (error: unknown) => {
  const status = error && typeof error === 'object' && 'status' in error ? error.status : null;
  return typeof status === 'number' && status >= 400 && status < 500;
};

const errorText = (error: unknown) => {
  const body = error && typeof error === 'object' && 'data' in error ? error.data : null;
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : null;
  return typeof message === 'string' && message ? message : SIMULATOR_FAILED;
};

/**
 * "¿Me conviene otra tarifa o potencia?" (issue 29): the contract's last 12 bills priced again on its hourly curve
 * under the retailer's other offers and other powers, as a table, a chart with its table view, and a CSV.
 */
export default function SimulatorPage() {
  const { id = '' } = useParams();
  const [args, setArgs] = useState<SimulatorArgs | null>(null);
  const asked = id ? (args ?? { contractCode: id }) : skipToken;
  const simulation = useSimulatorQuery(asked);
  const data = simulation.data;
  const offers = useMemo(
    () => [
      { value: '', label: CURRENT_PRICES },
      ...(data?.options ?? [])
        .filter((option) => option.kind === 'oferta')
        .map((option) => ({ value: option.offer, label: option.label })),
    ],
    [data],
  );
  const simulate = (values: { potencia: string; oferta: string }) => {
    const potencia = values.potencia.trim() ? typedPower(values.potencia) : undefined;
    setArgs({ contractCode: id, ...(values.oferta ? { oferta: values.oferta } : {}), potencia });
  };

  return (
    <Page className="simulator" title={SIMULATOR_TITLE} back={pathTo('loadCurve', { id })}>
      <BlurValidatedForm
        initialValues={{ potencia: '', oferta: '' }}
        validationSchema={simulatorSchema}
        onSubmit={simulate}
        className="simulator__form"
      >
        <TextField name="potencia" label={POWER_FIELD_LABEL} inputMode="decimal" autoComplete="off" />
        <SelectField name="oferta" label={OFFER_FIELD_LABEL} options={offers} />
        <Button type="submit" disabled={simulation.isFetching}>
          {SIMULATE_BUTTON}
        </Button>
      </BlurValidatedForm>
      {simulation.isFetching && <Spinner label={SIMULATOR_LOADING} />}
      {simulation.isError &&
        !simulation.isFetching &&
        (isRefusal(simulation.error) ? (
          <Notification kind="error">{errorText(simulation.error)}</Notification>
        ) : (
          <ErrorWithRetry onRetry={() => void simulation.refetch()}>
            {errorText(simulation.error)}
          </ErrorWithRetry>
        ))}
      {data && !simulation.isError && (
        <>
          <p>
            {simulatorIntro(
              formatListDate(data.from),
              formatListDate(data.until),
              formatNumber(data.billedTotal),
            )}
          </p>
          {data.peak && <p>{simulatorPeak(formatQuantity(data.peak.kw), hourText(data.peak.startsAt))}</p>}
          <DataTable
            label={SIMULATOR_TABLE_LABEL}
            caption={SIMULATOR_TABLE_LABEL}
            rows={data.options}
            columns={COLUMNS}
            rowKey={(option) => `${option.kind}-${option.offer}-${option.powers.join('-')}-${option.label}`}
          />
          <Button
            variant="secondary"
            onClick={() => saveText(simulatorCsv(data.options), simulatorFileName(id))}
          >
            {SIMULATOR_CSV_BUTTON}
          </Button>
          <ChartFigure
            id="simulator"
            options={simulatorChartOptions(data)}
            ariaLabel={simulatorChartLabel(SIMULATOR_CHART_TITLE)}
            loadingLabel={SIMULATOR_CHART_LOADING}
            rowHeader={SIMULATOR_ROW_HEADER}
            period={null}
          />
        </>
      )}
    </Page>
  );
}
