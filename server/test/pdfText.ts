import { getDocument } from 'pdf-parse/lib/pdf.js/v2.0.550/build/pdf.js';

/** One run of text as drawn: its baseline origin and size in points, y up from the page's bottom. */
export interface TextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

export async function pdfPages(pdf: Buffer): Promise<TextItem[][]> {
  const document = await getDocument({ data: new Uint8Array(pdf) });
  const pages: TextItem[][] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(
      content.items
        .filter((item) => item.str.trim() !== '')
        .map((item) => ({
          str: item.str,
          x: item.transform[4],
          y: item.transform[5],
          width: item.width,
          size: Math.abs(item.transform[3]),
        })),
    );
  }
  return pages;
}

/** A page's text as lines read top to bottom (runs on one baseline joined by a space), spaces collapsed. */
export function pageLines(items: TextItem[]): string[] {
  const rows = new Map<number, TextItem[]>();
  for (const item of items) {
    const key = Math.round(item.y);
    rows.set(key, [...(rows.get(key) ?? []), item]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, row]) =>
      row
        .sort((a, b) => a.x - b.x)
        .map((item) => item.str)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
}

/** Every page's lines, pages one after another. */
export async function pdfLines(pdf: Buffer): Promise<string[]> {
  return (await pdfPages(pdf)).flatMap(pageLines);
}

/**
 * The box a run of text covers: from its descenders (a fifth of the size under the baseline) to its capitals
 * (about seven tenths above). Touching boxes (one run continued by the next, lines set close) do not overlap;
 * 0,5 pt of slack absorbs rounding.
 */
function box(item: TextItem) {
  return {
    left: item.x + 0.5,
    right: item.x + item.width - 0.5,
    bottom: item.y - item.size * 0.2 + 0.5,
    top: item.y + item.size * 0.72 - 0.5,
  };
}

/** Pairs of runs of text drawn over each other on a page, as 'first' × 'second'. */
export function overlappingText(items: TextItem[]): string[] {
  const boxes = items.map((item) => ({ item, ...box(item) })).sort((a, b) => a.left - b.left);
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length && boxes[j].left < boxes[i].right; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      if (a.bottom < b.top && b.bottom < a.top) found.push(`'${a.item.str}' × '${b.item.str}'`);
    }
  }
  return found;
}
