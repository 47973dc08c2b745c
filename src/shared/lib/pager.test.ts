import { pageCount, pagerItems } from './pager';

const shown = (page: number, total: number) =>
  pagerItems(page, total).map((item) => (item.kind === 'page' ? item.page : '…'));

describe('pagerItems', () => {
  it('shows every page when there are five or fewer', () => {
    expect(shown(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(shown(2, 1)).toEqual([1]);
    expect(shown(1, 0)).toEqual([]);
  });

  it('shows first, neighbours and last with an ellipsis per gap', () => {
    expect(shown(1, 10)).toEqual([1, 2, '…', 10]);
    expect(shown(5, 10)).toEqual([1, '…', 4, 5, 6, '…', 10]);
    expect(shown(3, 10)).toEqual([1, 2, 3, 4, '…', 10]);
    expect(shown(10, 10)).toEqual([1, '…', 9, 10]);
  });

  it('counts pages as the ceiling of count over ten', () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
  });
});
