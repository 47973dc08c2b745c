import type { HourlyMeasurement } from '../measurements/loadProfile';
import { madridClock, madridDay, madridOffsetAt } from '../measurements/madridTime';
import { hourPeriod, periodLabel } from '../measurements/tariffPeriods';
import { buildWorkbook, type SheetColumn } from './spreadsheet';

const ENERGY_FORMAT = '#,##0.000';

// The local date as a date cell (Excel has no time zones) and the hour as 1..23/24/25, the Spanish
// metering convention that keeps the repeated October hour apart.
const DATE_COLUMNS: SheetColumn[] = [
  { header: 'Fecha', key: 'date', width: 12, numFmt: 'dd/mm/yyyy' },
  { header: 'Hora', key: 'hour', width: 6 },
];

const dateCell = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** Telemedida-{contract}.xlsx: the CUPS, the date columns, hourly active and reactive energy. */
export function buildTelemetrySheet(cups: string, hours: HourlyMeasurement[]) {
  return buildWorkbook(
    'Telemedida',
    [
      { header: 'CUPS', key: 'cups', width: 24 },
      ...DATE_COLUMNS,
      { header: 'Energía activa (kWh)', key: 'active', width: 20, numFmt: ENERGY_FORMAT },
      { header: 'Energía reactiva (kVArh)', key: 'reactive', width: 24, numFmt: ENERGY_FORMAT },
    ],
    hours.map((hour) => ({
      cups,
      date: dateCell(hour.date),
      hour: hour.hour,
      active: hour.active,
      reactive: hour.reactive,
    })),
  );
}

const CURVE_COLUMNS: SheetColumn[] = [
  ...DATE_COLUMNS,
  // Where the hour starts on the local clock: the repeated 02:00 of October shows twice, told apart by the
  // time zone column's offset.
  { header: 'Inicio', key: 'start', width: 8 },
  { header: 'Zona horaria', key: 'zone', width: 26 },
  { header: 'Periodo tarifario', key: 'period', width: 18 },
  { header: 'Energía activa (kWh)', key: 'active', width: 20, numFmt: ENERGY_FORMAT },
  { header: 'Excedente (kWh)', key: 'surplus', width: 16, numFmt: ENERGY_FORMAT },
  { header: 'Dato', key: 'reading', width: 10 },
];

/** 'Europe/Madrid (UTC+02:00)': the zone and the offset in force during the hour. */
export const zoneText = (startsAt: number) => `Europe/Madrid (UTC+0${madridOffsetAt(startsAt)}:00)`;

/**
 * CurvasCarga-{contract}.xlsx and .csv (issue 15): the CUPS above the table, then one row per metered hour
 * with its local start, time zone, tariff period, active energy, surplus, and whether the meter read it or
 * the distributor estimated it.
 */
export function buildCurveSheet(cups: string, tariff: string, hours: HourlyMeasurement[]) {
  let dayOf = '';
  let dayHours = 24;
  const rows = hours.map((hour) => {
    if (hour.date !== dayOf) {
      dayOf = hour.date;
      dayHours = madridDay(dayOf).hours;
    }
    return {
      date: dateCell(hour.date),
      hour: hour.hour,
      start: madridClock(hour.startsAt),
      zone: zoneText(hour.startsAt),
      period: periodLabel(tariff, hourPeriod(tariff, hour.date, hour.hour, dayHours)),
      active: hour.active,
      surplus: hour.surplus,
      reading: hour.estimated ? 'Estimado' : 'Real',
    };
  });
  return buildWorkbook('Curva de carga', CURVE_COLUMNS, rows, [['CUPS', cups]]);
}

/**
 * The hourly curve in the columns of the Spanish distributors' platform (CUPS, Fecha, Hora, Consumo_kWh,
 * Excedente_kWh, Metodo_obtencion), so the tools that read its downloads read this one: the hour as 01:00…24:00
 * (25:00 on the October day of 25 hours), the portal's dates and decimal comma when written as CSV.
 */
export function buildDistributorCurveSheet(cups: string, hours: HourlyMeasurement[]) {
  return buildWorkbook(
    'Curva horaria',
    [
      { header: 'CUPS', key: 'cups', width: 24 },
      { header: 'Fecha', key: 'date', width: 12, numFmt: 'dd/mm/yyyy' },
      { header: 'Hora', key: 'hour', width: 6 },
      { header: 'Consumo_kWh', key: 'active', width: 14, numFmt: ENERGY_FORMAT },
      { header: 'Excedente_kWh', key: 'surplus', width: 14, numFmt: ENERGY_FORMAT },
      { header: 'Metodo_obtencion', key: 'method', width: 16 },
    ],
    hours.map((hour) => ({
      cups,
      date: dateCell(hour.date),
      hour: `${String(hour.hour).padStart(2, '0')}:00`,
      active: hour.active,
      surplus: hour.surplus,
      method: hour.estimated ? 'Estimada' : 'Real',
    })),
  );
}
