/**
 * The portal's units (DECISIONS.md "Units"), one place for every chart label, table, summary, spoken text and
 * export: energy in kWh, power in kW, reactive energy in kVArh with its hourly peak in kVAr, money in €.
 */
export const UNIT = {
  energy: 'kWh',
  power: 'kW',
  reactiveEnergy: 'kVArh',
  reactivePower: 'kVAr',
  money: '€',
  gasFlow: 'kWh/día',
  gasVolume: 'm³',
} as const;

const SUMMED: Record<string, string> = {
  [UNIT.power]: UNIT.energy,
  [UNIT.reactivePower]: UNIT.reactiveEnergy,
};

/** The unit of a sum of hourly readings: an hour at 1 kW is 1 kWh, at 1 kVAr 1 kVArh; other units stay. */
export const summedUnit = (unit: string): string => SUMMED[unit] ?? unit;
