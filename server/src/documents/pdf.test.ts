import fs from 'node:fs';

import PDFDocument from 'pdfkit';

import { overlappingText, pdfLines, pdfPages } from '../../test/pdfText';
import { createPdf, pdfToBuffer, writeTable } from './pdf';

function sample(title: string) {
  const doc = createPdf(title);
  doc.font('Helvetica-Bold').text('Negrita').font('Helvetica').text('Normal');
  return pdfToBuffer(doc);
}

describe('createPdf', () => {
  it('reads the built-in fonts’ metrics once, and every later document prints with them', async () => {
    await sample('Primero');
    const reads = jest.spyOn(fs, 'readFileSync');
    try {
      const second = await sample('Segundo');
      expect(reads.mock.calls.filter(([file]) => String(file).endsWith('.afm'))).toEqual([]);
      const lines = await pdfLines(second);
      expect(lines).toEqual(expect.arrayContaining(['Segundo', 'Negrita', 'Normal']));
    } finally {
      reads.mockRestore();
    }
  });

  it('measures text as pdfkit itself does, kerning included, at any size and in both fonts', async () => {
    await sample('Primero');
    const shared = createPdf('Segundo');
    const own = new PDFDocument();
    for (const font of ['Helvetica', 'Helvetica-Bold']) {
      for (const size of [7, 10, 12.5]) {
        for (const text of ['AVATAR Wave Tó', 'Término de energía 1.234,56 €', 'LT Ty Yo P.']) {
          shared.font(font).fontSize(size);
          own.font(font).fontSize(size);
          expect(shared.widthOfString(text)).toBeCloseTo(own.widthOfString(text), 9);
        }
      }
    }
  });
});

describe('writeTable', () => {
  it('wraps a cell longer than its column and moves the next row down, so nothing overlaps', async () => {
    const doc = createPdf('Tabla');
    writeTable(
      doc,
      [
        { header: 'Concepto con un nombre largo', width: 60 },
        { header: 'Importe', width: 60, align: 'right' },
      ],
      [
        ['Un concepto que no cabe en su columna', '1.234,56 €'],
        ['Otro', '7,00 €'],
      ],
    );
    const [page] = await pdfPages(await pdfToBuffer(doc));
    expect(overlappingText(page)).toEqual([]);
    expect(page.map((item) => item.str)).toEqual(expect.arrayContaining(['1.234,56 €', '7,00 €']));
  });
});
