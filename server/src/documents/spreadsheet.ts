import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

import { attachment } from './pdf';

/** Text that starts with = + - @ would be a formula to Excel: prefix it with a quote so it stays text. */
export function safeText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export interface SheetColumn {
  header: string;
  key: string;
  width?: number;
  /** Excel number format, e.g. '#,##0.00 "€"' or 'dd/mm/yyyy'. */
  numFmt?: string;
}

/**
 * A workbook with one sheet: a bold header row and one row per record. Values keep their types — Dates as
 * dates, numbers as numbers — and strings pass through safeText.
 */
export function buildWorkbook(sheetName: string, columns: SheetColumn[], rows: Record<string, unknown>[]) {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Oficina Virtual';
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map(({ header, key, width, numFmt }) => ({
    header,
    key,
    width: width ?? Math.max(12, header.length + 2),
    style: numFmt ? { numFmt } : undefined,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [key, typeof value === 'string' ? safeText(value) : value]),
      ),
    );
  }
  return workbook;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function sendWorkbook(reply: FastifyReply, workbook: ExcelJS.Workbook, fileName: string) {
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(fileName))
    .send(body);
}
