import type { Point, SeriesColumnOptions, SeriesLineOptions } from 'highcharts';
import { madridHourStart } from '@/shared/lib/dates';
import { chartSummary, chartTable } from '@/shared/ui/chartTable';
import {
  COMPARISON_BAR_COLOUR,
  EXCEEDED_COLOUR,
  STEPPED_FROM_BUCKETS,
  buildExplorerChartOptions,
  periodColours,
} from './explorerChart';
import type { PeriodCode } from './explorerTypes';
import { PERIODS_20TD, answerOf, dailySeries, hourlySeries, view } from './explorerTestData';

type Drawn = Omit<SeriesLineOptions, 'type'> & Omit<SeriesColumnOptions, 'type'> & { type: string };
const HOUR = 3_600_000;

const seriesOf = (options: ReturnType<typeof buildExplorerChartOptions>) => options.series as Drawn[];
const pairs = (series: Drawn) => series.data as [number, number | null][];

/** Calls a Highcharts callback as Highcharts would, on a point of `index`. */
const asPoint = (index: number, extra: object = {}) => ({ index, ...extra }) as unknown as Point;

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('buildExplorerChartOptions, energy', () => {
  const october = hourlySeries([
    { date: '2026-10-24', hours: 24 },
    { date: '2026-10-25', hours: 25 },
    { date: '2026-10-26', hours: 24 },
  ]);

  it('draws hours as lines: active energy orange and surplus grey, in kW', () => {
    const options = buildExplorerChartOptions(answerOf(october), view());
    expect(seriesOf(options).map((s) => [s.type, s.name, s.color])).toEqual([
      ['line', 'Energía activa', '#f28c28'],
      ['line', 'Excedentes', '#7b8494'],
    ]);
    expect(options.yAxis).toMatchObject({ title: { text: 'kW' }, min: 0 });
    expect(options.tooltip).toMatchObject({ valueSuffix: ' kW', shared: true });
    expect(options.time?.timezone).toBe('Europe/Madrid');
    expect(options.title?.text).toBe('Consumo horario');
  });

  it('totals the hours in kWh, not kW, in its table and summary (DECISIONS "Units")', () => {
    const table = chartTable(buildExplorerChartOptions(answerOf(october), view()));
    expect(table.units).toEqual(['kW', 'kW']);
    expect(table.totalUnits).toEqual(['kWh', 'kWh']);
    expect(chartSummary(table)).toMatch(/total [\d.,]+ kWh, valor más alto [\d.,]+ kW \(/);
  });

  it('sends the 25-hour October day as plain numbers one hour apart in UTC, no object per hour', () => {
    const [active] = seriesOf(buildExplorerChartOptions(answerOf(october), view()));
    expect(active.pointStart).toBe(Date.UTC(2026, 9, 23, 22));
    expect(active.pointInterval).toBe(HOUR);
    expect(active.data).toHaveLength(24 + 25 + 24);
    expect(active.data).toEqual(october.active);
    // The last hour of the 25-hour day ends at local midnight, 23:00 UTC in winter time.
    expect(Number(active.pointStart) + (24 + 25) * HOUR).toBe(Date.UTC(2026, 9, 25, 23));
  });

  it('keeps the 23-hour March day continuous', () => {
    const march = hourlySeries([
      { date: '2026-03-29', hours: 23 },
      { date: '2026-03-30', hours: 24 },
    ]);
    const [active] = seriesOf(buildExplorerChartOptions(answerOf(march), view()));
    expect(active.pointStart).toBe(Date.UTC(2026, 2, 28, 23));
    expect(active.data).toHaveLength(47);
    expect(Number(active.pointStart) + 23 * HOUR).toBe(Date.UTC(2026, 2, 29, 22));
  });

  it('places hours with a gap between them by their instants', () => {
    const gap = hourlySeries([
      { date: '2026-10-24', hours: 24 },
      { date: '2026-10-26', hours: 24 },
    ]);
    const [active] = seriesOf(buildExplorerChartOptions(answerOf(gap), view()));
    expect(active.pointStart).toBeUndefined();
    expect(pairs(active)[24]).toEqual([Date.UTC(2026, 9, 25, 23), 0.1]);
  });

  it('adds net energy (import minus surplus) for a self-consumption contract, below zero if need be', () => {
    const answer = answerOf(october);
    answer.contract.selfConsumption = true;
    answer.series.surplus[0] = 0.5;
    const options = buildExplorerChartOptions(answer, view());
    const net = seriesOf(options)[2];
    expect(net.name).toBe('Energía neta');
    expect((net.data as number[])[0]).toBe(-0.4);
    expect((net.data as number[])[9]).toBe(0.9);
    expect(options.yAxis).not.toHaveProperty('min');
  });

  it('draws days as columns at local midnight, in kWh', () => {
    const days = dailySeries(['2026-10-24', '2026-10-25', '2026-10-26']);
    const options = buildExplorerChartOptions(answerOf(days), view({ granularity: 'day' }));
    const [active, surplus] = seriesOf(options);
    expect([active.type, surplus.type]).toEqual(['column', 'column']);
    // 23:00 UTC after the 25-hour day, not 22:00: days are placed by their starts, not a fixed step.
    expect(pairs(active).map(([time]) => time)).toEqual([
      Date.UTC(2026, 9, 23, 22),
      Date.UTC(2026, 9, 24, 22),
      Date.UTC(2026, 9, 25, 23),
    ]);
    expect(options.yAxis).toMatchObject({ title: { text: 'kWh' } });
    expect(options.plotOptions?.column?.stacking).toBeUndefined();
    expect(options.title?.text).toBe('Consumo diario');
  });

  it('turns off what a year of hours does not need', () => {
    const { plotOptions, accessibility } = buildExplorerChartOptions(answerOf(october), view());
    // The gaps of the period lines get no hidden stand-in element each.
    expect(accessibility?.point?.describeNull).toBe(false);
    expect(plotOptions?.series).toMatchObject({
      animation: false,
      marker: { enabled: false },
      dataLabels: { enabled: false },
      stickyTracking: true,
    });
    // A year's day is a bar a few pixels wide: no rounded corners to compute.
    expect(plotOptions?.column).toMatchObject({ borderWidth: 0, borderRadius: 0 });
  });
});

describe('buildExplorerChartOptions, tariff periods', () => {
  it('stacks the days by period, each named as on the bill with its own colour', () => {
    const days = dailySeries(['2026-10-24', '2026-10-25']);
    const options = buildExplorerChartOptions(answerOf(days), view({ granularity: 'day', mode: 'periods' }));
    const series = seriesOf(options);
    expect(options.plotOptions?.column?.stacking).toBe('normal');
    expect(series.map((s) => [s.type, s.name])).toEqual([
      ['column', 'P1 Punta'],
      ['column', 'P2 Llano'],
      ['column', 'P3 Valle'],
    ]);
    expect(pairs(series[0]).map(([, value]) => value)).toEqual([1, 2]);
    expect(series.map((s) => s.color)).toEqual(periodColours(3));
    expect(options.title?.text).toBe('Consumo diario por periodo tarifario');
  });

  it('draws more than 100 stacked buckets (a year of days) as stepped areas, fewer as bars', () => {
    const datesFrom = (count: number) =>
      Array.from({ length: count }, (_, day) =>
        new Date(Date.UTC(2025, 10, 24 + day)).toISOString().slice(0, 10),
      );
    const byPeriod = (count: number) =>
      buildExplorerChartOptions(
        answerOf(dailySeries(datesFrom(count))),
        view({ granularity: 'day', mode: 'periods' }),
      );
    const year = byPeriod(365);
    expect(
      seriesOf(year).map((s) => {
        const { type, step, trackByArea } = s as { type: string; step?: string; trackByArea?: boolean };
        return [type, step, trackByArea];
      }),
    ).toEqual([
      ['area', 'center', true],
      ['area', 'center', true],
      ['area', 'center', true],
    ]);
    expect(year.plotOptions?.area?.stacking).toBe('normal');
    // Still one value per day, and the table adds the periods of each day up as it does for bars.
    expect(pairs(seriesOf(year)[0])).toHaveLength(365);
    expect(chartTable(year).stacked).toBe(true);
    expect(seriesOf(byPeriod(STEPPED_FROM_BUCKETS)).map((s) => s.type)).toEqual([
      'column',
      'column',
      'column',
    ]);
    // The energy view keeps its bars side by side: areas would hide one behind the other.
    const energy = buildExplorerChartOptions(
      answerOf(dailySeries(datesFrom(365))),
      view({ granularity: 'day', mode: 'energy' }),
    );
    expect(new Set(seriesOf(energy).map((s) => s.type))).toEqual(new Set(['column']));
  });

  it('gives periods colours that differ in lightness, darkest first', () => {
    for (const count of [2, 3, 6]) {
      const levels = periodColours(count).map(luminance);
      expect(levels).toHaveLength(count);
      levels.slice(1).forEach((level, index) => expect(level).toBeGreaterThan(levels[index] * 1.3));
    }
  });

  it('colours the hourly line by period: one dashed style a period, runs joined, joints out of the tooltip', () => {
    const day = hourlySeries([{ date: '2026-10-26', hours: 24 }]);
    const options = buildExplorerChartOptions(answerOf(day), view({ mode: 'periods' }));
    const [p1, p2, p3] = seriesOf(options);
    expect([p1, p2, p3].map((s) => [s.type, s.name])).toEqual([
      ['line', 'P1 Punta'],
      ['line', 'P2 Llano'],
      ['line', 'P3 Valle'],
    ]);
    expect(new Set([p1, p2, p3].map((s) => s.dashStyle)).size).toBe(3);
    const at = (index: number) => day.start[index];
    const HALF = HOUR / 2;
    // Hours 1-8 are P3 (indices 0-7), 9-10 P2 (8, 9), 11-14 P1 (10-13), 15-18 P2, 19-22 P1, 23-24 P2.
    // P3 holds its run, the joint with P2's first hour (marked, so the chart's table leaves it out), then a
    // null that breaks the line.
    expect(pairs(p3)).toEqual([
      ...day.active.slice(0, 8).map((value, index) => [at(index), value]),
      { x: at(8), y: 0.9, custom: { joint: true } },
      [at(8) + HALF, null],
    ]);
    expect(pairs(p2).slice(0, 4)).toEqual([
      [at(8), 0.9],
      [at(9), 1],
      { x: at(10), y: 1.1, custom: { joint: true } },
      [at(10) + HALF, null],
    ]);
    // P2's last run (the day's last two hours) ends the data: no joint after it.
    expect(pairs(p2).slice(-2)).toEqual([
      [at(22), 2.3],
      [at(23), 2.4],
    ]);
    // Every hour is drawn by its own period, and the three lines hold a day and their joints, not 3 x 24 points.
    day.period!.forEach((code, index) =>
      expect(pairs([p1, p2, p3][Number(code[1]) - 1])).toContainEqual([at(index), day.active[index]]),
    );
    const joints = day.period!.filter((code, index) => index > 0 && code !== day.period![index - 1]).length;
    expect([p1, p2, p3].reduce((count, series) => count + pairs(series).length, 0)).toBe(24 + 2 * joints);
    const formatter = (series: Drawn) => series.tooltip!.pointFormatter!;
    const format = (series: Drawn, index: number) =>
      formatter(series).call(
        asPoint(index, {
          x: day.start[index],
          series: { tooltipOptions: { pointFormat: '{series.name}<br/>' } },
          tooltipFormatter: () => `${series.name}: ${day.active[index]} kW<br/>`,
        }),
      );
    expect(format(p3, 8)).toBe('');
    expect(format(p2, 8)).toBe('P2 Llano: 0.9 kW<br/>');
    expect(format(p3, 2)).toBe('P3 Valle: 0.3 kW (Dato estimado)<br/>');
  });
});

describe('buildExplorerChartOptions, dashes where they can be seen', () => {
  const hoursOfDays = (count: number) =>
    hourlySeries(
      Array.from({ length: count }, (_, index) => ({
        date: new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10),
        hours: 24,
      })),
    );
  const dashes = (days: number) => {
    const hours = hoursOfDays(days);
    const comparison = {
      from: '2025-01-01',
      to: '2025-12-31',
      cutoff: hours.date[hours.date.length - 1],
      series: { ...hours, shiftedStart: hours.start },
      currentKwh: 1,
      previousKwh: 1,
      differenceKwh: 0,
      differencePercent: 0,
    };
    const options = buildExplorerChartOptions(
      answerOf(hours, { comparison }),
      view({ mode: 'periods', compare: true }),
    );
    return seriesOf(options).map((series) => series.dashStyle);
  };

  it('dashes the period lines and last year up to a month of hours', () => {
    expect(dashes(31)).toEqual(['Solid', 'ShortDash', 'ShortDot', 'ShortDash']);
  });

  it('draws a year of hours solid: a dash is lost in several hours a pixel, and costs 100 ms of painting', () => {
    expect(dashes(365)).toEqual(['Solid', 'Solid', 'Solid', 'Solid']);
  });
});

describe('buildExplorerChartOptions, year against year', () => {
  const days = dailySeries(['2026-03-01', '2026-03-02']);
  const earlier = dailySeries(['2025-03-01', '2025-03-02']);
  const comparison = {
    from: '2025-03-01',
    to: '2025-03-02',
    cutoff: '2026-03-02',
    series: { ...earlier, shiftedStart: days.start, active: [4, 5] },
    currentKwh: 13,
    previousKwh: 9,
    differenceKwh: 4,
    differencePercent: 44.4,
  };
  const answer = answerOf(days, { comparison });

  it('draws the earlier year at its shifted starts, lighter, named "Año anterior"', () => {
    const series = seriesOf(buildExplorerChartOptions(answer, view({ granularity: 'day', compare: true })));
    const previous = series[series.length - 1];
    expect(previous).toMatchObject({ type: 'column', name: 'Año anterior', color: COMPARISON_BAR_COLOUR });
    expect(pairs(previous)).toEqual([
      [days.start[0], 4],
      [days.start[1], 5],
    ]);
  });

  it('draws it as a dashed line over the period stacks and over hours', () => {
    const stacked = seriesOf(
      buildExplorerChartOptions(answer, view({ granularity: 'day', mode: 'periods', compare: true })),
    );
    expect(stacked[stacked.length - 1]).toMatchObject({
      type: 'line',
      name: 'Año anterior',
      dashStyle: 'ShortDash',
    });
    expect(stacked).toHaveLength(4);
  });

  it('leaves it out when the view does not compare', () => {
    const series = seriesOf(buildExplorerChartOptions(answer, view({ granularity: 'day' })));
    expect(series.map((s) => s.name)).not.toContain('Año anterior');
  });
});

describe('buildExplorerChartOptions, power', () => {
  const power = (code: PeriodCode, maxKw: number, contractedKw: number) => ({
    code,
    label: PERIODS_20TD.find((period) => period.code === code)!.label,
    maxKw,
    maxDate: '2026-10-26',
    maxHour: 20,
    maxStart: madridHourStart('2026-10-26', 20),
    contractedKw,
    exceeded: maxKw > contractedKw,
  });
  const answer = answerOf(dailySeries(['2026-10-26']), {
    power: [power('P1', 5.2, 4.6), power('P2', 3, 4.6), power('P3', 1.5, 4.6)],
  });

  it('shows the highest power of each period beside the contracted one, and marks it "Superada" when over', () => {
    const options = buildExplorerChartOptions(answer, view({ mode: 'power', granularity: 'day' }));
    expect(options.xAxis).toMatchObject({ categories: ['P1 Punta', 'P2 Llano', 'P3 Valle'] });
    const [maxima, contracted] = seriesOf(options);
    expect([maxima.name, contracted.name]).toEqual(['Potencia máxima', 'Potencia contratada']);
    expect(contracted.data).toEqual([4.6, 4.6, 4.6]);
    expect(maxima.data).toEqual([
      {
        y: 5.2,
        color: EXCEEDED_COLOUR,
        dataLabels: expect.objectContaining({ enabled: true, format: 'Superada' }),
      },
      { y: 3 },
      { y: 1.5 },
    ]);
    expect(options.yAxis).toMatchObject({ title: { text: 'kW' } });
  });
});

describe('buildExplorerChartOptions, drill-down', () => {
  const days = dailySeries(['2026-10-24', '2026-10-25', '2026-10-26']);

  it("hands the clicked bucket's date to onPointSelect (Enter on a focused point fires the same click)", () => {
    const chosen: string[] = [];
    const options = buildExplorerChartOptions(answerOf(days), view({ granularity: 'day' }), (date) =>
      chosen.push(date),
    );
    const [active] = seriesOf(options);
    const click = active.point!.events!.click as unknown as (this: Point) => void;
    click.call(asPoint(1, { x: days.start[1] }));
    expect(chosen).toEqual(['2026-10-25']);
  });

  it('wires no click without a handler', () => {
    const [active] = seriesOf(buildExplorerChartOptions(answerOf(days), view({ granularity: 'day' })));
    expect(active.point).toBeUndefined();
  });

  it('counts the estimated hours of a bucket in its tooltip', () => {
    const [active] = seriesOf(buildExplorerChartOptions(answerOf(days), view({ granularity: 'day' })));
    const line = active.tooltip!.pointFormatter!.call(
      asPoint(0, {
        x: days.start[0],
        series: { tooltipOptions: { pointFormat: '' } },
        tooltipFormatter: () => 'Energía activa: 6 kWh<br/>',
      }),
    );
    expect(line).toBe('Energía activa: 6 kWh (2 horas estimadas)<br/>');
  });
});
