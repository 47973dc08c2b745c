import { inflateSync } from 'node:zlib';

import jsQR from 'jsqr';

/**
 * The content streams of a PDF made by pdfkit (FlateDecode), inflated, in file order: with the built-in fonts
 * (nothing embedded) they are the pages' own, first page first, as pdfkit writes each page when it ends.
 */
function contentStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const streams: string[] = [];
  const pattern = /stream\r?\n/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    try {
      streams.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a deflated stream (a font program, an image): no drawing to read.
    }
    pattern.lastIndex = end;
  }
  return streams;
}

interface Square {
  x: number;
  y: number;
  w: number;
  h: number;
}

const NUMBER = '(-?[\\d.]+)';
const RECTANGLE = new RegExp(`^${Array(4).fill(NUMBER).join(' ')} re$`);
const TRANSFORM = new RegExp(`^${Array(6).fill(NUMBER).join(' ')} cm$`);

/**
 * The QR codes drawn as vectors: each is one path of rectangles (the dark runs of its rows) filled at once, so
 * it is the run of `re` operators without a paint between them; a chart's bar or a rule is one rectangle. The
 * rectangles are given in pdfkit's page points: a scaling drawn before them (`cm`, other than the page's own
 * flip) is applied, until the graphics state it was set in is restored (`Q`).
 */
export function drawnCodes(pdf: Buffer): { page: number; squares: Square[] }[] {
  const codes: { page: number; squares: Square[] }[] = [];
  for (const [page, stream] of contentStreams(pdf).entries()) {
    let run: Square[] = [];
    let scaling = { a: 1, d: 1, e: 0, f: 0 };
    for (const line of stream.split('\n').map((text) => text.trim())) {
      const cm = TRANSFORM.exec(line);
      if (cm) {
        const [a, , , d, e, f] = cm.slice(1).map(Number);
        if (!(a === 1 && d === -1)) scaling = { a, d, e, f };
      }
      if (line === 'Q') scaling = { a: 1, d: 1, e: 0, f: 0 };
      const re = RECTANGLE.exec(line);
      if (re) {
        const [x, y, w, h] = re.slice(1).map(Number);
        const { a, d, e, f } = scaling;
        run.push({ x: e + a * x, y: f + d * y, w: a * w, h: d * h });
        continue;
      }
      if (run.length > 20) codes.push({ page: page + 1, squares: run });
      run = [];
    }
  }
  return codes;
}

/** A drawn code's side in points, without its margin. */
export function codeSide(code: Square[]): number {
  const left = Math.min(...code.map((r) => r.x));
  const right = Math.max(...code.map((r) => r.x + r.w));
  return right - left;
}

/** The text of a drawn QR code: its rectangles painted into a bitmap (4 px per module, quiet zone) and read by jsQR. */
export function decodeCode(code: Square[]): string | null {
  const module = Math.min(...code.map((r) => r.h));
  const left = Math.min(...code.map((r) => r.x));
  const top = Math.min(...code.map((r) => r.y));
  const modules = Math.round(codeSide(code) / module);
  const scale = 4;
  const quiet = 4;
  const side = (modules + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const r of code) {
    const column = Math.round((r.x - left) / module);
    const row = Math.round((r.y - top) / module);
    const width = Math.round(r.w / module);
    for (let py = (row + quiet) * scale; py < (row + quiet + 1) * scale; py++) {
      for (let px = (column + quiet) * scale; px < (column + quiet + width) * scale; px++) {
        const at = (py * side + px) * 4;
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
      }
    }
  }
  return jsQR(pixels, side, side)?.data ?? null;
}

/** The URIs of the PDF's link annotations (pdfkit writes them uncompressed: the annotation, and its action). */
export function linkUris(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const object = (id: string) =>
    new RegExp(`(?:^|\\n)${id} 0 obj\\n<<([\\s\\S]*?)>>\\nendobj`).exec(text)?.[1] ?? '';
  return [...text.matchAll(/\/Subtype \/Link\n\/A (\d+) 0 R/g)].flatMap((match) => {
    const uri = /\/URI \(((?:\\.|[^\\)])*)\)/.exec(object(match[1]));
    return uri ? [uri[1].replace(/\\(.)/g, '$1')] : [];
  });
}
