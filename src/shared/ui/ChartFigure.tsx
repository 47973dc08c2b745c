import type { Chart as HighchartsChart, Options } from 'highcharts';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from './Button';
import { TABLE_TOTAL, VIEW_AS_TABLE, tableCaption } from './chartMessages';
import { chartSummary, chartTable, formatChartValue, type ChartTableModel } from './chartTable';
import { LazyChart } from './LazyChart';
import { TableScroll } from './TableScroll';
import './chartFigure.css';
import './table.css';

/** Which charts show their table, by id: kept while the page lives, so a new search or page keeps the choice. */
const tableShown = new Map<string, boolean>();

interface ChartFigureProps {
  /** Unique on the screen: element ids and the remembered table choice. */
  id: string;
  options: Options;
  /** Describes the chart for screen readers. */
  ariaLabel: string;
  loadingLabel?: string;
  /** Header of the table's first column; a time chart's rows are its instants ("Fecha y hora"). */
  rowHeader?: string;
  /** The totals' unit when it differs from the values' (hourly kW readings add up to kWh). */
  totalUnit?: string;
  /** The period of a bar chart, whose bars are named by invoice; a time chart's is its first and last instant. */
  period?: { from: string; to: string };
  onReady?: (chart: HighchartsChart) => void;
  /** Buttons beside "Ver como tabla", such as the PNG download. */
  actions?: ReactNode;
  /** The table when the chart's options cannot say it (rows named by their own labels); read from them otherwise. */
  table?: ChartTableModel;
}

/** A row of the table: its label, a cell per series, and the bar's sum where the series stack. */
function ValueRow({
  label,
  values,
  unit,
  withSum,
}: {
  label: string;
  values: number[];
  unit: string;
  withSum: boolean;
}) {
  const cells = withSum ? [...values, values.reduce((total, value) => total + value, 0)] : values;
  return (
    <tr>
      <th scope="row">{label}</th>
      {cells.map((value, column) => (
        <td key={column} className="chart-figure__number">
          {formatChartValue(value, unit)}
        </td>
      ))}
    </tr>
  );
}

/**
 * Every chart of the portal: its title and a one-line summary in the page's text, the chart, and "Ver como
 * tabla" with the same data as a table with units and totals. The title leaves the drawing for the page (the
 * PNG keeps it), so it reads and wraps like the rest of the text.
 */
export function ChartFigure({
  id,
  options,
  ariaLabel,
  loadingLabel,
  rowHeader,
  totalUnit,
  period,
  onReady,
  actions,
  table: given,
}: ChartFigureProps) {
  const [showTable, setShowTable] = useState(() => tableShown.get(id) ?? false);
  const title = options.title?.text ?? '';
  const table = useMemo(
    () => given ?? chartTable(options, rowHeader, totalUnit),
    [given, options, rowHeader, totalUnit],
  );
  const summary = chartSummary(table, period);
  const drawn = useMemo<Options>(
    () => ({
      ...options,
      title: { text: undefined },
      exporting: {
        ...options.exporting,
        chartOptions: { title: options.title, subtitle: { text: summary } },
      },
      accessibility: { ...options.accessibility, description: `${ariaLabel}. ${summary}` },
    }),
    [options, summary, ariaLabel],
  );
  const toggle = () => {
    tableShown.set(id, !showTable);
    setShowTable(!showTable);
  };
  const withSum = table.stacked && table.columns.length > 1;
  const header = (name: string) => tableCaption(name, table.unit);

  return (
    <figure className="chart-figure" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
      <p id={`${id}-title`} className="chart-figure__title">
        {title}
      </p>
      <p id={`${id}-summary`} className="chart-figure__summary">
        {summary}
      </p>
      <LazyChart options={drawn} ariaLabel={ariaLabel} loadingLabel={loadingLabel} onReady={onReady} />
      <div className="chart-figure__actions">
        <Button variant="secondary" aria-expanded={showTable} aria-controls={`${id}-table`} onClick={toggle}>
          {VIEW_AS_TABLE}
        </Button>
        {actions}
      </div>
      {showTable && (
        <TableScroll label={title}>
          <table id={`${id}-table`} className="data-table chart-figure__table">
            <caption>{tableCaption(title, table.unit)}</caption>
            <thead>
              <tr>
                <th scope="col">{table.rowHeader}</th>
                {table.columns.map((name) => (
                  <th key={name} scope="col" className="chart-figure__number">
                    {header(name)}
                  </th>
                ))}
                {withSum && (
                  <th scope="col" className="chart-figure__number">
                    {header(TABLE_TOTAL)}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, index) => (
                <ValueRow
                  key={`${row.label}-${index}`}
                  label={row.label}
                  values={row.values}
                  unit={table.unit}
                  withSum={withSum}
                />
              ))}
            </tbody>
            {table.totals.length > 0 && (
              <tfoot>
                <ValueRow
                  label={TABLE_TOTAL}
                  values={table.totals}
                  unit={table.totalUnit}
                  withSum={withSum}
                />
              </tfoot>
            )}
          </table>
        </TableScroll>
      )}
    </figure>
  );
}
