import type { Options } from 'highcharts';
import { fromDashDate, madridHourStart } from '@/shared/lib/dates';
import { hourlyChartOptions } from '@/shared/measurement/measurementChart';
import type { CurveRecord } from '@contract/measurements';
import { ACTIVE_SERIES, CHART_TITLE, SURPLUS_SERIES } from './loadCurveMessages';

/** Spec 02 §2.7: orange for active energy, grey for surplus. */
export const ACTIVE_COLOUR = '#f28c28';
export const SURPLUS_COLOUR = '#7b8494';
const HOUR = 3_600_000;

/**
 * Line chart of the load curve: active energy and surplus per hour; times come from the local date and hour
 * number (1..23/24/25).
 */
export function buildLoadCurveChartOptions(records: CurveRecord[]): Options {
  // Consecutive records share their date: its first hour is found once a day, and the day's hours follow it one
  // hour apart in UTC (the 23- and 25-hour days too).
  let lastDate = '';
  let dayStart: number | null = null;
  return hourlyChartOptions({
    title: CHART_TITLE,
    valueDecimals: 3,
    records,
    timeOf: (record) => {
      if (record.dateRecord !== lastDate) {
        lastDate = record.dateRecord;
        const iso = fromDashDate(record.dateRecord);
        dayStart = iso ? madridHourStart(iso, 1) : null;
      }
      return dayStart === null ? null : dayStart + (record.hourRecord - 1) * HOUR;
    },
    lines: [
      { name: ACTIVE_SERIES, color: ACTIVE_COLOUR, value: (record) => record.activeEnergy },
      { name: SURPLUS_SERIES, color: SURPLUS_COLOUR, value: (record) => record.pasiveEnergy },
    ],
  });
}
