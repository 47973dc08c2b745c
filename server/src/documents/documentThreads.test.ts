import ExcelJS from 'exceljs';

import { csvText } from './csv';
import { documentThreadsFor, offLoop } from './documentThreads';
import { buildWorkbook, type SheetDocument } from './spreadsheet';
import { workbookBuffer } from './workbook';

async function sheetValues(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0].getSheetValues();
}

/** A year of hours as the heavy calls answer it: enough work to hold a thread for tens of milliseconds. */
const yearOfHours = Array.from({ length: 8_760 }, (_, hour) => ({
  date: new Date(Date.UTC(2025, 0, 1) + hour * 3_600_000),
  hour: (hour % 24) + 1,
  active: Math.round(((hour * 7919) % 1000) * 1.234) / 1000,
  note: hour % 500 === 0 ? '=SUMA(A1)' : 'real',
}));
const sheet: SheetDocument = buildWorkbook(
  'Curva',
  [
    { header: 'Fecha', key: 'date', numFmt: 'dd/mm/yyyy' },
    { header: 'Hora', key: 'hour' },
    { header: 'kWh', key: 'active', numFmt: '#,##0.000' },
    { header: 'Nota', key: 'note' },
  ],
  yearOfHours,
  [['CUPS', 'ES0000000000000000AB']],
);

/** How many times a 2 ms timer fired while `work` ran: none while the event loop is held. */
async function timerTicksDuring(work: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 2);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return ticks;
}

it('gives each process its share of the cores, at least one thread', () => {
  expect(documentThreadsFor(1)).toBeGreaterThanOrEqual(1);
  expect(documentThreadsFor(1000)).toBe(1);
  expect(documentThreadsFor(2)).toBe(Math.max(1, Math.floor(documentThreadsFor(1) / 2)));
});

it('writes JSON, CSV and XLSX on a thread exactly as on the event loop', async () => {
  const answer = {
    series: { active: yearOfHours.map((h) => h.active), hour: yearOfHours.map((h) => h.hour) },
  };
  expect((await offLoop('json', answer)).toString()).toBe(JSON.stringify(answer));
  expect((await offLoop('csv', sheet)).toString()).toBe(csvText(sheet));
  const values = await sheetValues(await offLoop('xlsx', sheet));
  expect(values).toHaveLength(yearOfHours.length + 3); // row numbers start at 1
  expect(values).toEqual(await sheetValues(await workbookBuffer(sheet)));
});

it('leaves the event loop free while it writes: timers fire during the work, never during JSON.stringify', async () => {
  const big = {
    values: Array.from({ length: 40 }, () => yearOfHours.map((h) => [h.active, h.hour, h.note])),
  };
  await offLoop('json', { warm: true }); // the thread's start is not measured
  expect(await timerTicksDuring(async () => JSON.stringify(big))).toBe(0);
  expect(await timerTicksDuring(() => offLoop('json', big))).toBeGreaterThan(3);
});
