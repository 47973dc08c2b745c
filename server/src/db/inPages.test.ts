import { inPages } from './readPlaces';

/** A table of `count` rows with ids 1..count, read as the pages ask. */
function pagedTable(count: number) {
  const asked: (number | null)[] = [];
  const page = async (after: number | null, limit: number) => {
    asked.push(after);
    const from = after ?? 0;
    return Array.from({ length: Math.max(0, Math.min(limit, count - from)) }, (_, i) => ({
      id: from + i + 1,
    }));
  };
  return { asked, page };
}

it.each([
  [0, [null]],
  [3, [null]],
  [4, [null, 4]], // a full last page asks once more, and gets none
  [9, [null, 4, 8]],
])('reads all %i rows in key order, page after page', async (count, pagesAsked) => {
  const { asked, page } = pagedTable(count);
  const rows = await inPages(page, (row) => row.id, 4);
  expect(rows.map((row) => row.id)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  expect(asked).toEqual(pagesAsked);
});
