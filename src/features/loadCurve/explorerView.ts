import { addDays, addMonths, EARLIEST_DATE, isValidIso, todayIso, weekdayIndex } from '@/shared/lib/isoDates';
import { lastWeekRange } from '@/shared/measurement/measurementRange';
import type { ExplorerMode, ExplorerView, Granularity } from './explorerTypes';

/**
 * The explorer's view in the URL query (contract: explorer-contract.md), as pure functions: parse answers the
 * view a query asks for, with every bad or impossible value replaced by its default, and serialise writes a view
 * back leaving out what equals the default, so no parameters at all is the spec's opening screen.
 */
const SCALES: Record<string, Granularity> = {
  hora: 'hour',
  dia: 'day',
  semana: 'week',
  mes: 'month',
  anio: 'year',
};
const MODES: Record<string, ExplorerMode> = { energia: 'energy', periodos: 'periods', potencia: 'power' };
const nameOf = <T extends string>(table: Record<string, T>, value: T) =>
  Object.keys(table).find((key) => table[key] === value)!;

const KEYS = ['desde', 'hasta', 'escala', 'vista', 'comparar', 'tabla'] as const;

/** Hour and day keep the spec's 12 months; week, month and year reach 5 years (the server's limits). */
export const rangeMonths = (granularity: Granularity) =>
  granularity === 'hour' || granularity === 'day' ? 12 : 60;

/** Whether [from, to] is a range the scale may ask for (the rules of the form and of the server). */
function rangeFits(from: string, to: string, granularity: Granularity, today: string): boolean {
  if (!isValidIso(from) || !isValidIso(to) || from < EARLIEST_DATE || to > today || from > to) return false;
  const limit = addMonths(to, -rangeMonths(granularity));
  // The load curve's strict reading of 12 months (spec 02 §5); 5 years may start on the limit itself.
  return rangeMonths(granularity) === 12 ? from > limit : from >= limit;
}

export const defaultView = (today = todayIso()): ExplorerView => ({
  ...lastWeekRange(today),
  granularity: 'hour',
  mode: 'energy',
  compare: false,
  table: false,
});

export interface ParsedView {
  view: ExplorerView;
  /** No desde/hasta in the URL: the spec's default query of the opening screen. */
  isDefaultQuery: boolean;
  /** Some parameter was bad: the URL must be replaced by `serialiseExplorerView(view)`. */
  corrected: boolean;
}

export function parseExplorerView(params: URLSearchParams, today = todayIso()): ParsedView {
  const fallback = defaultView(today);
  const granularity = SCALES[params.get('escala') ?? ''] ?? fallback.granularity;
  const from = params.get('desde') ?? '';
  const to = params.get('hasta') ?? '';
  const range = rangeFits(from, to, granularity, today) ? { from, to } : lastWeekRange(today);
  const view: ExplorerView = {
    ...range,
    granularity,
    mode: MODES[params.get('vista') ?? ''] ?? fallback.mode,
    compare: params.get('comparar') === '1',
    table: params.get('tabla') === '1',
  };
  const asked = KEYS.filter((key) => params.has(key))
    .map((key) => `${key}=${params.get(key)}`)
    .sort();
  const written = [...serialiseExplorerView(view, today).entries()].map(([key, value]) => `${key}=${value}`);
  return {
    view,
    isDefaultQuery: !params.has('desde') && !params.has('hasta'),
    corrected: asked.join('&') !== written.sort().join('&'),
  };
}

export function serialiseExplorerView(view: ExplorerView, today = todayIso()): URLSearchParams {
  const fallback = defaultView(today);
  const params = new URLSearchParams();
  if (view.from !== fallback.from || view.to !== fallback.to) {
    params.set('desde', view.from);
    params.set('hasta', view.to);
  }
  if (view.granularity !== fallback.granularity) params.set('escala', nameOf(SCALES, view.granularity));
  if (view.mode !== fallback.mode) params.set('vista', nameOf(MODES, view.mode));
  if (view.compare) params.set('comparar', '1');
  if (view.table) params.set('tabla', '1');
  return params;
}

const yearStart = (iso: string) => `${iso.slice(0, 4)}-01-01`;
const monthStart = (iso: string) => `${iso.slice(0, 7)}-01`;
const monthEnd = (iso: string) => addDays(addMonths(monthStart(iso), 1), -1);
const earlier = (a: string, b: string) => (a < b ? a : b);
const later = (a: string, b: string) => (a > b ? a : b);

/** The metered history the server keeps: from the 1st of the month 3 years ago to yesterday. */
export const meteredHistory = (today = todayIso()) => ({
  from: monthStart(addMonths(today, -36)),
  to: addDays(today, -1),
});

/**
 * The view at another scale. Going down to hour or day keeps Hasta and shortens Desde to the 12-month rule.
 * Choosing Año with a range inside one calendar year would draw a single bar, so it widens the range to the
 * whole metered history (1st of the month 3 years ago to yesterday, what the server keeps).
 */
export function withGranularity(view: ExplorerView, granularity: Granularity, today = todayIso()) {
  let { from } = view;
  const { to } = view;
  if (granularity === 'year' && yearStart(from) === yearStart(to))
    return { ...view, ...meteredHistory(today), granularity };
  if (!rangeFits(from, to, granularity, today)) from = addDays(addMonths(to, -rangeMonths(granularity)), 1);
  return { ...view, from, to, granularity };
}

/** The bucket starting on `date` opened one scale down (a year's months, a month's or week's days, a day's hours). */
export function drillDown(view: ExplorerView, date: string): ExplorerView | null {
  const ends: Partial<Record<Granularity, [Granularity, string]>> = {
    year: ['month', addDays(addMonths(yearStart(date), 12), -1)],
    month: ['day', monthEnd(date)],
    week: ['day', addDays(date, 6 - weekdayIndex(date))],
    day: ['hour', date],
  };
  const step = ends[view.granularity];
  if (!step) return null;
  return { ...view, granularity: step[0], from: later(date, view.from), to: earlier(step[1], view.to) };
}

/** One scale up, around the range's first day: a day's hours -> its month by days -> its year by months -> years. */
export function drillUp(view: ExplorerView, today = todayIso()): ExplorerView | null {
  const yesterday = addDays(today, -1);
  switch (view.granularity) {
    case 'hour':
      return {
        ...view,
        granularity: 'day',
        from: monthStart(view.from),
        to: earlier(monthEnd(view.from), yesterday),
      };
    case 'day':
    case 'week': {
      const end = addDays(addMonths(yearStart(view.from), 12), -1);
      return { ...view, granularity: 'month', from: yearStart(view.from), to: earlier(end, yesterday) };
    }
    case 'month':
      return { ...view, granularity: 'year', ...meteredHistory(today) };
    default:
      return null;
  }
}
