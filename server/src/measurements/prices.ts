import { tollOn } from './tolls';

/**
 * The demo retailer's prices, 2024-2026, in one table. Plausible Spanish free-market offers: every price
 * includes the regulated peajes de transporte y distribución and cargos, which the bill shows apart
 * (`tolls`). Electricity: energy €/kWh and power €/kW·día per period. Gas: fixed term €/día and variable
 * term €/kWh. A row holds from its date until the next row of the same tariff.
 */
export interface PriceRow {
  tariffs: readonly string[];
  from: string;
  /** €/kWh per energy period (P1..); gas: the variable term. */
  energy: readonly number[];
  energyTolls: readonly number[];
  /** €/kW·día per power period; gas: the fixed term in €/día. */
  power: readonly number[];
  powerTolls: readonly number[];
}

const TD20 = ['2.0TD'];
const TD30 = ['3.0TD', '3.0TDVE'];
const TD6X = ['6.1TD', '6.1TDVE', '6.2TD', '6.3TD', '6.4TD'];

export const PRICES: readonly PriceRow[] = [
  // 2.0TD: energy P1 Punta, P2 Llano, P3 Valle; power P1 (punta) and P2 (valle).
  {
    tariffs: TD20,
    from: '2024-01-01',
    energy: [0.2215, 0.1538, 0.1152],
    energyTolls: [0.0745, 0.0176, 0.0006],
    power: [0.0902, 0.0118],
    powerTolls: [0.0789, 0.0024],
  },
  {
    tariffs: TD20,
    from: '2025-01-01',
    energy: [0.1992, 0.1421, 0.1034],
    energyTolls: [0.0729, 0.0275, 0.0029],
    power: [0.0861, 0.0103],
    powerTolls: [0.0758, 0.0027],
  },
  {
    tariffs: TD20,
    from: '2026-01-01',
    energy: [0.1893, 0.1362, 0.0988],
    energyTolls: [0.0712, 0.0268, 0.0028],
    power: [0.0852, 0.0101],
    powerTolls: [0.075, 0.0026],
  },
  {
    tariffs: TD30,
    from: '2024-01-01',
    energy: [0.1952, 0.1748, 0.1561, 0.1428, 0.1317, 0.1152],
    energyTolls: [0.0451, 0.0352, 0.0187, 0.0125, 0.0021, 0.0013],
    power: [0.0641, 0.0342, 0.0156, 0.0135, 0.0093, 0.0057],
    powerTolls: [0.0573, 0.03, 0.0131, 0.0114, 0.0077, 0.0045],
  },
  {
    tariffs: TD30,
    from: '2025-01-01',
    energy: [0.1783, 0.1592, 0.1421, 0.1302, 0.1198, 0.1049],
    energyTolls: [0.0436, 0.0339, 0.018, 0.012, 0.002, 0.0012],
    power: [0.062, 0.033, 0.015, 0.013, 0.009, 0.0055],
    powerTolls: [0.0554, 0.029, 0.0127, 0.011, 0.0074, 0.0043],
  },
  {
    tariffs: TD30,
    from: '2026-01-01',
    energy: [0.1701, 0.1519, 0.1356, 0.1243, 0.1144, 0.1002],
    energyTolls: [0.0428, 0.0333, 0.0177, 0.0118, 0.002, 0.0012],
    power: [0.0612, 0.0326, 0.0148, 0.0128, 0.0089, 0.0054],
    powerTolls: [0.0547, 0.0286, 0.0125, 0.0108, 0.0073, 0.0042],
  },
  {
    tariffs: TD6X,
    from: '2024-01-01',
    energy: [0.1702, 0.1538, 0.1372, 0.1262, 0.1152, 0.101],
    energyTolls: [0.029, 0.0228, 0.0114, 0.0073, 0.001, 0.0006],
    power: [0.0951, 0.0538, 0.0279, 0.0196, 0.0041, 0.0023],
    powerTolls: [0.0904, 0.0518, 0.0258, 0.0182, 0.003, 0.0016],
  },
  {
    tariffs: TD6X,
    from: '2025-01-01',
    energy: [0.1551, 0.1402, 0.1251, 0.1149, 0.1052, 0.0921],
    energyTolls: [0.028, 0.022, 0.011, 0.007, 0.001, 0.0006],
    power: [0.092, 0.052, 0.027, 0.019, 0.004, 0.0022],
    powerTolls: [0.0874, 0.0501, 0.025, 0.0176, 0.0029, 0.0015],
  },
  {
    tariffs: TD6X,
    from: '2026-01-01',
    energy: [0.1483, 0.1339, 0.1195, 0.1098, 0.1005, 0.088],
    energyTolls: [0.0275, 0.0216, 0.0108, 0.0069, 0.001, 0.0006],
    power: [0.0906, 0.0512, 0.0266, 0.0187, 0.0039, 0.0022],
    powerTolls: [0.0861, 0.0494, 0.0246, 0.0173, 0.0029, 0.0015],
  },
  // The access tolls before June 2021 (tolls.ts), one price each: only a bill before then uses them.
  {
    tariffs: ['2.0A', '2.1A'],
    from: '2020-01-01',
    energy: [0.1652],
    energyTolls: [0.044],
    power: [0.1151],
    powerTolls: [0.1044],
  },
  {
    tariffs: ['2.0DHA', '2.1DHA'],
    from: '2020-01-01',
    energy: [0.2049, 0.1052],
    energyTolls: [0.062, 0.002],
    power: [0.1151],
    powerTolls: [0.1044],
  },
  {
    tariffs: ['2.0DHS', '2.1DHS'],
    from: '2020-01-01',
    energy: [0.2051, 0.1098, 0.0951],
    energyTolls: [0.062, 0.009, 0.001],
    power: [0.1151],
    powerTolls: [0.1044],
  },
  {
    tariffs: ['3.0A'],
    from: '2020-01-01',
    energy: [0.1601, 0.1398, 0.1102],
    energyTolls: [0.019, 0.012, 0.005],
    power: [0.1121, 0.0679, 0.0452],
    powerTolls: [0.1, 0.06, 0.04],
  },
  {
    tariffs: ['3.1A'],
    from: '2020-01-01',
    energy: [0.1449, 0.1301, 0.1048],
    energyTolls: [0.015, 0.013, 0.008],
    power: [0.1652, 0.1021, 0.0231],
    powerTolls: [0.16, 0.098, 0.022],
  },
  {
    tariffs: ['6.1A'],
    from: '2020-01-01',
    energy: [0.1502, 0.1381, 0.1249, 0.1151, 0.1079, 0.0951],
    energyTolls: [0.027, 0.02, 0.011, 0.006, 0.001, 0.0005],
    power: [0.1049, 0.0531, 0.0388, 0.0388, 0.0388, 0.0178],
    powerTolls: [0.1, 0.05, 0.0366, 0.0366, 0.0366, 0.0167],
  },
  // Gas: variable €/kWh, fixed €/día, by consumption band.
  ...(
    [
      ['RL.1', 0.0812, 0.0752, 0.0721, 0.006, 0.1702, 0.105],
      ['RL.2', 0.0758, 0.0701, 0.0673, 0.005, 0.3301, 0.205],
      ['RL.3', 0.0714, 0.0661, 0.0635, 0.0045, 0.7002, 0.45],
    ] as const
  ).flatMap(([tariff, price2024, price2025, price2026, tolls, fixed, fixedTolls]) =>
    (
      [
        ['2024-01-01', price2024],
        ['2025-01-01', price2025],
        ['2026-01-01', price2026],
      ] as const
    ).map(([from, price]) => ({
      tariffs: [tariff],
      from,
      energy: [price],
      energyTolls: [tolls],
      power: [fixed],
      powerTolls: [fixedTolls],
    })),
  ),
];

/** The price row of a tariff in force on a date; the earliest row before the table starts. */
export function pricesFor(tariff: string, date: string): PriceRow {
  const rows = PRICES.filter((row) => row.tariffs.includes(tariff));
  // A toll that had ended has no price: the bill must use its successor (tolls.ts).
  if (!rows.length || tollOn(tariff, date) !== tariff) {
    throw new Error(`Sin precios para la tarifa ${tariff} el ${date}`);
  }
  return rows.filter((row) => row.from <= date).at(-1) ?? rows[0];
}

/** Rates that change by date: [from, value], newest last. */
const SURPLUS_PRICE: readonly [string, number][] = [
  ['2024-01-01', 0.07],
  ['2025-01-01', 0.06],
  ['2026-01-01', 0.055],
];
/** Impuesto especial sobre la electricidad: lowered in the first half of 2024 (RDL 8/2023). */
const ELECTRICITY_TAX: readonly [string, number][] = [
  ['2021-01-01', 0.0511269632],
  ['2024-01-01', 0.025],
  ['2024-04-01', 0.038],
  ['2024-07-01', 0.0511269632],
];

const rateOn = (table: readonly [string, number][], date: string) =>
  table.filter(([from]) => from <= date).at(-1)?.[1] ?? table[0][1];

export const surplusPriceOn = (date: string) => rateOn(SURPLUS_PRICE, date);
export const electricityTaxOn = (date: string) => rateOn(ELECTRICITY_TAX, date);

/** IVA in percent: VAT is computed on whole cents (integer arithmetic), so 22,50 € carries 4,73 €, not 4,72 €. */
export const VAT_PERCENT = 21;
export const VAT_RATE = VAT_PERCENT / 100;

/** The VAT of a base in euros, rounded half up to the cent. */
export const vatOn = (base: number) => Math.round((Math.round(base * 100) * VAT_PERCENT) / 100) / 100;
/** Impuesto especial sobre hidrocarburos, €/kWh (0,65 €/GJ). */
export const HYDROCARBON_TAX_PER_KWH = 0.00234;
/** Alquiler de equipos de medida, €/día. */
export const METER_RENTAL_PER_DAY = { Electricidad: 0.0266, Gas: 0.0197 } as const;
/** kWh per m³ of natural gas (the distributor's conversion factor, PCS × pressure correction). */
export const GAS_CONVERSION_FACTOR = 11.63;
/** Days from the issue date to the direct debit. */
export const DAYS_TO_PAY = 20;
