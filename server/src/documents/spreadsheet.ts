import type { FastifyReply } from 'fastify';

import { attachment } from './download';
import { offLoop } from './documentThreads';

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

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends a sheet as XLSX, written on a document thread (documentThreads.ts), off the event loop. */
export async function sendWorkbook(reply: FastifyReply, document: SheetDocument, fileName: string) {
  const body = await offLoop('xlsx', document);
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachment(fileName))
    .send(body);
}
