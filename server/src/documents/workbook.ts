import { PassThrough } from 'node:stream';

import ExcelJS from 'exceljs';

import { defaultNumberFormat, safeText, type SheetDocument } from './spreadsheet';

// Written on the document threads only (documentTasks.ts): apart from spreadsheet.ts, which the routes load,
// so that the event loop's heap never holds ExcelJS and its zip libraries (about 8 MB, issue 30).

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
