import type { Options } from 'highcharts';
import { fromDashDate, madridHourStart } from '@/shared/lib/dates';
import type { CurveRecord } from './loadCurveApi';
import { POWER_UNIT } from '@/shared/measurement/measurementMessages';
import { ACTIVE_SERIES, CHART_TITLE, SURPLUS_SERIES } from './loadCurveMessages';

/** Spec 02 §2.7: orange for active energy, grey for surplus. */
export const ACTIVE_COLOUR = '#f28c28';
export const SURPLUS_COLOUR = '#7b8494';

/**
 * Line chart of the load curve: active energy and surplus per hour in kW, zoom on the x axis. Points are
 * [time, value] pairs so a year (8,760 hours) stays fast; times come from the local date and hour number, and
 * the axis shows Madrid time.
 */
export function buildLoadCurveChartOptions(records: CurveRecord[]): Options {
  const active: [number, number][] = [];
  const surplus: [number, number][] = [];
  let lastDate = '';
  let iso: string | null = null;
  for (const record of records) {
    if (record.dateRecord !== lastDate) {
      lastDate = record.dateRecord;
      iso = fromDashDate(record.dateRecord);
    }
    if (!iso) continue;
    const time = madridHourStart(iso, record.hourRecord);
    active.push([time, record.activeEnergy]);
    surplus.push([time, record.pasiveEnergy]);
  }
  return {
    chart: { type: 'line', zooming: { type: 'x' }, height: 420 },
    time: { timezone: 'Europe/Madrid' },
    title: { text: CHART_TITLE },
    xAxis: { type: 'datetime' },
    yAxis: { title: { text: POWER_UNIT }, min: 0 },
    tooltip: {
      shared: true,
      valueDecimals: 3,
      valueSuffix: ` ${POWER_UNIT}`,
      xDateFormat: '%A, %e %b %Y, %H:%M',
    },
    legend: { enabled: true },
    plotOptions: { series: { animation: false, marker: { enabled: false }, lineWidth: 1.5 } },
    series: [
      { type: 'line', name: ACTIVE_SERIES, color: ACTIVE_COLOUR, data: active },
      { type: 'line', name: SURPLUS_SERIES, color: SURPLUS_COLOUR, data: surplus },
    ],
  };
}
