import type { Options } from 'highcharts';
import { fromDashDate, madridHourStart } from '@/shared/lib/dates';
import { measurementChartOptions } from '@/shared/measurement/measurementChart';
import type { CurveRecord } from './loadCurveApi';
import { ACTIVE_SERIES, CHART_TITLE, SURPLUS_SERIES } from './loadCurveMessages';

/** Spec 02 §2.7: orange for active energy, grey for surplus. */
export const ACTIVE_COLOUR = '#f28c28';
export const SURPLUS_COLOUR = '#7b8494';

/**
 * Line chart of the load curve: active energy and surplus per hour; times come from the local date and hour
 * number (1..23/24/25).
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
  return measurementChartOptions({
    title: CHART_TITLE,
    valueDecimals: 3,
    series: [
      { name: ACTIVE_SERIES, color: ACTIVE_COLOUR, data: active },
      { name: SURPLUS_SERIES, color: SURPLUS_COLOUR, data: surplus },
    ],
  });
}
