import { formatListDate } from '@/shared/lib/dates';
import { TableScroll } from '@/shared/ui/TableScroll';
import type { ExplorerAnswer, ExplorerMode } from './explorerTypes';
import { explorerSummary, formatKwh, formatShare } from './explorerFormat';
import {
  atHour,
  CONTRACTED_HEADER,
  dataUntil,
  estimatedHours,
  EXCEEDED,
  EXCEEDED_HEADER,
  KWH_HEADER,
  MAX_KW_HEADER,
  NO_VALUE,
  NOT_EXCEEDED,
  PERIOD_HEADER,
  PERIODS_CAPTION,
  POWER_CAPTION,
  SHARE_HEADER,
  TOTAL_ROW,
  WHEN_HEADER,
} from './loadCurveMessages';

const number = (value: number | null) => (value === null ? NO_VALUE : formatKwh(value));

function PeriodsTable({ answer }: { answer: ExplorerAnswer }) {
  return (
    <TableScroll label={PERIODS_CAPTION}>
      <table className="data-table explorer-details__table">
        <caption>{PERIODS_CAPTION}</caption>
        <thead>
          <tr>
            <th scope="col">{PERIOD_HEADER}</th>
            <th scope="col" className="explorer-details__number">
              {KWH_HEADER}
            </th>
            <th scope="col" className="explorer-details__number">
              {SHARE_HEADER}
            </th>
          </tr>
        </thead>
        <tbody>
          {answer.periods.map((period) => (
            <tr key={period.code}>
              <th scope="row">{period.label}</th>
              <td className="explorer-details__number">{formatKwh(period.kwh)}</td>
              <td className="explorer-details__number">{formatShare(period.share)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{TOTAL_ROW}</th>
            <td className="explorer-details__number">{formatKwh(answer.totals.active)}</td>
            <td className="explorer-details__number">{formatShare(100)}</td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}

function PowerTable({ answer }: { answer: ExplorerAnswer }) {
  return (
    <TableScroll label={POWER_CAPTION}>
      <table className="data-table explorer-details__table">
        <caption>{POWER_CAPTION}</caption>
        <thead>
          <tr>
            <th scope="col">{PERIOD_HEADER}</th>
            <th scope="col" className="explorer-details__number">
              {MAX_KW_HEADER}
            </th>
            <th scope="col">{WHEN_HEADER}</th>
            <th scope="col" className="explorer-details__number">
              {CONTRACTED_HEADER}
            </th>
            <th scope="col">{EXCEEDED_HEADER}</th>
          </tr>
        </thead>
        <tbody>
          {answer.power.map((power) => (
            <tr key={power.code} className={power.exceeded ? 'explorer-details__exceeded' : undefined}>
              <th scope="row">{power.label}</th>
              <td className="explorer-details__number">{number(power.maxKw)}</td>
              <td>
                {power.maxDate && power.maxHour !== null
                  ? atHour(formatListDate(power.maxDate), power.maxHour)
                  : NO_VALUE}
              </td>
              <td className="explorer-details__number">{number(power.contractedKw)}</td>
              <td>{power.exceeded ? <strong>{EXCEEDED}</strong> : NOT_EXCEEDED}</td>
            </tr>
          ))}
        </tbody>
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
      {mode === 'power' && <PowerTable answer={answer} />}
      <PeriodsTable answer={answer} />
    </div>
  );
}
