import PDFDocument from 'pdfkit';

import { COMPANY } from './company';

export const BRAND_COLOUR = '#0b3d91';

/** The two built-in fonts the documents use. */
const FONTS = ['Helvetica', 'Helvetica-Bold'];

/** What pdfkit keeps of a built-in font: its parsed AFM metrics and the figures read from them. */
interface StandardFont {
  font: AfmMetrics;
  ascender: number;
  descender: number;
  bbox: number[];
  lineGap: number;
  xHeight: number;
  capHeight: number;
  widthOfString: (text: string, size: number) => number;
  encode: (text: string, features?: unknown) => [string[], GlyphPosition[]];
}

/** What pdfkit's encode answers for each letter; read, never changed, by its text drawing. */
interface GlyphPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

/** pdfkit's parsed AFM file: kerning pairs keyed 'left\0right'. */
interface AfmMetrics {
  kernPairs: Record<string, number>;
  getKernPair: (left: string, right: string) => number;
}

/** The parts of pdfkit's document that hold its fonts (FontsMixin). */
interface FontTables {
  _fontFamilies: Record<string, StandardFont & { document: unknown; name: string; id: string }>;
  _fontCount: number;
}

const fontTemplates = new Map<string, StandardFont>();

/** Widths and glyph codes of strings kept per font; labels and figures repeat on every invoice. */
const WIDTH_CACHE_LIMIT = 20_000;

/** Remembers up to WIDTH_CACHE_LIMIT answers of `compute` by text, starting afresh when full. */
function memoByText<Answer>(compute: (text: string) => Answer): (text: string) => Answer {
  const answers = new Map<string, Answer>();
  return (text) => {
    let answer = answers.get(text);
    if (answer === undefined) {
      if (answers.size >= WIDTH_CACHE_LIMIT) answers.clear();
      answer = compute(text);
      answers.set(text, answer);
    }
    return answer;
  };
}

/**
 * Makes the first document's font the template of later ones, and its hottest look-ups cheap: pdfkit builds a
 * 'left\0right' string and looks it up in an object of 2,700 kerning pairs for every two letters (a third of an
 * invoice's drawing time), and measures and encodes the same strings again on every page (a tenth of a
 * 200-invoice bundle's time).
 */
function makeTemplate(font: StandardFont): StandardFont {
  const pairs = new Map<string, Map<string, number>>();
  for (const [key, value] of Object.entries(font.font.kernPairs)) {
    const [left, right] = key.split('\0');
    if (!pairs.has(left)) pairs.set(left, new Map());
    pairs.get(left)!.set(right, value);
  }
  font.font.getKernPair = (left, right) => pairs.get(left)?.get(right) ?? 0;
  const { widthOfString: measure, encode: encodeText } = font;
  const width = memoByText((text) => measure.call(font, text, 1000));
  // Standard fonts ignore the OpenType features; the answer depends on the text alone.
  const encoding = memoByText((text) => encodeText.call(font, text));
  font.widthOfString = (text: string, size: number) => (width(text) * size) / 1000;
  font.encode = (text: string) => encoding(text);
  return font;
}

/**
 * pdfkit parses a built-in font's AFM file again for every document (two thirds of a one-page invoice's
 * time): the first document's parsed fonts serve every later one. Each document gets its own font object
 * (its own PDF reference and id) around the shared, read-only metrics; pdfkit finds it in the document's
 * font table as if it had opened it itself.
 */
function useSharedFonts(doc: PDFKit.PDFDocument) {
  const tables = doc as unknown as FontTables;
  for (const name of FONTS) {
    const template = fontTemplates.get(name);
    if (!template) {
      doc.font(name);
      fontTemplates.set(name, makeTemplate(tables._fontFamilies[name]));
      continue;
    }
    const { font, ascender, descender, bbox, lineGap, xHeight, capHeight, widthOfString, encode } = template;
    tables._fontFamilies[name] = Object.assign(
      Object.create(Object.getPrototypeOf(template) as object) as typeof template,
      {
        document: doc,
        name,
        id: `F${++tables._fontCount}`,
        font,
        ascender,
        descender,
        bbox,
        lineGap,
        xHeight,
        capHeight,
        widthOfString,
        encode,
      },
    );
  }
}

/** The parts of pdfkit's page that take its content stream's operators. */
interface ContentPage {
  write: (chunk: string | Uint8Array) => unknown;
  end: () => unknown;
}

/**
 * Keeps a page's operators as text until the page ends: pdfkit makes a Buffer of every operator line (about a
 * hundred thousand in a 200-invoice bundle), which with their garbage was a tenth of its time. The stream's
 * bytes are the same: pdfkit would write each line in latin1 followed by a line feed.
 */
function collectContent(page: ContentPage) {
  const write = page.write.bind(page);
  const end = page.end.bind(page);
  let lines: string[] = [];
  const flush = () => {
    if (lines.length) write(Buffer.from(`${lines.join('\n')}\n`, 'latin1'));
    lines = [];
  };
  page.write = (chunk) => {
    if (typeof chunk === 'string') return lines.push(chunk);
    flush();
    return write(chunk);
  };
  page.end = () => {
    flush();
    return end();
  };
}

/**
 * A PDF with the retailer's letterhead and a title, using pdfkit's built-in Helvetica (no font file to embed).
 * The caller writes the body and ends it with pdfToBuffer.
 */
export function createPdf(title: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: title, Author: COMPANY.name },
    // No default font: useSharedFonts gives it one without parsing its metrics again.
    font: null as unknown as string,
  });
  useSharedFonts(doc);
  collectContent(doc.page);
  doc.on('pageAdded', () => collectContent(doc.page));
  writeLine(doc.fillColor(BRAND_COLOUR).font('Helvetica-Bold').fontSize(16), COMPANY.name);
  writeLine(
    doc.fillColor('#444444').font('Helvetica').fontSize(9),
    `CIF ${COMPANY.cif} · ${COMPANY.postalAddress} · ${COMPANY.phone} · ${COMPANY.email}`,
  );
  doc.moveDown(1.5);
  writeLine(doc.fillColor('#000000').font('Helvetica-Bold').fontSize(14), title);
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(10);
  return doc;
}

/**
 * Text that fits its width drawn as one line at a computed x: pdfkit's line wrapper, which every text with a
 * width goes through, was half of an invoice's drawing time, and most cells, fields and titles fit.
 */
function fits(doc: PDFKit.PDFDocument, text: string, width: number): boolean {
  return !text.includes('\n') && doc.widthOfString(text) <= width;
}

/** Text in a box of `width` at (x, y), aligned; wrapped only when it does not fit on one line. */
export function placeText(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'center' | 'right' = 'left',
) {
  if (fits(doc, text, width)) {
    const room = width - doc.widthOfString(text);
    doc.text(text, x + (align === 'right' ? room : align === 'center' ? room / 2 : 0), y, {
      lineBreak: false,
    });
  } else {
    doc.text(text, x, y, { width, align });
  }
}

/** A paragraph from the left margin at the current line, the next line after it. */
export function writeLine(doc: PDFKit.PDFDocument, text: string) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const lineHeight = doc.currentLineHeight(true);
  if (fits(doc, text, width) && doc.y + lineHeight <= doc.page.maxY()) {
    doc.text(text, left, doc.y, { lineBreak: false });
    doc.y += lineHeight;
  } else {
    doc.text(text, left, doc.y);
  }
  doc.x = left;
}

/** Label and value rows, e.g. holder, CUPS, period; a long value wraps under its label. */
export function writeFields(doc: PDFKit.PDFDocument, fields: [label: string, value: string][]): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  for (const [label, value] of fields) {
    const heading = `${label}: `;
    doc.font('Helvetica-Bold');
    const labelWidth = doc.widthOfString(heading);
    doc.font('Helvetica');
    if (
      labelWidth + doc.widthOfString(value) <= width &&
      doc.y + doc.currentLineHeight(true) < doc.page.maxY()
    ) {
      const y = doc.y;
      doc.font('Helvetica-Bold').text(heading, left, y, { lineBreak: false });
      doc.font('Helvetica').text(value, left + labelWidth, y, { lineBreak: false });
      doc.x = left;
      doc.y = y + doc.currentLineHeight(true);
    } else {
      doc
        .font('Helvetica-Bold')
        .text(heading, left, doc.y, { continued: true })
        .font('Helvetica')
        .text(value);
    }
  }
  doc.moveDown(0.5);
}

/**
 * A table with a header row; widths in points. A cell longer than its column wraps and its row grows, so no
 * text is drawn over the next row or column.
 */
export function writeTable(
  doc: PDFKit.PDFDocument,
  columns: { header: string; width: number; align?: 'left' | 'right' }[],
  rows: string[][],
): void {
  const startX = doc.page.margins.left;
  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    const widths = columns.map((column) => column.width - 6);
    const lineHeight = doc.currentLineHeight(true);
    const height = Math.max(
      ...cells.map((cell, i) =>
        fits(doc, cell, widths[i]) ? lineHeight : doc.heightOfString(cell, { width: widths[i] }),
      ),
    );
    if (doc.y + height > doc.page.maxY()) doc.addPage();
    const y = doc.y;
    let x = startX;
    cells.forEach((cell, i) => {
      placeText(doc, cell, x, y, widths[i], columns[i].align);
      x += columns[i].width;
    });
    doc.x = startX;
    doc.y = y + height + 3;
  };
  drawRow(
    columns.map((column) => column.header),
    true,
  );
  rows.forEach((row) => drawRow(row, false));
  doc.moveDown(0.5);
}

export function pdfToBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
