import type { ReactNode } from 'react';
import { formatListDate } from '@/shared/lib/dates';
import { TableScroll } from '@/shared/ui/TableScroll';
import type { ExplorerAnswer, ExplorerMode } from './explorerTypes';
import { explorerSummary, formatKwh, formatShare } from './explorerFormat';
import {
  atHour,
  CONTRACTED_HEADER,
  dataUntil,
  estimatedHours,
  EXCEEDED_HEADER,
  KWH_HEADER,
  MAX_KW_HEADER,
  NO_VALUE,
  NOT_EXCEEDED,
  PERIOD_HEADER,
  PERIODS_CAPTION,
  POWER_CAPTION,
  POWER_EXCEEDED,
  SHARE_HEADER,
  TOTAL_ROW,
  WHEN_HEADER,
} from './loadCurveMessages';

const number = (value: number | null) => (value === null ? NO_VALUE : formatKwh(value));

interface Column {
  header: string;
  numeric?: boolean;
}

/** A small table of the range: a row per period, its label as the row header; numbers aligned right. */
function DetailTable({
  caption,
  columns,
  rows,
  total,
}: {
  caption: string;
  columns: Column[];
  rows: { key: string; label: string; cells: ReactNode[] }[];
  total?: ReactNode[];
}) {
  const cells = (values: ReactNode[]) =>
    values.map((value, index) => (
      <td key={index} className={columns[index + 1]?.numeric ? 'explorer-details__number' : undefined}>
        {value}
      </td>
    ));
  return (
    <TableScroll label={caption}>
      <table className="data-table explorer-details__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map(({ header, numeric }) => (
              <th key={header} scope="col" className={numeric ? 'explorer-details__number' : undefined}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {cells(row.cells)}
            </tr>
          ))}
        </tbody>
        {total && (
          <tfoot>
            <tr>
              <th scope="row">{TOTAL_ROW}</th>
              {cells(total)}
            </tr>
          </tfoot>
        )}
      </table>
    </TableScroll>
  );
}

/** Under the chart: data freshness, estimated hours, the text summary, the periods and (power view) the power. */
export function ExplorerDetails({ answer, mode }: { answer: ExplorerAnswer; mode: ExplorerMode }) {
  return (
    <div className="explorer-details">
      {answer.dataUntil && (
        <p className="explorer-details__until">
          {dataUntil(formatListDate(answer.dataUntil.date), answer.dataUntil.time)}
          {answer.totals.estimated > 0 && (
            <span className="explorer-details__estimated"> · {estimatedHours(answer.totals.estimated)}</span>
          )}
        </p>
      )}
      <p className="explorer-details__summary">{explorerSummary(answer)}</p>
      {mode === 'power' && (
        <DetailTable
          caption={POWER_CAPTION}
          columns={[
            { header: PERIOD_HEADER },
            { header: MAX_KW_HEADER, numeric: true },
            { header: WHEN_HEADER },
            { header: CONTRACTED_HEADER, numeric: true },
            { header: EXCEEDED_HEADER },
          ]}
          rows={answer.power.map((power) => ({
            key: power.code,
            label: power.label,
            cells: [
              number(power.maxKw),
              power.maxDate && power.maxHour !== null
                ? atHour(formatListDate(power.maxDate), power.maxHour)
                : NO_VALUE,
              number(power.contractedKw),
              // Said in words, not by colour alone.
              power.exceeded ? <strong>{POWER_EXCEEDED}</strong> : NOT_EXCEEDED,
            ],
          }))}
        />
      )}
      <DetailTable
        caption={PERIODS_CAPTION}
        columns={[
          { header: PERIOD_HEADER },
          { header: KWH_HEADER, numeric: true },
          { header: SHARE_HEADER, numeric: true },
        ]}
        rows={answer.periods.map((period) => ({
          key: period.code,
          label: period.label,
          cells: [formatKwh(period.kwh), formatShare(period.share)],
        }))}
        total={[formatKwh(answer.totals.active), formatShare(100)]}
      />
    </div>
  );
}
