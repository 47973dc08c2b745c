import type { ExplorerView } from './explorerTypes';
import {
  defaultView,
  drillDown,
  drillUp,
  parseExplorerView,
  serialiseExplorerView,
  withGranularity,
} from './explorerView';

const TODAY = '2026-11-24';
const parse = (query: string) => parseExplorerView(new URLSearchParams(query), TODAY);
const view = (changes: Partial<ExplorerView>): ExplorerView => ({ ...defaultView(TODAY), ...changes });

describe('the explorer view in the URL', () => {
  it('opens on the spec screen without parameters: 7 days to yesterday, hourly energy chart', () => {
    expect(parse('')).toEqual({
      view: {
        from: '2026-11-17',
        to: '2026-11-23',
        granularity: 'hour',
        mode: 'energy',
        compare: false,
        table: false,
      },
      isDefaultQuery: true,
      corrected: false,
    });
    expect(serialiseExplorerView(defaultView(TODAY), TODAY).toString()).toBe('');
  });

  it.each([
    view({ from: '2026-01-01', to: '2026-10-31', granularity: 'day', mode: 'periods', compare: true }),
    view({ from: '2022-01-01', to: '2026-11-23', granularity: 'year', mode: 'power', table: true }),
    view({ from: '2026-03-29', to: '2026-03-29', granularity: 'hour', compare: true }),
    view({ from: '2025-11-24', to: '2026-11-23', granularity: 'week' }),
  ])('round-trips %o', (shown) => {
    const query = serialiseExplorerView(shown, TODAY).toString();
    expect(parse(query)).toEqual({ view: shown, isDefaultQuery: false, corrected: false });
  });

  it('writes the Spanish names of the contract', () => {
    const shown = view({
      from: '2026-01-01',
      to: '2026-06-30',
      granularity: 'month',
      mode: 'periods',
      compare: true,
      table: true,
    });
    expect(serialiseExplorerView(shown, TODAY).toString()).toBe(
      'desde=2026-01-01&hasta=2026-06-30&escala=mes&vista=periodos&comparar=1&tabla=1',
    );
  });

  it.each([
    ['escala=decada', ''],
    ['vista=colores&escala=dia', 'escala=dia'],
    ['comparar=si', ''],
    ['desde=2026-02-30&hasta=2026-03-10', ''],
    ['desde=2026-03-10&hasta=2026-03-01', ''],
    ['desde=2026-03-10&hasta=2026-12-01', ''],
    // 12 months is too long by day (strict, spec 02 §5), but fits by month.
    ['desde=2025-03-01&hasta=2026-03-01&escala=dia', 'escala=dia'],
    ['desde=2020-01-01&hasta=2026-03-01&escala=mes', 'escala=mes'],
  ])('corrects %s to %s', (query, fixed) => {
    const parsed = parse(query);
    expect(parsed.corrected).toBe(true);
    expect(serialiseExplorerView(parsed.view, TODAY).toString()).toBe(fixed);
  });

  it('keeps a 12-month range by month and ignores parameters it does not own', () => {
    expect(parse('desde=2025-03-01&hasta=2026-03-01&escala=mes&otro=1').corrected).toBe(false);
  });
});

describe('scales and drill-down', () => {
  it('widens Año on a range inside one year to the metered history', () => {
    expect(withGranularity(view({}), 'year', TODAY)).toMatchObject({
      from: '2023-11-01',
      to: '2026-11-23',
      granularity: 'year',
    });
  });

  it('cuts a long range to 12 months when going down to days', () => {
    const long = view({ from: '2023-11-01', to: '2026-11-23', granularity: 'month' });
    expect(withGranularity(long, 'day', TODAY)).toMatchObject({ from: '2025-11-24', to: '2026-11-23' });
    expect(withGranularity(long, 'week', TODAY)).toMatchObject({ from: '2023-11-01', to: '2026-11-23' });
  });

  it('opens a year into months, a month into days, a week into days, a day into hours, within the range', () => {
    const years = view({ from: '2023-11-01', to: '2026-11-23', granularity: 'year' });
    expect(drillDown(years, '2023-11-01')).toMatchObject({
      granularity: 'month',
      from: '2023-11-01',
      to: '2023-12-31',
    });
    expect(drillDown(years, '2026-01-01')).toMatchObject({
      granularity: 'month',
      from: '2026-01-01',
      to: '2026-11-23',
    });
    const months = view({ from: '2026-01-01', to: '2026-11-23', granularity: 'month' });
    expect(drillDown(months, '2026-02-01')).toMatchObject({
      granularity: 'day',
      from: '2026-02-01',
      to: '2026-02-28',
    });
    const weeks = view({ from: '2026-03-01', to: '2026-03-31', granularity: 'week' });
    expect(drillDown(weeks, '2026-03-02')).toMatchObject({
      granularity: 'day',
      from: '2026-03-02',
      to: '2026-03-08',
    });
    expect(drillDown(view({ granularity: 'day' }), '2026-11-20')).toMatchObject({
      granularity: 'hour',
      from: '2026-11-20',
      to: '2026-11-20',
    });
    expect(drillDown(view({}), '2026-11-20')).toBeNull();
  });

  it('goes back up a level around the first day, never past yesterday', () => {
    expect(drillUp(view({ from: '2026-11-20', to: '2026-11-20' }), TODAY)).toMatchObject({
      granularity: 'day',
      from: '2026-11-01',
      to: '2026-11-23',
    });
    expect(drillUp(view({ from: '2026-02-01', to: '2026-02-28', granularity: 'day' }), TODAY)).toMatchObject({
      granularity: 'month',
      from: '2026-01-01',
      to: '2026-11-23',
    });
    expect(
      drillUp(view({ from: '2025-02-01', to: '2025-12-31', granularity: 'month' }), TODAY),
    ).toMatchObject({ granularity: 'year', from: '2023-11-01', to: '2026-11-23' });
    expect(drillUp(view({ granularity: 'year' }), TODAY)).toBeNull();
  });
});
