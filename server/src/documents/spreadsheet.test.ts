import ExcelJS from 'exceljs';

import { buildWorkbook } from './spreadsheet';
import { workbookBuffer } from './workbook';

async function readBack(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

describe('workbookBuffer', () => {
  it('keeps numbers as numbers with es-ES formats: the column’s own, or grouped by default', async () => {
    const sheet = await readBack(
      await workbookBuffer(
        buildWorkbook(
          'Prueba',
          [
            { header: 'Importe', key: 'amount', numFmt: '#,##0.00 "€"' },
            { header: 'Cantidad', key: 'count' },
            { header: 'Texto', key: 'text' },
          ],
          [
            { amount: 9253.96, count: 8970, text: '=SUMA(A1)' },
            { amount: 13623.64, count: 1234.5, text: 'Calle Mayor' },
          ],
        ),
      ),
    );
    expect(sheet.getRow(2).getCell(1).value).toBe(9253.96);
    expect(sheet.getRow(2).getCell(1).numFmt).toBe('#,##0.00 "€"');
    expect(sheet.getRow(2).getCell(2).value).toBe(8970);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('#,##0');
    expect(sheet.getRow(3).getCell(2).value).toBe(1234.5);
    expect(sheet.getRow(3).getCell(2).numFmt).toBe('#,##0.00');
    expect(sheet.getRow(2).getCell(3).value).toBe("'=SUMA(A1)");
    expect(sheet.getRow(3).getCell(3).numFmt).toBeUndefined();
  });
});
