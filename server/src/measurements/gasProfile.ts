/**
 * Daily gas consumption of a supply point, a pure function of the contract (code and tariff) and the date,
 * like the electricity load profile: hot water and cooking all year, heating in the cold months. The band's
 * annual kWh follows the tariff (RL.1 up to 5.000 kWh a year, RL.2 5.000-15.000, RL.3 15.000-50.000).
 */
import { seedFromCode, unit } from './loadProfile';
import { DAY_MS, utcDayOf } from './madridTime';

export interface GasProfile {
  annualKwh: number;
  /** Share of the year's gas that goes to heating. */
  heatingShare: number;
  seed: number;
}

const BANDS: Record<string, { annual: [number, number]; heatingShare: number }> = {
  'RL.1': { annual: [2_600, 4_800], heatingShare: 0.35 },
  'RL.2': { annual: [5_500, 13_000], heatingShare: 0.6 },
  'RL.3': { annual: [16_000, 42_000], heatingShare: 0.75 },
};

export function gasProfileOf(contract: { code: string; tariff: string }): GasProfile {
  const seed = seedFromCode(contract.code);
  const band = BANDS[contract.tariff] ?? BANDS['RL.1'];
  const [low, high] = band.annual;
  return {
    annualKwh: Math.round(low + (high - low) * unit(seed, 1, 1)),
    heatingShare: band.heatingShare,
    seed,
  };
}

const dayOfYear = (dayNumber: number) =>
  dayNumber - Date.UTC(new Date(dayNumber * DAY_MS).getUTCFullYear(), 0, 1) / DAY_MS + 1;

/** Heating demand by day of the year: highest in mid January, none from May to September. */
const heating = (doy: number) => Math.max(0, Math.cos((2 * Math.PI * (doy - 15)) / 365.25)) ** 1.5;
// Its mean over a year, so that a year's days add up to the profile's annual kWh.
const HEATING_MEAN = Array.from({ length: 365 }, (_, i) => heating(i + 1)).reduce((a, b) => a + b) / 365;

/** kWh of one local day, by its number: a range's loop needs no date text (the scale seed sums a million bills). */
function dayKwh(profile: GasProfile, dayNumber: number): number {
  const shape =
    1 - profile.heatingShare + (profile.heatingShare * heating(dayOfYear(dayNumber))) / HEATING_MEAN;
  const noise = 0.9 + 0.2 * unit(profile.seed, dayNumber, 11);
  return Math.round((profile.annualKwh / 365.25) * shape * noise * 1000) / 1000;
}

/** kWh from `from` to `to`, local dates, both included. */
export function gasKwhBetween(profile: GasProfile, from: string, to: string): number {
  let total = 0;
  for (let day = utcDayOf(from), last = utcDayOf(to); day <= last; day += 1) {
    total += dayKwh(profile, day);
  }
  return total;
}
