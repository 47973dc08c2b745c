import type { Chart as HighchartsChart, Options } from 'highcharts';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from './Button';
import { TABLE_TOTAL, VIEW_AS_TABLE, tableCaption } from './chartMessages';
import { summedUnit } from '@/shared/lib/units';
import { chartSummary, chartTable, formatChartValue } from './chartTable';
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
  /**
   * The period of a bar chart, whose bars are named by invoice; a time chart's is its first and last instant;
   * null for rows that are no span of time (a bill's parts).
   */
  period?: { from: string; to: string } | null;
  onReady?: (chart: HighchartsChart) => void;
  /** Buttons beside "Ver como tabla", such as the PNG download. */
  actions?: ReactNode;
  /** The table's label of a time row (a day, a week, a month) when it is more than an instant. */
  timeLabel?: (time: number) => string;
  /** The table choice held by the page (the load curve keeps it in the URL) instead of by the figure. */
  table?: { shown: boolean; onToggle: (shown: boolean) => void };
  /** Each row's label as a button (the keyboard's way to a bar's click): its name and what it does with the row's x. */
  rowAction?: { label: (rowLabel: string) => string; run: (x: number) => void };
}

/** A row of the table: its label, a cell per series, and the bar's sum where the series stack. */
function ValueRow({
  label,
  values,
  units,
  withSum,
  inStack,
  action,
}: {
  label: string;
  /** null: a total that does not exist (values that do not add up). */
  values: (number | null)[];
  /** Per cell, the stacked sum's last. */
  units: string[];
  withSum: boolean;
  /** Which values add up to the bar (a line over stacked bars does not). */
  inStack: boolean[];
  action?: { name: string; run: () => void };
}) {
  const cells = withSum
    ? [
        ...values,
        values.reduce<number>((total, value, column) => total + (inStack[column] ? Number(value) : 0), 0),
      ]
    : values;
  return (
    <tr>
      <th scope="row">
        {action ? (
          <button
            type="button"
            className="chart-figure__row-action"
            aria-label={action.name}
            onClick={action.run}
          >
            {label}
          </button>
        ) : (
          label
        )}
      </th>
      {cells.map((value, column) => (
        <td key={column} className="chart-figure__number">
          {value === null ? '' : formatChartValue(value, units[column])}
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
  period,
  onReady,
  actions,
  table: heldTable,
  rowAction,
  timeLabel,
}: ChartFigureProps) {
  const [ownTable, setOwnTable] = useState(() => tableShown.get(id) ?? false);
  const showTable = heldTable ? heldTable.shown : ownTable;
  const title = options.title?.text ?? '';
  const table = useMemo(() => chartTable(options, rowHeader, timeLabel), [options, rowHeader, timeLabel]);
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
    if (heldTable) return heldTable.onToggle(!showTable);
    tableShown.set(id, !showTable);
    setOwnTable(!showTable);
  };
  const withSum = table.stacked && table.columns.length > 1;
  const header = (name: string, column: number) => tableCaption(name, table.units[column] ?? table.unit);
  const rowUnits = [...table.units, table.unit];
  const totalUnits = [...table.totalUnits, summedUnit(table.unit)];

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
                {table.columns.map((name, column) => (
                  <th key={name} scope="col" className="chart-figure__number">
                    {header(name, column)}
                  </th>
                ))}
                {withSum && (
                  <th scope="col" className="chart-figure__number">
                    {tableCaption(TABLE_TOTAL, table.unit)}
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
                  units={rowUnits}
                  withSum={withSum}
                  inStack={table.inStack}
                  action={rowAction && { name: rowAction.label(row.label), run: () => rowAction.run(row.x) }}
                />
              ))}
            </tbody>
            {table.totals.some((total) => total !== null) && (
              <tfoot>
                <ValueRow
                  label={TABLE_TOTAL}
                  values={table.totals}
                  units={totalUnits}
                  withSum={withSum}
                  inStack={table.inStack}
                />
              </tfoot>
            )}
          </table>
        </TableScroll>
      )}
    </figure>
  );
}
