/**
 * "¿Me conviene otra tarifa o potencia?" (DECISIONS "The bill"): a contract's last billing periods, hour by hour,
 * priced again by the billing engine (electricityBill) under other prices or contracted powers. Nothing here
 * prices on its own: each option is the sum of the bills the engine would have issued.
 */
import { electricityBill, type OfferPrices } from './billing';
import type { HourlyMeasurement } from './loadProfile';
import { madridTimestamp } from './madridTime';
import { hourPeriodNumbers } from './tariffPeriods';

/** The usual contracted powers of a home on 2.0TD, kW (the distributors' standard switch ratings). */
export const STANDARD_POWERS_20TD = [3.45, 4.6, 5.75, 6.9, 8.05, 9.2, 10.35, 11.5, 13.8, 14.49] as const;
/** 2.0TD is the toll of supplies up to 15 kW. */
export const MAX_POWER_20TD = 15;

export interface BilledPeriod {
  from: string;
  until: string;
  launchDate: string;
  hours: HourlyMeasurement[];
}

/** The periods to price and, per hour, its contracted-power period (0-based), found once for every option. */
export interface SimulationYear {
  tariff: string;
  periods: BilledPeriod[];
  powerPeriods: Uint8Array[];
}

/** The contracted-power period of an energy period (1..6): 2.0TD has two (P1 punta and llano, P2 valle). */
const powerIndexOf = (tariff: string, energyPeriod: number) =>
  tariff === '2.0TD' ? (energyPeriod < 3 ? 0 : 1) : energyPeriod - 1;

export function simulationYear(tariff: string, periods: BilledPeriod[]): SimulationYear {
  return {
    tariff,
    periods,
    powerPeriods: periods.map((period) =>
      hourPeriodNumbers(tariff, period.hours).map((number) => powerIndexOf(tariff, number)),
    ),
  };
}

/** The hour of the year with the highest demand over the contracted power of its period. */
export interface WorstHour {
  /** Start of the hour, local time with its offset. */
  startsAt: string;
  kw: number;
  powerKw: number;
}

export interface PricedOption {
  yearlyCost: number;
  powers: number[];
  /** Hours whose demand (kWh in the hour = mean kW) exceeded the power of their period. */
  exceededHours: number;
  worstHour: WorstHour | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The hours that would have exceeded `powers`, and the worst of them. */
function exceeded(year: SimulationYear, powers: readonly number[]) {
  let count = 0;
  let worst: { hour: HourlyMeasurement; over: number; power: number } | null = null;
  for (const [p, period] of year.periods.entries()) {
    const powerPeriods = year.powerPeriods[p];
    for (const [i, hour] of period.hours.entries()) {
      const power = powers[powerPeriods[i]];
      const over = hour.active - power;
      if (over <= 0) continue;
      count++;
      if (!worst || over > worst.over) worst = { hour, over, power };
    }
  }
  return {
    exceededHours: count,
    worstHour: worst && {
      startsAt: madridTimestamp(worst.hour.startsAt),
      kw: round2(worst.hour.active),
      powerKw: worst.power,
    },
  };
}

/** The highest hourly demand of the periods, kW, and when. */
export function peakOf({ periods }: SimulationYear): { kw: number; startsAt: string } | null {
  let peak: HourlyMeasurement | null = null;
  for (const period of periods) {
    for (const hour of period.hours) if (!peak || hour.active > peak.active) peak = hour;
  }
  return peak && { kw: round2(peak.active), startsAt: madridTimestamp(peak.startsAt) };
}

/**
 * The periods billed again with `powers` (the contract's own when not given) at the offer's prices (the price
 * table's when not given): the yearly cost is the sum of those bills, to the cent.
 */
export function priceOption(
  contract: { tariff: string; powers: number[] },
  year: SimulationYear,
  choice: { powers?: number[]; offer?: OfferPrices } = {},
): PricedOption {
  const powers = choice.powers ?? contract.powers;
  let cents = 0;
  for (const period of year.periods) {
    const bill = electricityBill({ tariff: contract.tariff, powers }, period, period.hours, choice.offer);
    cents += Math.round(bill.amount * 100);
  }
  return { yearlyCost: cents / 100, powers, ...exceeded(year, powers) };
}
