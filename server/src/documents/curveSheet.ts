import type { HourlyMeasurement } from '../measurements/loadProfile';
import { buildWorkbook, type SheetColumn } from './spreadsheet';

const ENERGY_FORMAT = '#,##0.000';

// The local date as a date cell (Excel has no time zones) and the hour as 1..23/24/25, the Spanish
// metering convention that keeps the repeated October hour apart.
const DATE_COLUMNS: SheetColumn[] = [
  { header: 'CUPS', key: 'cups', width: 24 },
  { header: 'Fecha', key: 'date', width: 12, numFmt: 'dd/mm/yyyy' },
  { header: 'Hora', key: 'hour', width: 6 },
  { header: 'Energía activa (kWh)', key: 'active', width: 20, numFmt: ENERGY_FORMAT },
];

const dateCell = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** One row an hour: the date columns, active energy and one more energy column read from each hour. */
function hourlySheet(
  sheetName: string,
  cups: string,
  hours: HourlyMeasurement[],
  last: { header: string; key: 'reactive' | 'surplus'; width: number },
) {
  return buildWorkbook(
    sheetName,
    [...DATE_COLUMNS, { ...last, numFmt: ENERGY_FORMAT }],
    hours.map((hour) => ({
      cups,
      date: dateCell(hour.date),
      hour: hour.hour,
      active: hour.active,
      [last.key]: hour[last.key],
    })),
  );
}

/** Telemedida-{contract}.xlsx: hourly active and reactive energy. */
export function buildTelemetrySheet(cups: string, hours: HourlyMeasurement[]) {
  return hourlySheet('Telemedida', cups, hours, {
    header: 'Energía reactiva (kVArh)',
    key: 'reactive',
    width: 24,
  });
}

/** CurvasCarga-{contract}.xlsx: hourly active energy and self-consumption surplus. */
export function buildCurveSheet(cups: string, hours: HourlyMeasurement[]) {
  return hourlySheet('Curva de carga', cups, hours, {
    header: 'Excedentes (kWh)',
    key: 'surplus',
    width: 18,
  });
}
