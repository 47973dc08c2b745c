// Run by bench/22-simulator.bench.mjs: a year of a household's hours (12 monthly periods, 2.0TD) priced by the
// simulator (measurements/simulator.ts priceOption, the billing engine under it): the current contract alone,
// and every option the call answers (the offers, the standard powers and one typed). RUNS times each; prints
// JSON with the medians in ms.
import { performance } from 'node:perf_hooks';

import { addDays } from '../../server/src/measurements/dates';
import { measurementsBetween } from '../../server/src/measurements/loadProfile';
import { offersFor } from '../../server/src/measurements/offers';
import {
  type BilledPeriod,
  priceOption,
  simulationYear,
  STANDARD_POWERS_20TD,
} from '../../server/src/measurements/simulator';

const RUNS = Number(process.env.RUNS ?? 20);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function yearOfPeriods(): BilledPeriod[] {
  const profile = {
    kind: 'residencial' as const,
    meanKw: 0.45,
    solarKw: 0,
    seed: 42,
    stepFrom: null,
    stepFactor: null,
  };
  const periods: BilledPeriod[] = [];
  for (let month = 0; month < 12; month++) {
    const from = `2025-${String(month + 1).padStart(2, '0')}-01`;
    const until = addDays(month === 11 ? '2026-01-01' : `2025-${String(month + 2).padStart(2, '0')}-01`, -1);
    periods.push({
      from,
      until,
      launchDate: addDays(until, 3),
      hours: measurementsBetween(profile, from, until),
    });
  }
  return periods;
}

function time(work: () => void) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return median(times);
}

const periods = yearOfPeriods();
const year = simulationYear('2.0TD', periods);
const contract = { tariff: '2.0TD', powers: [4.6, 4.6] };
const hours = periods.reduce((sum, period) => sum + period.hours.length, 0);
const preparation = time(() => simulationYear('2.0TD', periods));
const oneOption = time(() => priceOption(contract, year));
const options = [
  () => priceOption(contract, year),
  ...offersFor('2.0TD').map((offer) => () => priceOption(contract, year, { offer })),
  ...[...STANDARD_POWERS_20TD, 2.5].map((kw) => () => priceOption(contract, year, { powers: [kw, kw] })),
];
const allOptions = time(() => options.forEach((price) => price()));
console.log(JSON.stringify({ hours, options: options.length, preparation, oneOption, allOptions }));
