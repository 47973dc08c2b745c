import type { FastifyReply } from 'fastify';

import { offLoop } from './documentThreads';
import { attachment } from './download';
import { defaultNumberFormat, type SheetColumn, type SheetDocument, safeText } from './spreadsheet';

/**
 * A sheet as CSV the way a Spanish Excel opens it by double click: UTF-8 with a byte order mark, `;` between
 * fields, decimal comma (no thousands separator, which would read as a decimal point elsewhere), CRLF
 * lines. Dates as DD/MM/AAAA; numbers keep the decimals their cells show in the XLSX.
 */

/** Decimals of an Excel number format such as '#,##0.000' (3); 0 without a decimal part. */
const decimalsOf = (numFmt = '') => /\.(0+)/.exec(numFmt)?.[1].length ?? 0;

function field(value: unknown, column: SheetColumn): string {
  let text: string;
  if (value instanceof Date) {
    text = `${String(value.getUTCDate()).padStart(2, '0')}/${String(value.getUTCMonth() + 1).padStart(2, '0')}/${value.getUTCFullYear()}`;
  } else if (typeof value === 'number') {
    text = value.toFixed(decimalsOf(column.numFmt ?? defaultNumberFormat(value))).replace('.', ',');
  } else {
    // Cells hold text, numbers and dates; anything else is written out whole rather than as [object Object].
    text = safeText(
      value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value),
    );
  }
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvText({ columns, rows, preamble = [] }: SheetDocument): string {
  const asText: SheetColumn = { header: '', key: '' };
  const lines = [
    ...preamble.map((line) => line.map((value) => field(value, asText)).join(';')),
    columns.map((column) => field(column.header, asText)).join(';'),
    ...rows.map((row) => columns.map((column) => field(row[column.key], column)).join(';')),
  ];
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

/** Sends a sheet as CSV, written on a document thread (documentThreads.ts), off the event loop. */
export async function sendCsv(reply: FastifyReply, document: SheetDocument, fileName: string) {
  const body = await offLoop('csv', document);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachment(fileName))
    .send(body);
}
