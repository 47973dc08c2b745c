import type { Options } from 'highcharts';
import { fromDashDate, madridHourStart } from '@/shared/lib/dates';
import { hourlyChartOptions } from '@/shared/measurement/measurementChart';
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
  // Consecutive records share their date: it is parsed once a day, not once an hour.
  let lastDate = '';
  let iso: string | null = null;
  return hourlyChartOptions({
    title: CHART_TITLE,
    valueDecimals: 3,
    records,
    timeOf: (record) => {
      if (record.dateRecord !== lastDate) {
        lastDate = record.dateRecord;
        iso = fromDashDate(record.dateRecord);
      }
      return iso ? madridHourStart(iso, record.hourRecord) : null;
    },
    lines: [
      { name: ACTIVE_SERIES, color: ACTIVE_COLOUR, value: (record) => record.activeEnergy },
      { name: SURPLUS_SERIES, color: SURPLUS_COLOUR, value: (record) => record.pasiveEnergy },
    ],
  });
}
