/**
 * A bill computed from the consumption model: energy per tariff period is the sum of the hourly
 * measurements in that period (electricity) or the gas read in m³ × the conversion factor, priced by the
 * table in prices.ts; the power or fixed term, the special tax, the meter rental and VAT follow. The seed
 * stores the result (invoice row and BillDetail), the PDF prints it, and tests recompute it.
 */
import type { BillDetail, EnergyTerm, MeterReading, PowerTerm } from './billDetail';
import type { HourlyMeasurement } from './loadProfile';
import { clockHour, madridDay } from './madridTime';
import {
  DAYS_TO_PAY,
  electricityTaxOn,
  GAS_CONVERSION_FACTOR,
  HYDROCARBON_TAX_PER_KWH,
  METER_RENTAL_PER_DAY,
  pricesFor,
  surplusPriceOn,
  VAT_RATE,
  vatOn,
} from './prices';
import { addDays } from './dates';
import {
  dayPeriodNumbers,
  PERIOD_CODES,
  type PeriodCode,
  periodLabel,
  tariffPeriodCodes,
} from './tariffPeriods';
import { powersOn, tollOn } from './tolls';

const round2 = (value: number) => Math.round(value * 100) / 100;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The direct debit date of a bill issued on `launchDate`. */
export const dueDateOf = (launchDate: string) => addDays(launchDate, DAYS_TO_PAY);

export const daysBetween = (from: string, until: string) =>
  Math.round((Date.parse(until) - Date.parse(from)) / 86_400_000) + 1;

/** What the invoice row stores besides the detail. */
export interface Bill {
  /** The toll billed: the one in force on the period's first day (tolls.ts), which the invoice row carries. */
  tariff: string;
  detail: BillDetail;
  consumptionKwh: number;
  /** kWh per period P1..P6, null beyond the tariff's periods (gas: all null). */
  periods: (number | null)[];
  /** Highest hourly power in P1, kW (electricity). */
  maxPowerP1: number | null;
  surplusKwh: number | null;
  energyAmount: number;
  powerAmount: number;
  compensationAmount: number;
  taxAmount: number;
  rentalAmount: number;
  vatAmount: number;
  amount: number;
  /** What each meter register moved over the period, exact (kWh per period; gas m³). */
  registerDeltas: number[];
}

/**
 * The bill with the meter's readings: each register from where the previous bill left it, as printed (whole
 * kWh or m³). Answers the registers to carry into the next bill.
 */
export function withReadings(bill: Bill, previousRegisters: number[]): { bill: Bill; registers: number[] } {
  const registers = bill.registerDeltas.map((delta, i) => (previousRegisters[i] ?? 0) + delta);
  const unit = bill.detail.conversionFactor === null ? 'kWh' : 'm³';
  const codes = bill.detail.energy.map((term) => term.period);
  return {
    bill: {
      ...bill,
      detail: { ...bill.detail, readings: readings(codes, previousRegisters, registers, unit) },
    },
    registers,
  };
}

interface Period {
  from: string;
  until: string;
  launchDate: string;
}

/** The meter's registers as printed: whole kWh or m³, the previous from the last bill's end. */
function readings(
  codes: string[],
  before: number[],
  after: number[],
  unit: MeterReading['unit'],
): MeterReading[] {
  return codes.map((period, i) => ({
    period,
    previous: Math.floor(before[i]),
    current: Math.floor(after[i]),
    unit,
  }));
}

/** Rental, tax and VAT over the terms, and the row's totals. */
function settle(
  period: Period,
  line: 'Electricidad' | 'Gas',
  terms: {
    energy: EnergyTerm[];
    power: PowerTerm[];
    compensation: number;
    tax: BillDetail['tax'];
    /** Peajes y cargos within the energy and power terms. */
    tolls: number;
  },
) {
  const days = daysBetween(period.from, period.until);
  const energyAmount = round2(sum(terms.energy.map((term) => term.amount)));
  const powerAmount = round2(sum(terms.power.map((term) => term.amount)));
  const rental = { days, pricePerDay: METER_RENTAL_PER_DAY[line], amount: 0 };
  rental.amount = round2(days * rental.pricePerDay);
  const vatBase = round2(energyAmount + powerAmount - terms.compensation + terms.tax.amount + rental.amount);
  const vat = { rate: VAT_RATE, base: vatBase, amount: vatOn(vatBase) };
  return {
    days,
    energyAmount,
    powerAmount,
    rental,
    vat,
    tolls: round2(terms.tolls),
    amount: round2(vatBase + vat.amount),
    dueDate: dueDateOf(period.launchDate),
  };
}

const POWER_NAMES_20TD: Partial<Record<PeriodCode, string>> = { P1: 'Punta', P2: 'Valle' };

/** Another offer's energy (€/kWh) and power (€/kW·día) prices per period; the regulated tolls stay the table's. */
export interface OfferPrices {
  energy: readonly number[];
  power: readonly number[];
}

/**
 * An electricity bill from the hours of its period (every hour from `from` to `until`) and the registers the
 * previous bill left. `powers` are the contracted kW of the tariff's power periods; a contract signed on a toll
 * that had ended by the period is billed with its successor (tolls.ts). `offer` prices the same hours under
 * another of the retailer's offers (the simulator), so that one engine computes bills and simulations.
 */
export function electricityBill(
  contract: { tariff: string; powers: number[] },
  period: Period,
  hours: HourlyMeasurement[],
  offer?: OfferPrices,
): Bill {
  const tariff = tollOn(contract.tariff, period.from);
  const contractPowers = powersOn(contract.tariff, contract.powers, period.from);
  const codes = tariffPeriodCodes(tariff);
  const kwh = codes.map(() => 0);
  const peak = codes.map(() => 0);
  let surplus = 0;
  let lastDayEstimated = false;
  let dayHours = 24;
  let dayOf = '';
  let dayPeriods: readonly number[] = [];
  for (const hour of hours) {
    // A day's length and period table are read once a day (hourPeriod's work, without its per-hour lookups).
    if (hour.date !== dayOf) {
      dayOf = hour.date;
      dayHours = madridDay(hour.date).hours;
      dayPeriods = dayPeriodNumbers(tariff, hour.date);
    }
    const index = dayPeriods[clockHour(dayHours, hour.hour - 1)] - 1;
    kwh[index] += hour.active;
    peak[index] = Math.max(peak[index], hour.active);
    surplus += hour.surplus;
    if (hour.date === period.until) lastDayEstimated = hour.estimated;
  }

  const table = pricesFor(tariff, period.from);
  const prices = offer ? { ...table, energy: offer.energy, power: offer.power } : table;
  const days = daysBetween(period.from, period.until);
  const energy: EnergyTerm[] = codes.map((code, i) => {
    const periodKwh = round2(kwh[i]);
    return {
      period: code,
      label: periodLabel(tariff, code),
      kwh: periodKwh,
      price: prices.energy[i],
      tollsPrice: prices.energyTolls[i],
      amount: round2(periodKwh * prices.energy[i]),
    };
  });
  const power: PowerTerm[] = contractPowers.map((kw, i) => {
    const code = PERIOD_CODES[i];
    const name = tariff === '2.0TD' ? POWER_NAMES_20TD[code] : undefined;
    return {
      period: code,
      label: name ? `${code} ${name}` : code,
      kw,
      days,
      price: prices.power[i],
      tollsPrice: prices.powerTolls[i],
      amount: round2(kw * days * prices.power[i]),
    };
  });

  const energyAmount = round2(sum(energy.map((term) => term.amount)));
  const surplusKwh = round2(surplus);
  const surplusTerm =
    surplusKwh > 0
      ? (() => {
          const price = surplusPriceOn(period.from);
          // Simplified compensation never takes the energy term below zero.
          return { kwh: surplusKwh, price, amount: Math.min(round2(surplusKwh * price), energyAmount) };
        })()
      : null;
  const compensation = surplusTerm?.amount ?? 0;
  const powerAmount = round2(sum(power.map((term) => term.amount)));
  const taxRate = electricityTaxOn(period.from);
  const taxBase = round2(energyAmount + powerAmount - compensation);
  const tax = {
    label: 'Impuesto especial sobre la electricidad',
    rate: taxRate,
    base: taxBase,
    amount: round2(taxBase * taxRate),
  };
  const tolls =
    sum(energy.map((term) => term.kwh * term.tollsPrice)) +
    sum(power.map((term) => term.kw * term.days * term.tollsPrice));
  const settled = settle(period, 'Electricidad', { energy, power, compensation, tax, tolls });

  const detail: BillDetail = {
    days,
    energy,
    power,
    maxPower: codes.map((code, i) => ({ period: code, kw: round2(peak[i]) })),
    tolls: settled.tolls,
    surplus: surplusTerm,
    tax,
    rental: settled.rental,
    vat: settled.vat,
    readings: [],
    readingKind: lastDayEstimated ? 'Estimada' : 'Real',
    conversionFactor: null,
    dueDate: settled.dueDate,
  };
  const periods: (number | null)[] = PERIOD_CODES.map((_, i) => (i < codes.length ? energy[i].kwh : null));
  return {
    tariff,
    detail,
    consumptionKwh: round2(sum(energy.map((term) => term.kwh))),
    periods,
    maxPowerP1: round2(peak[0]),
    surplusKwh: surplusTerm ? surplusKwh : null,
    energyAmount,
    powerAmount,
    compensationAmount: compensation,
    taxAmount: tax.amount,
    rentalAmount: settled.rental.amount,
    vatAmount: settled.vat.amount,
    amount: settled.amount,
    registerDeltas: kwh,
  };
}

/**
 * A gas bill: the meter's m³ register moves by the model's kWh over the conversion factor; the whole m³ read
 * × the factor is the kWh billed. `caudal` (kWh/día) is printed beside the fixed term, which is per day.
 * Like electricityBill, its readings come from withReadings (with the same previous register).
 */
export function gasBill(
  contract: { tariff: string; caudal: number | null },
  period: Period,
  modelKwh: number,
  previousRegisterM3: number,
): Bill {
  const delta = modelKwh / GAS_CONVERSION_FACTOR;
  const readM3 = Math.floor(previousRegisterM3 + delta) - Math.floor(previousRegisterM3);
  const kwh = round2(readM3 * GAS_CONVERSION_FACTOR);
  const prices = pricesFor(contract.tariff, period.from);
  const days = daysBetween(period.from, period.until);
  const energy: EnergyTerm[] = [
    {
      period: 'Consumo',
      label: 'Término variable',
      kwh,
      price: prices.energy[0],
      tollsPrice: prices.energyTolls[0],
      amount: round2(kwh * prices.energy[0]),
    },
  ];
  const power: PowerTerm[] = [
    {
      period: 'Fijo',
      label: 'Término fijo',
      kw: contract.caudal ?? 0,
      days,
      price: prices.power[0],
      tollsPrice: prices.powerTolls[0],
      amount: round2(days * prices.power[0]),
    },
  ];
  const tax = {
    label: 'Impuesto especial sobre hidrocarburos',
    rate: HYDROCARBON_TAX_PER_KWH,
    base: kwh,
    amount: round2(kwh * HYDROCARBON_TAX_PER_KWH),
  };
  // The fixed term is per day: its tolls do not multiply by the flow.
  const tolls = kwh * prices.energyTolls[0] + days * prices.powerTolls[0];
  const settled = settle(period, 'Gas', { energy, power, compensation: 0, tax, tolls });
  return {
    tariff: contract.tariff,
    detail: {
      days,
      energy,
      power,
      maxPower: [],
      tolls: settled.tolls,
      surplus: null,
      tax,
      rental: settled.rental,
      vat: settled.vat,
      readings: [],
      readingKind: 'Real',
      conversionFactor: GAS_CONVERSION_FACTOR,
      dueDate: settled.dueDate,
    },
    consumptionKwh: kwh,
    periods: [null, null, null, null, null, null],
    maxPowerP1: null,
    surplusKwh: null,
    energyAmount: settled.energyAmount,
    powerAmount: settled.powerAmount,
    compensationAmount: 0,
    taxAmount: tax.amount,
    rentalAmount: settled.rental.amount,
    vatAmount: settled.vat.amount,
    amount: settled.amount,
    registerDeltas: [delta],
  };
}
