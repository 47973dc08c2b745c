import type { Options } from 'highcharts';
import { measurementChartOptions } from '@/shared/measurement/measurementChart';
import type { CurvesCompactAnswer } from '@contract/measurements';
import { ACTIVE_SERIES, CHART_TITLE, SURPLUS_SERIES } from './loadCurveMessages';

/** Spec 02 §2.7: orange for active energy, grey for surplus. */
export const ACTIVE_COLOUR = '#f28c28';
export const SURPLUS_COLOUR = '#7b8494';

/**
 * Line chart of the load curve: active energy and surplus per hour, from the compact answer's columns. Highcharts
 * places plain numbers from `pointStart` every `pointInterval` (hours are evenly spaced in UTC, the 23- and
 * 25-hour days too): a year is two arrays, with no object or [time, value] pair per hour; a missing hour (null)
 * breaks the line.
 */
export function buildLoadCurveChartOptions(curves: CurvesCompactAnswer['Curvas'] | undefined): Options {
  const line = (name: string, color: string, values: readonly (number | null)[]) => ({
    name,
    color,
    // A copy: the answer in the store is frozen and Highcharts may write to the array it is given.
    data: values.slice(),
    ...(curves?.start == null ? {} : { pointStart: curves.start, pointInterval: curves.step }),
  });
  return measurementChartOptions({
    title: CHART_TITLE,
    valueDecimals: 3,
    series: [
      line(ACTIVE_SERIES, ACTIVE_COLOUR, curves?.activeEnergy ?? []),
      line(SURPLUS_SERIES, SURPLUS_COLOUR, curves?.pasiveEnergy ?? []),
    ],
  });
}
