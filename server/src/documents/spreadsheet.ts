import { PassThrough } from 'node:stream';

import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

import { offLoop } from './documentThreads';
import { attachment } from './pdf';

/** Text that starts with = + - @ would be a formula to Excel: prefix it with a quote so it stays text. */
export function safeText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * Every number a sheet holds shows es-ES in a Spanish Excel (spec 02 §9): grouped, two decimals, integers none.
 * A column that names no format of its own gets these per cell, so no number is left ungrouped.
 */
export function defaultNumberFormat(value: number): string {
  return Number.isInteger(value) ? '#,##0' : '#,##0.00';
}

export interface SheetColumn {
  header: string;
  key: string;
  width?: number;
  /** Excel number format, e.g. '#,##0.00 "€"' or 'dd/mm/yyyy'. */
  numFmt?: string;
}

/** One sheet to send: its name, its columns and one record per row. */
export interface SheetDocument {
  sheetName: string;
  columns: SheetColumn[];
  rows: Record<string, unknown>[];
  /** Lines above the header row, e.g. the supply point the table belongs to. */
  preamble?: string[][];
}

/**
 * A workbook with one sheet: a bold header row and one row per record. Values keep their types — Dates as
 * dates, numbers as numbers — and strings pass through safeText.
 */
export function buildWorkbook(
  sheetName: string,
  columns: SheetColumn[],
  rows: Record<string, unknown>[],
  preamble?: string[][],
): SheetDocument {
  return { sheetName, columns, rows, ...(preamble && { preamble }) };
}

/**
 * The XLSX bytes, written row by row by exceljs's streaming writer: it zips with Node's zlib (at a low
 * level, as the sheet is small) where the in-memory workbook zips in JavaScript, about four times slower.
 */
export async function workbookBuffer({
  sheetName,
  columns,
  rows,
  preamble = [],
}: SheetDocument): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = 'Oficina Virtual';
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map(({ header, key, width, numFmt }) => ({
    key,
    width: width ?? Math.max(12, header.length + 2),
    style: numFmt ? { numFmt } : undefined,
  }));
  for (const line of preamble) sheet.addRow(line.map(safeText)).commit();
  const header = sheet.addRow(columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();
  const unformatted = columns.filter((column) => !column.numFmt).map((column) => column.key);
  for (const record of rows) {
    const row = sheet.addRow(
      Object.fromEntries(
        Object.entries(record).map(([key, value]) => [
          key,
          typeof value === 'string' ? safeText(value) : value,
        ]),
      ),
    );
    for (const key of unformatted) {
      const value = record[key];
      if (typeof value === 'number') row.getCell(key).numFmt = defaultNumberFormat(value);
    }
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends a sheet as XLSX, written on a document thread (documentThreads.ts), off the event loop. */
export async function sendWorkbook(reply: FastifyReply, document: SheetDocument, fileName: string) {
  const body = await offLoop('xlsx', document);
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(fileName))
    .send(body);
}
