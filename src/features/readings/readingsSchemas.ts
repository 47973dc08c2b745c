import * as yup from 'yup';
import type { Line } from '@/shared/session/product';
import {
  GROUP_ACTIVE,
  GROUP_MAX_POWER,
  GROUP_REACTIVE,
  LABEL_ACTIVE_FLAT,
  LABEL_ACTIVE_PEAK,
  LABEL_ACTIVE_TOTAL,
  LABEL_ACTIVE_VALLEY,
  LABEL_GAS_CONSUMPTION,
  labelActivePeriod,
  labelMaxPowerPeriod,
  labelReactivePeriod,
  readingNotNumeric,
  readingNotPositive,
  readingRequired,
  UNIT_ENERGY,
  UNIT_GAS_VOLUME,
  UNIT_POWER,
  UNIT_REACTIVE,
} from './readingsMessages';

/** A reading of spec 01 §3: the name it travels under, the name the messages use, and its unit. */
export interface ReadingField {
  name: string;
  label: string;
  unit: string;
  group?: string;
}

const field = (name: string, label: string, unit: string, group?: string): ReadingField => ({
  name,
  label,
  unit,
  group,
});

const TOTAL = [field('EnergiaActivaTotal', LABEL_ACTIVE_TOTAL, UNIT_ENERGY)];
const PEAK = field('EnergiaActivaPunta', LABEL_ACTIVE_PEAK, UNIT_ENERGY);
const FLAT = field('EnergiaActivaLlano', LABEL_ACTIVE_FLAT, UNIT_ENERGY);
const VALLEY = field('EnergiaActivaValle', LABEL_ACTIVE_VALLEY, UNIT_ENERGY);
const PEAK_VALLEY = [PEAK, VALLEY];
const PEAK_FLAT_VALLEY = [PEAK, FLAT, VALLEY];
const PERIODS = [1, 2, 3, 4, 5, 6];
const SIX_PERIODS = [
  ...PERIODS.map((p) => field(`EnergiaActivaP${p}`, labelActivePeriod(p), UNIT_ENERGY, GROUP_ACTIVE)),
  ...PERIODS.map((p) => field(`EnergiaReactivaP${p}`, labelReactivePeriod(p), UNIT_REACTIVE, GROUP_REACTIVE)),
  ...PERIODS.map((p) => field(`PotenciaMaximaP${p}`, labelMaxPowerPeriod(p), UNIT_POWER, GROUP_MAX_POWER)),
];
const GAS = [field('Consumo', LABEL_GAS_CONSUMPTION, UNIT_GAS_VOLUME)];

/** The access fee rounded to a whole number, as the reading rules use it: '6.1' and '6.1TD' are 6. */
export function roundedFee(fee: string | number | undefined | null): number | null {
  const number = Number.parseFloat(String(fee ?? '').replace(',', '.'));
  return Number.isFinite(number) ? Math.round(number) : null;
}

/**
 * Which readings a contract asks for (spec 01 §3). Gas with a rounded fee of 3 reads Consumo; electricity
 * 2.0A/2.1A the total, 2.0DHA/2.1DHA peak and valley, 2.0DHS/2.1DHS peak, flat and valley, 3.0A/3.1A or a
 * rounded fee of 6 the six periods of active, reactive and maximum power.
 *
 * Decisions where the spec is silent: the 2021 tariffs read like the old ones with as many periods —
 * 2.0TD (punta, llano, valle) like 2.0DHS, 3.0TD and 6.xTD (six periods) like 3.0A; any other gas fee reads
 * Consumo and any other electricity fee the total, so a contract never shows an empty form.
 */
export function readingFieldsFor(line: Line, fee: string | number | undefined | null): ReadingField[] {
  if (line === 'Gas') return GAS;
  const code = String(fee ?? '')
    .trim()
    .toUpperCase();
  if (code === '2.0A' || code === '2.1A') return TOTAL;
  if (code === '2.0DHA' || code === '2.1DHA') return PEAK_VALLEY;
  if (code === '2.0DHS' || code === '2.1DHS') return PEAK_FLAT_VALLEY;
  if (code === '3.0A' || code === '3.1A') return SIX_PERIODS;
  if (code === '2.0TD') return PEAK_FLAT_VALLEY;
  if (code.endsWith('TD')) return SIX_PERIODS;
  if (roundedFee(code) === 6) return SIX_PERIODS;
  return TOTAL;
}

/** Digits with an optional comma and up to 3 decimals; no thousands separator (spec 01 §5). */
export const READING_NUMBER = /^\d+(,\d{1,3})?$/;

export function readingValue(text: string): number {
  return Number(text.replace(',', '.'));
}

/** Each reading is required, numeric with comma decimals and greater than zero, in that order. */
export function readingSchema(fields: readonly ReadingField[]) {
  return yup.object(
    Object.fromEntries(
      fields.map(({ name, label }) => [
        name,
        yup
          .string()
          .trim()
          .required(readingRequired(label))
          .matches(READING_NUMBER, { message: readingNotNumeric(label), excludeEmptyString: true })
          .test(
            'positive',
            readingNotPositive(label),
            (text) => !text || !READING_NUMBER.test(text) || readingValue(text) > 0,
          ),
      ]),
    ),
  );
}
